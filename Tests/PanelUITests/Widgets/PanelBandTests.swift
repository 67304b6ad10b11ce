import Testing
@testable import PanelUI

/// The painter draws a clip as bands of rows cut at the items' edges: the bands must cover
/// the clip exactly once, each item must land in one band so none is drawn twice, and a band
/// takes rows until it holds `PanelPainter.bandBytes`.
struct PanelBandTests {
    let layout: PanelLayout

    init() throws {
        let description = try PanelDescription.parse(PanelGoldenTests.longList, file: "long.yml", fileExists: { _ in true })
        layout = PanelLayout(description: description, logicalSize: Size(width: 800, height: 480))
    }

    /// Where the painter draws each item: the title, and the headers and rows moved as the
    /// list is scrolled, where they show under the title.
    func itemFrames(dy: Int) -> [Rect] {
        var frames = layout.titleFrame.map { [$0] } ?? []
        for section in layout.sections {
            frames += section.headerFrame.map { [$0.offsetBy(dx: 0, dy: dy)] } ?? []
            frames += section.rows.map { $0.frame.offsetBy(dx: 0, dy: dy) }
        }
        return frames.enumerated().map { $0.offset == 0 ? $0.element : $0.element.intersection(layout.viewport) }
    }

    func expectTiling(_ bands: [Rect], of clip: Rect) {
        #expect(bands.first?.minY == clip.minY && bands.last?.maxY == clip.maxY, "bands span \(clip)")
        for (upper, lower) in zip(bands, bands.dropFirst()) {
            #expect(upper.maxY == lower.minY, "\(upper) and \(lower) neither overlap nor leave a gap")
        }
        #expect(bands.allSatisfy { $0.minX == clip.minX && $0.width == clip.width && $0.height > 0 })
    }

    @Test(arguments: [0, -37, -150])
    func fullFrameBandsHoldOneItemEach(dy: Int) {
        let clip = Rect(x: 0, y: 0, width: 800, height: 480)
        let bands = PanelPainter.bands(of: layout, dy: dy, clip: clip)
        expectTiling(bands, of: clip)
        for frame in itemFrames(dy: dy) where frame.intersects(clip) {
            let holding = bands.filter { $0.intersects(frame) }
            #expect(holding.count == 1, "\(frame) is in \(holding.count) bands: \(holding)")
        }
        // A band running from one row's top to another's was cut at the first row edge once it
        // held the budget: 245 px of 800 px rows, at 4 bytes a pixel.
        let height = PanelPainter.bandBytes / (4 * clip.width)
        let rows = layout.sections.flatMap { $0.rows.map { $0.frame.offsetBy(dx: 0, dy: dy) } }
        let rowBands = bands.filter { band in rows.contains { $0.minY == band.minY } && rows.contains { $0.minY == band.maxY } }
        for band in rowBands {
            let last = rows.first { $0.maxY == band.maxY }!
            #expect(band.height >= height && band.height - last.height < height, "\(band) holds \(band.height) px of rows, not the first edge past \(height)")
        }
        if dy == 0 { #expect(!rowBands.isEmpty) }
    }

    /// A dense list (15 rows of 64 px in one group) goes two rows to a band on a 1080p screen
    /// (983 KB of pixels) and one row to a band on a 4K screen.
    @Test(arguments: [(1920, 2), (3840, 1)])
    func rowsPerBandFollowTheBytes(width: Int, rowsPerBand: Int) throws {
        let yaml = "title: Dense\ntheme: {row_height: 64}\nsections:\n  - title: Rows\n    controls:\n"
            + (0..<15).map { "      - {id: c\($0), kind: switch, label: Row \($0)}\n" }.joined()
        let description = try PanelDescription.parse(yaml, file: "dense.yml", fileExists: { _ in true })
        let dense = PanelLayout(description: description, logicalSize: Size(width: width, height: 1200))
        let clip = Rect(x: 0, y: 0, width: width, height: 1200)
        let rows = dense.sections[0].rows.map(\.frame)
        #expect(rows.allSatisfy { $0.height == 64 })
        let bands = PanelPainter.bands(of: dense, dy: 0, clip: clip)
        expectTiling(bands, of: clip)
        let rowBands = bands.filter { band in rows.contains { $0.minY == band.minY } }
        let expected = stride(from: 0, to: rows.count, by: rowsPerBand).map { first in
            Rect(x: 0, y: rows[first].minY, width: width, height: rows[min(first + rowsPerBand, rows.count) - 1].maxY - rows[first].minY)
        }
        #expect(rowBands == expected)
    }

    /// A damage rectangle is cut only where a header's edge crosses it: its rows are far under
    /// a band's bytes.
    @Test func damageRectBands() throws {
        let row = layout.sections[0].rows[2].frame
        let inside = Rect(x: 20, y: row.minY + 4, width: 48, height: 40)
        #expect(PanelPainter.bands(of: layout, dy: 0, clip: inside) == [inside])
        let across = Rect(x: 100, y: row.minY - 10, width: 30, height: 20)
        #expect(PanelPainter.bands(of: layout, dy: 0, clip: across) == [across])
        let header = try #require(layout.sections[0].headerFrame)
        let overHeader = Rect(x: 100, y: header.maxY - 10, width: 30, height: 20)
        let bands = PanelPainter.bands(of: layout, dy: 0, clip: overHeader)
        expectTiling(bands, of: overHeader)
        #expect(bands.map(\.minY) == [overHeader.minY, header.maxY])
    }
}
