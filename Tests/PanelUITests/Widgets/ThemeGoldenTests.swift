import Testing
@testable import PanelUI

/// One panel in each named theme (and a base extended by an accent): every kind of widget
/// off, on and disabled, and a finger down on one row, so a theme's look can't drift.
struct ThemeGoldenTests {
    static func yaml(theme: String) -> String {
        """
        title: Settings
        theme: \(theme)
        sections:
          - title: Network
            controls:
              - {id: wifi, kind: switch, label: Wi-Fi, default: true}
              - {id: cellular, kind: switch, label: Cellular}
              - {id: hotspot, kind: switch, label: Hotspot, default: true, enabled: false}
              - {id: bluetooth, kind: checkbox, label: Bluetooth, default: true}
              - {id: airdrop, kind: checkbox, label: AirDrop, enabled: false}
          - title: Power
            controls:
              - {id: mode, kind: radio, label: Power mode, options: [eco, balanced, performance], default: balanced}
        """
    }

    /// Golden name and the theme as written.
    static let themes: [(String, String)] = [
        ("light", "light"), ("dark", "dark"), ("high-contrast", "high-contrast"),
        ("dark-orange", "{base: dark, accent: \"#FF9500\"}"),
    ]

    static func model(theme: String, size: Size = Size(width: 800, height: 800)) throws -> PanelModel {
        let description = try PanelDescription.parse(yaml(theme: theme), file: "theme.yml", fileExists: { _ in true })
        return PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size))
    }

    /// The panel with a finger on each of `pressing` (targets from the end: 1 is the last option).
    static func render(theme: String, size: Size = Size(width: 800, height: 800), pressing fromEnd: [Int] = [3]) throws -> PixelBuffer {
        var model = try model(theme: theme, size: size)
        let description = model.description
        for (slot, back) in fromEnd.enumerated() {
            let target = model.layout.targets.count - back
            _ = model.handle(PanelTouch(phase: .down, slot: slot, position: model.layout.targets[target].frame.center), at: 0)
        }
        let buffer = PixelBuffer(size: size)
        try PanelPainter(description: description, fonts: FontCache()).draw(model, at: 0, into: buffer, clip: buffer.bounds)
        return buffer
    }

    @Test(arguments: themes)
    func themedPanel(name: String, theme: String) throws {
        expectGolden(try Self.render(theme: theme), named: "panels/theme-\(name)")
    }

    /// `pressed: row`: the first row of a group (Wi-Fi) and the last (performance) held, each
    /// highlighted inside its group's rounded corners.
    @Test(arguments: [("light", "{pressed: row}"), ("dark", "{base: dark, pressed: row}")])
    func rowHighlight(name: String, theme: String) throws {
        let targets = try Self.model(theme: theme).layout.targets.count
        expectGolden(try Self.render(theme: theme, pressing: [targets, 1]), named: "panels/theme-\(name)-pressed-row")
    }

    /// With `pressed: row` a press and a release each repaint exactly the row, and repainting
    /// only the damage, through the toggle's animation, gives the pixels of a full repaint.
    @Test(arguments: ["{pressed: row}", "light"])
    func rowHighlightRepaintsTheRow(theme: String) throws {
        var model = try Self.model(theme: theme)
        let painter = try PanelPainter(description: model.description, fonts: FontCache())
        let size = model.layout.logicalSize
        let frame = PixelBuffer(size: size)
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)
        _ = model.takeDamage(previousFrame: 0, now: 0)
        let row = model.layout.targets[1]
        let expected = model.description.theme.pressed == .row ? row.frame : row.pressedFrame
        var previous = 0.0
        for (phase, t) in [(TouchPhase.down, 0.1), (.up, 0.2)] {
            _ = model.handle(PanelTouch(phase: phase, slot: 0, position: row.frame.center), at: t)
            let damage = model.takeDamage(previousFrame: previous, now: t)
            #expect(damage == [expected], "\(phase) at \(t)")
            for rect in damage { painter.draw(model, at: t, into: frame, clip: rect) }
            previous = t
        }
        #expect(model.values[1] == .bool(true), "the tap toggled Cellular")
        for t in stride(from: 0.2 + 1.0 / 60, through: 0.6, by: 1.0 / 60) {
            for rect in model.takeDamage(previousFrame: previous, now: t) { painter.draw(model, at: t, into: frame, clip: rect) }
            previous = t
            let full = PixelBuffer(size: size)
            painter.draw(model, at: t, into: full, clip: full.bounds)
            let differing = (0..<frame.pixels.count).filter { frame.pixels[$0] != full.pixels[$0] }.count
            #expect(differing == 0, "at \(t)")
        }
    }
}
