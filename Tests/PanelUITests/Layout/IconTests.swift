import Testing
@testable import PanelUI

/// `icon:` on any kind: a picture before the label, scaled to the row, the section's labels
/// moved past the icon column; faded with a disabled row; partial repaint equal to full.
struct IconTests {
    static let folder: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Fixtures/images"
    }()

    static let yaml = """
    title: Icons
    sections:
      - title: Home
        controls:
          - {id: wifi, kind: switch, label: Wi-Fi, icon: checkbox-on.png, default: true}
          - {id: lamp, kind: checkbox, label: Lamp}
          - {id: ip, kind: value, label: IP address, icon: checkbox-off.png, default: 10.0.0.7}
          - {id: off, kind: switch, label: Disabled, icon: checkbox-on.png, enabled: false}
    """

    let fonts = FontCache()

    func panel() throws -> (PanelModel, PanelPainter) {
        let description = try PanelDescription.parse(Self.yaml, file: Self.folder + "/icons.yml", fileExists: { _ in true })
        var images: [String: Image] = [:]
        for reference in description.imageReferences { images[reference.path] = try Image.load(path: reference.path) }
        let model = PanelModel(description: description,
                               layout: PanelLayout(description: description, logicalSize: Size(width: 800, height: 480), fonts: fonts))
        return (model, try PanelPainter(description: description, fonts: fonts, images: images))
    }

    @Test func iconsStandBeforeTheLabelsInTheirOwnColumn() throws {
        let (m, _) = try panel()
        let rows = m.layout.sections[0].rows
        let icon = try #require(rows[0].iconFrame)
        #expect(icon.width == PanelLayout.iconSize(rowHeight: m.layout.metrics.rowHeight) && icon.width == icon.height)
        #expect(rows[1].iconFrame == nil, "the lamp has none")
        #expect(Set(rows.map(\.labelX)).count == 1, "one label column")
        #expect(icon.minX > rows[1].controlFrame.maxX, "after the checkbox column")
        #expect(rows[0].labelX >= icon.maxX + m.layout.metrics.labelGap)
        #expect(icon.centerY == rows[0].frame.centerY)
        #expect(m.description.imageReferences.map(\.path).contains(Self.folder + "/checkbox-on.png"))
    }

    @Test func anIconTooLargeForItsRowIsRefused() {
        let sizes = PanelLayout.widgetSizes(ofImagesIn: try! PanelDescription.parse(Self.yaml, file: Self.folder + "/icons.yml",
                                                                                   fileExists: { _ in true }))
        let side = PanelLayout.iconSize(rowHeight: 64 * 4)  // scale auto: the largest factor
        #expect(sizes[Self.folder + "/checkbox-off.png"] == Size(width: side, height: side), "the value row's icon only")
    }

    @Test func iconsDrawnAndRepaintedExactly() throws {
        var (m, painter) = try panel()
        let frame = PixelBuffer(size: m.layout.logicalSize)
        painter.draw(m, at: 0, into: frame, clip: frame.bounds)
        expectGolden(frame, named: "panels/icons")
        _ = m.takeDamage(previousFrame: 0, now: 0)
        _ = m.handle(PanelTouch(phase: .down, slot: 0, position: m.layout.targets[0].frame.center), at: 0)
        _ = m.handle(PanelTouch(phase: .up, slot: 0, position: m.layout.targets[0].frame.center), at: 0.05)
        _ = m.setValue(.text("192.168.1.2"), ofControl: 2, animated: false, at: 0.05)
        var previous = 0.0
        for step in 1...20 {
            let now = Double(step) / 60
            for rect in m.takeDamage(previousFrame: previous, now: now) { painter.draw(m, at: now, into: frame, clip: rect) }
            previous = now
            let full = PixelBuffer(size: m.layout.logicalSize)
            painter.draw(m, at: now, into: full, clip: full.bounds)
            let differing = (0..<frame.pixels.count).filter { frame.pixels[$0] != full.pixels[$0] }.count
            #expect(differing == 0, "at \(now)")
        }
    }
}
