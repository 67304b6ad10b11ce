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

    static func render(theme: String, size: Size = Size(width: 800, height: 800), pressing option: Int = 0) throws -> PixelBuffer {
        let description = try PanelDescription.parse(yaml(theme: theme), file: "theme.yml", fileExists: { _ in true })
        var model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size))
        // A finger on a radio option: the pressed look.
        let target = model.layout.targets.count - 3 + option
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: model.layout.targets[target].frame.center), at: 0)
        let buffer = PixelBuffer(size: size)
        try PanelPainter(description: description, fonts: FontCache()).draw(model, at: 0, into: buffer, clip: buffer.bounds)
        return buffer
    }

    @Test(arguments: themes)
    func themedPanel(name: String, theme: String) throws {
        expectGolden(try Self.render(theme: theme), named: "panels/theme-\(name)")
    }
}
