import Glibc
import Testing
@testable import PanelUI

/// The fleet of the issue: the demo and a 12-control description on five screens, each at
/// `scale: auto` from its physical size, upright and turned 90°, plus a gallery of wrapped and
/// detailed rows, in each named theme. The goldens are under Golden/screens/ (light) and
/// Golden/screens/THEME/, named by size; the contact sheet of a theme's goldens is also written
/// to docs/screens.png (light) or docs/screens-THEME.png when recording (PANEL_RECORD_GOLDEN=1).
struct ScreensGoldenTests {
    /// The named themes; light's goldens keep their names from before the others had theirs.
    static let themes = ["light", "dark", "high-contrast"]

    /// Screen, physical size in millimetres, what it is.
    static let fleet: [(Size, PhysicalSize)] = [
        (Size(width: 320, height: 240), PhysicalSize(width: 57, height: 43)),      // 2.8" SPI
        (Size(width: 800, height: 480), PhysicalSize(width: 154, height: 86)),     // 7" board
        (Size(width: 1280, height: 800), PhysicalSize(width: 217, height: 136)),   // 10"
        (Size(width: 1920, height: 1080), PhysicalSize(width: 476, height: 268)),  // 21.5" kiosk
        (Size(width: 3840, height: 2160), PhysicalSize(width: 344, height: 194)),  // 15.6" 4K
    ]

    static let twelve = """
    title: Kiosk settings
    sections:
      - title: Network
        controls:
          - {id: wifi, kind: switch, label: Wi-Fi, default: true}
          - {id: bt, kind: checkbox, label: Bluetooth, detail: Paired with 2 devices}
          - {id: eth, kind: switch, label: Wired network}
          - {id: vpn, kind: checkbox, label: VPN, default: true}
      - title: Display
        controls:
          - {id: auto, kind: switch, label: Automatische Helligkeitsanpassung bei Tageslicht, default: true}
          - {id: night, kind: checkbox, label: Night shift}
          - {id: saver, kind: switch, label: Screen saver, detail: After 5 minutes without a touch}
      - title: Sound
        controls:
          - {id: mute, kind: checkbox, label: Mute}
          - {id: clicks, kind: switch, label: Touch sounds, default: true}
          - {id: volume, kind: radio, label: Volume, options: [low, medium, high], default: medium}
      - title: Maintenance
        controls:
          - {id: updates, kind: switch, label: Automatic updates, default: true}
          - {id: logs, kind: checkbox, label: Send diagnostic logs to the vendor every night, enabled: false}
    """

    static let gallery = """
    title: Rows that read well
    sections:
      - title: Wrapped and detailed
        controls:
          - {id: a, kind: switch, label: Short, default: true}
          - {id: b, kind: checkbox, label: "Energiesparmodus während der Nachtstunden automatisch aktivieren", default: true}
          - {id: c, kind: switch, label: "A label far too long for two lines at this width, so the second of them ends in an ellipsis somewhere about here or a little after"}
          - {id: d, kind: checkbox, label: Backups, detail: Every night at 02:00 to the NAS}
          - {id: f, kind: switch, label: Cloud sync, detail: Needs an account on this panel, enabled: false}
          - {id: e, kind: radio, label: Quality, detail: Higher uses more data, options: [standard, high], default: high}
    """

    let fonts = FontCache()

    /// `yaml` drawn in the base `theme`: added to the description's own `theme:` map when it
    /// has one, else as a `theme:` line after the title.
    static func themed(_ yaml: String, _ theme: String) -> String {
        if theme == "light" { return yaml }
        if yaml.contains("\ntheme: {") {
            return yaml.replacing("\ntheme: {", with: "\ntheme: {base: \(theme), ")
        }
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        lines.insert("theme: \(theme)", at: 1)
        return lines.joined(separator: "\n")
    }

