import Testing
@testable import PanelUI

/// The README's second picture: one settings panel using every kind beyond on and off (a
/// slider, a stepper, a page row with its summary, value rows, buttons of both styles, a
/// switch with a detail line), drawn by `PanelPainter` in the light and the dark theme side
/// by side. A golden, so the README can't show what the painters no longer draw.
struct SettingsGalleryGoldenTests {
    static let yaml = """
        title: Living room
        theme: THEME
        sections:
          - title: Display
            controls:
              - {id: level, kind: slider, label: Brightness, min: 0, max: 100, step: 5, unit: "%", default: 60}
              - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 21.5}
              - {id: night, kind: switch, label: Night mode, detail: "22:00 to 06:30", default: true}
          - title: Device
            controls:
              - id: network
                kind: page
                label: Network
                summary: wifi
                sections:
                  - title: Wireless
                    controls:
                      - {id: wifi, kind: switch, label: Wi-Fi, default: true}
              - {id: ip, kind: value, label: IP address, default: 192.168.1.20}
              - {id: fw, kind: value, label: Firmware, default: "2.4.1"}
          - title: Fan
            controls:
              - {id: mode, kind: radio, label: Speed, options: [Auto, Low, High], default: Auto}
          - title: System
            controls:
              - {id: update, kind: button, label: Check for updates}
              - {id: restart, kind: button, label: Restart panel, style: destructive, confirm: "Restart the panel?"}
        """
    static let size = Size(width: 560, height: 1080)

    static func render(theme: String) throws -> PixelBuffer {
        let description = try PanelDescription.parse(yaml.replacingEvery("THEME", with: theme), file: "g.yml", fileExists: { _ in true })
        let fonts = FontCache()
        var model = PanelModel(description: description,
                               layout: PanelLayout(description: description, logicalSize: size, scale: 1, fonts: fonts))
        _ = model.takeDamage(previousFrame: 0, now: 0)
        let buffer = PixelBuffer(size: size)
        try PanelPainter(description: description, fonts: fonts, scale: 1, logicalSize: size).draw(model, at: 0, into: buffer, clip: buffer.bounds)
        return buffer
    }

    @Test func everyKindInTheLightAndTheDarkTheme() throws {
        let light = try Self.render(theme: "light"), dark = try Self.render(theme: "dark")
        let sheet = PixelBuffer(size: Size(width: 2 * Self.size.width, height: Self.size.height))
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width {
                sheet[x, y] = light[x, y]
                sheet[x + Self.size.width, y] = dark[x, y]
            }
        }
        // Each half is the panel itself: no kind drew nothing (the value rows' text, the
        // slider's fill and the destructive button's red are all there).
        #expect(Set((0..<Self.size.width).map { light[$0, Self.size.height / 3] }).count > 2)
        expectGolden(sheet, named: "gallery-settings")
    }
}
