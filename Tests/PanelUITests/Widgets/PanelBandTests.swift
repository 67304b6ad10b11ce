import Testing
@testable import PanelUI

/// The painter draws a clip as bands of rows cut at the items' edges: the bands must cover
/// the clip exactly once, and each item must land in one band so none is drawn twice.
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
        #expect(bands.count > itemFrames(dy: dy).filter { $0.intersects(clip) }.count / 2, "cut at the rows, not one band")
    }

    /// A damage rectangle is cut only where an item's edge crosses it.
    @Test func damageRectBands() {
        let row = layout.sections[0].rows[2].frame
        let inside = Rect(x: 20, y: row.minY + 4, width: 48, height: 40)
        #expect(PanelPainter.bands(of: layout, dy: 0, clip: inside) == [inside])
        let across = Rect(x: 100, y: row.minY - 10, width: 30, height: 20)
        let bands = PanelPainter.bands(of: layout, dy: 0, clip: across)
        expectTiling(bands, of: across)
        #expect(bands.map(\.minY) == [across.minY, row.minY])
    }
}