    func render(_ yaml: String, screen: Size, physical: PhysicalSize, rotation: Rotation) throws -> PixelBuffer {
        let description = try PanelDescription.parse(yaml, file: "screens.yml", fileExists: { _ in true })
        let scale = ScaleChoice.choose(setting: description.scale, screen: screen, physical: physical, source: "test").factor
        let logical = rotation.logicalSize(forScreen: screen)
        let layout = PanelLayout(description: description, logicalSize: logical, scale: scale, fonts: fonts)
        let model = PanelModel(description: description, layout: layout)
        let buffer = PixelBuffer(size: logical)
        try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: logical)
            .draw(model, at: 0, into: buffer, clip: buffer.bounds)
        return buffer
    }

    @Test(arguments: themes)
    func fleetScreensAndContactSheet(theme: String) throws {
        let folder = theme == "light" ? "screens/" : "screens/\(theme)/"
        var sheetRows: [[PixelBuffer]] = []
        for (name, yaml) in [("demo", DemoPanel.yaml), ("twelve", Self.twelve)] {
            let own = try PanelDescription.parse(yaml, file: "screens.yml", fileExists: { _ in true }).theme
            let drawn = try PanelDescription.parse(Self.themed(yaml, theme), file: "screens.yml", fileExists: { _ in true }).theme
            #expect(drawn.base.rawValue == theme && drawn.rowHeight == own.rowHeight, "\(name) is drawn in \(theme), its own keys kept")
            for rotation in [Rotation.r0, .r90] {
                var row: [PixelBuffer] = []
                for (screen, physical) in Self.fleet {
                    let frame = try render(Self.themed(yaml, theme), screen: screen, physical: physical, rotation: rotation)
                    expectGolden(frame, named: "\(folder)\(name)-\(screen.width)x\(screen.height)-r\(rotation.degrees)")
                    row.append(thumbnail(frame, height: rotation == .r0 ? 240 : 320))
                }
                sheetRows.append(row)
            }
        }
        let galleryFrame = try render(Self.themed(Self.gallery, theme), screen: Size(width: 800, height: 480),
                                      physical: Self.fleet[1].1, rotation: .r0)
        expectGolden(galleryFrame, named: "\(folder)gallery-wrapped-detailed-800x480")
        sheetRows.append([thumbnail(galleryFrame, height: 480)])
        let sheet = contactSheet(sheetRows)
        // The sheet is only the goldens above made small: light's is kept as a check of the
        // thumbnails and the sheet; the other themes' are only written to docs/.
        if theme == "light" { expectGolden(sheet, named: "screens/contact-sheet") }
        if let flag = getenv("PANEL_RECORD_GOLDEN"), String(cString: flag) == "1" {
            var docs = Substring(#filePath)
            for _ in 0..<4 { if let slash = docs.lastIndex(of: "/") { docs = docs[..<slash] } }
            try PNG.write(sheet, to: docs + (theme == "light" ? "/docs/screens.png" : "/docs/screens-\(theme).png"))
        }
    }

    /// `frame` shrunk by a whole factor (box filter) to at most `height` pixels high.
    func thumbnail(_ frame: PixelBuffer, height: Int) -> PixelBuffer {
        let k = max(1, (frame.height + height - 1) / height)
        let out = PixelBuffer(width: frame.width / k, height: frame.height / k)
        for y in 0..<out.height {
            for x in 0..<out.width {
                var r = 0, g = 0, b = 0
                for dy in 0..<k {
                    for dx in 0..<k {
                        let p = Int(frame[x * k + dx, y * k + dy])
                        r += (p >> 16) & 0xFF; g += (p >> 8) & 0xFF; b += p & 0xFF
                    }
                }
                let n = k * k
                out.pixels[y * out.width + x] = 0xFF00_0000 | UInt32((r / n) << 16 | (g / n) << 8 | b / n)
            }
        }
        return out
    }

    /// The thumbnails row by row on a dark grey ground, 16 px apart.
    func contactSheet(_ rows: [[PixelBuffer]]) -> PixelBuffer {
        let gap = 16
        let width = rows.map { $0.reduce(gap) { $0 + $1.width + gap } }.max() ?? gap
        let height = rows.reduce(gap) { $0 + ($1.map(\.height).max() ?? 0) + gap }
        let sheet = PixelBuffer(width: width, height: height, fill: 0xFF3A_3A3C)
        var y = gap
        for row in rows {
            var x = gap
            for image in row {
                for iy in 0..<image.height {
                    for ix in 0..<image.width { sheet.pixels[(y + iy) * width + x + ix] = image[ix, iy] }
                }
                x += image.width + gap
            }
            y += (row.map(\.height).max() ?? 0) + gap
        }
        return sheet
    }
}
