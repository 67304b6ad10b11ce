import Testing
@testable import PanelUI

/// One scale factor for everything drawn: how `auto` picks it, and that every widget, inset
/// and font follows it while partial repaints still equal full ones.
struct ScaleTests {
    static let yaml = """
    title: Settings
    sections:
      - title: Network
        controls:
          - {id: wifi, kind: switch, label: Wi-Fi, default: true}
          - {id: bt, kind: checkbox, label: Bluetooth}
      - title: Power
        controls:
          - {id: mode, kind: radio, label: Power mode, options: [eco, balanced], default: eco}
    """

    let description: PanelDescription
    let fonts = FontCache()

    init() throws {
        description = try PanelDescription.parse(Self.yaml, file: "scale.yml", fileExists: { _ in true })
    }

    @Test(arguments: [
        (Size(width: 3840, height: 2160), PhysicalSize(width: 344, height: 194), 2.0),   // 15.6" 4K
        (Size(width: 800, height: 480), PhysicalSize(width: 154, height: 86), 1.0),      // 7" board
        (Size(width: 1280, height: 800), PhysicalSize(width: 217, height: 136), 1.0),    // 10" panel
        (Size(width: 1920, height: 1080), PhysicalSize(width: 476, height: 268), 0.75),  // 21.5" kiosk
        (Size(width: 320, height: 240), PhysicalSize(width: 57, height: 43), 1.0),       // 2.8" SPI
        (Size(width: 3840, height: 2160), PhysicalSize(width: 60, height: 34), 4.0),     // clamped
    ])
    func autoMakesA48PixelRowAbout9Millimetres(_ screen: Size, _ physical: PhysicalSize, _ expected: Double) {
        let choice = ScaleChoice.choose(setting: .auto, screen: screen, physical: physical, source: "test")
        #expect(choice.factor == expected, "\(choice.reason)")
    }

    @Test func autoWithoutASizeIsOneAndAGivenFactorWins() {
        let unknown = ScaleChoice.choose(setting: .auto, screen: Size(width: 3840, height: 2160), physical: nil, source: "")
        #expect(unknown.factor == 1)
        #expect(unknown.reason.contains("unknown"))
        let given = ScaleChoice.choose(setting: .auto, override: .fixed(1.5), screen: Size(width: 800, height: 480),
                                       physical: PhysicalSize(width: 344, height: 194), source: "")
        #expect(given.factor == 1.5)
        #expect(given.reason == "--scale 1.5")
        #expect(PhysicalSize(pixels: Size(width: 800, height: 480), dpi: 254).width == 80)
    }

    @Test func descriptionKeysAreCheckedWhereWritten() throws {
        let parsed = try PanelDescription.parse("scale: 2.5\nphysical_size: [344, 194]\ncolumns: 2\n" + Self.yaml, file: "s.yml", fileExists: { _ in true })
        #expect(parsed.scale == .fixed(2.5))
        #expect(parsed.physicalSize == PhysicalSize(width: 344, height: 194))
        #expect(parsed.columns == .fixed(2))
        #expect(description.scale == .auto && description.columns == .auto && description.physicalSize == nil)
        for (bad, expected) in [("scale: 9\n", "s.yml:1:8: 'scale' must be auto or a number from 0.5 to 4"),
                                ("physical_size: [0, 10]\n", "s.yml:1:17: 'physical_size' sides must be millimetres"),
                                ("columns: 4\n", "s.yml:1:10: 'columns' must be auto, 1, 2 or 3")] {
            #expect(throws: DescriptionError.self) { try PanelDescription.parse(bad + Self.yaml, file: "s.yml", fileExists: { _ in true }) }
            do {
                _ = try PanelDescription.parse(bad + Self.yaml, file: "s.yml", fileExists: { _ in true })
            } catch {
                #expect("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }

    /// A label font taller than its row used to be clipped across the separators.
    @Test func aFontTooBigForItsRowIsAnError() {
        let cases = [("theme: {row_height: 48, font_size: 40}\n", "t.yml:1:36: a label font of 40 px does not fit a row of 48 px (at most 34)"),
                     ("sections: [{controls: [{id: a, kind: switch, label_font_size: 60}]}]\n", "t.yml:1:63: a label font of 60 px does not fit a row of 64 px (at most 47)")]
        for (yaml, expected) in cases {
            do {
                _ = try PanelDescription.parse(yaml + (yaml.hasPrefix("sections") ? "" : "sections: [{controls: [{id: a, kind: switch}]}]\n"),
                                               file: "t.yml", fileExists: { _ in true })
                Issue.record("\(yaml) was accepted")
            } catch {
                #expect("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }

    /// The issue's 15.6" 4K panel: every widget is scaled by the same factor as the row.
    @Test func widgetsAllGrowByTheFactor() {
        let one = PanelLayout(description: description, logicalSize: Size(width: 800, height: 600))
        let two = PanelLayout(description: description, logicalSize: Size(width: 3840, height: 2160), scale: 2)
        #expect(two.metrics.rowHeight == 2 * one.metrics.rowHeight)
        #expect(two.metrics.maxContentWidth == 1920)
        for (small, big) in zip(one.targets, two.targets) {
            #expect(abs(big.controlFrame.width - 2 * small.controlFrame.width) <= 1, "\(small.label)")
            #expect(abs(big.controlFrame.height - 2 * small.controlFrame.height) <= 1, "\(small.label)")
            #expect(big.frame.height == 2 * small.frame.height)
            #expect(big.labelX - big.frame.x == 2 * (small.labelX - small.frame.x))
        }
        // Boxes grow with the row like the switch does: no 40 px cap.
        let tall = PanelLayout.controlSize(.checkbox, rowHeight: 128)
        #expect(tall == Size(width: 80, height: 80))
    }

    /// Fonts open at the scaled pixel size: the title at scale 2 is twice as tall as at 1.
    @Test func textIsRasterisedAtTheScaledSize() throws {
        func inkHeight(_ scale: Double, _ size: Size) throws -> Int {
            let layout = PanelLayout(description: description, logicalSize: size, scale: scale)
            let model = PanelModel(description: description, layout: layout)
            let buffer = PixelBuffer(size: size)
            try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size).draw(model, at: 0, into: buffer, clip: buffer.bounds)
            let title = try #require(layout.titleFrame)
            let background = buffer.pixels[0]
            let inked = (title.minY..<title.maxY).filter { y in (0..<size.width).contains { buffer.pixels[y * size.width + $0] != background } }
            return (inked.last ?? 0) - (inked.first ?? 0) + 1
        }
        let one = try inkHeight(1, Size(width: 800, height: 600)), two = try inkHeight(2, Size(width: 1600, height: 1200))
        #expect(abs(two - 2 * one) <= 2, "title ink \(one) px at 1, \(two) px at 2")
    }

    /// At every scale, repainting only the damage gives the full frame's pixels, and a
    /// toggle's damage stays within the control and its label.
    @Test(arguments: [1.0, 1.25, 1.5, 2.0, 3.0])
    func partialRepaintEqualsFullAtEveryScale(_ scale: Double) throws {
        let size = Size(width: Int(800 * scale), height: Int(600 * scale))
        var m = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, scale: scale))
        let painter = try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size)
        let frame = PixelBuffer(size: size)
        painter.draw(m, at: 0, into: frame, clip: frame.bounds)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        var previous = 0.0
        for (index, target) in m.layout.targets.enumerated() {
            let t = Double(index) * 0.6
            _ = m.handle(PanelTouch(phase: .down, slot: 0, position: target.frame.center), at: t)
            _ = m.handle(PanelTouch(phase: .up, slot: 0, position: target.frame.center), at: t + 0.05)
            // A radio option's damage may reach its group's other options, which turn off.
            let rows = m.layout.targets.filter { $0.kind.controlIndex == target.kind.controlIndex }
            let row = rows.dropFirst().reduce(rows[0].frame) { $0.union($1.frame) }
            for now in stride(from: t, through: t + 0.6, by: 1.0 / 30) {
                for rect in m.takeDamage(previousFrame: previous, now: now) {
                    #expect(row.contains(rect), "damage \(rect) leaves row \(row) at scale \(scale)")
                    painter.draw(m, at: now, into: frame, clip: rect)
                }
                previous = now
            }
            let full = PixelBuffer(size: size)
            painter.draw(m, at: previous, into: full, clip: full.bounds)
            let differing = (0..<frame.pixels.count).filter { frame.pixels[$0] != full.pixels[$0] }.count
            #expect(differing == 0, "\(differing) pixels differ after toggling \(target.label) at scale \(scale)")
        }
    }
}

extension ScaleTests {
    /// Wrapped, detailed rows in columns, scrolled under the title (its hairline) and toggled:
    /// the damage repainted alone still gives the full frame's pixels.
    @Test(arguments: [(Size(width: 320, height: 240), 1.0), (Size(width: 1920, height: 1080), 0.75), (Size(width: 3840, height: 2160), 2.0)])
    func partialRepaintWithWrappedRowsColumnsAndScrolling(_ size: Size, _ scale: Double) throws {
        let description = try PanelDescription.parse(ScreensGoldenTests.twelve, file: "t.yml", fileExists: { _ in true })
        var m = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, scale: scale, fonts: fonts))
        let painter = try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size)
        let frame = PixelBuffer(size: size)
        painter.draw(m, at: 0, into: frame, clip: frame.bounds)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        let start = Point(x: Double(size.width) / 2, y: Double(m.layout.viewport.maxY) - 4)
        var events: [(TouchPhase, Point, Double)] = [(.down, start, 0.0)]
        for k in 1...10 { events.append((.motion, Point(x: start.x, y: start.y - Double(k * size.height / 25)), 0.02 * Double(k))) }
        events.append((.up, Point(x: start.x, y: start.y - Double(10 * size.height / 25)), 0.22))
        var previous = 0.0, index = 0
        for (step, now) in stride(from: 0.0, through: 2.5, by: 1.0 / 20).enumerated() {
            while index < events.count, events[index].2 <= now {
                _ = m.handle(PanelTouch(phase: events[index].0, slot: 0, position: events[index].1), at: events[index].2)
                index += 1
            }
            let shift = Point(x: 0, y: -Double(m.scrollOffset(at: now)))
            if abs(now - 1.5) < 0.01, let target = m.layout.targets.first(where: { m.layout.viewport.contains($0.frame.center + shift) }) {
                let p = target.frame.center + shift
                _ = m.handle(PanelTouch(phase: .down, slot: 0, position: p), at: now)
                _ = m.handle(PanelTouch(phase: .up, slot: 0, position: p), at: now)
            }
            for rect in m.takeDamage(previousFrame: previous, now: now) { painter.draw(m, at: now, into: frame, clip: rect) }
            previous = now
            // Compared every eighth frame (a 4K compare is slow); damage accumulates in between.
            guard step % 8 == 0 || now > 2.45 else { continue }
            let full = PixelBuffer(size: size)
            painter.draw(m, at: now, into: full, clip: full.bounds)
            let differing = (0..<frame.pixels.count).filter { frame.pixels[$0] != full.pixels[$0] }.count
            #expect(differing == 0, "\(differing) pixels differ at \(now), \(size) at \(scale)")
            if differing > 0 { return }
        }
    }
}

