import Testing
@testable import PanelUI

/// One small panel per script, drawn with the fallback stack a multilingual kiosk would name:
/// Arabic joined right to left, Hebrew right to left, Devanagari conjuncts, Thai and
/// Vietnamese marks stacked, Chinese and Japanese from the CJK fallback, Greek. Each golden was
/// looked at, and each of its texts is held, run by run, to hb-shape's glyphs and positions.
struct ScriptGoldenTests {
    static let fonts = [dejaVuSans, notoArabic, notoHebrew, notoDevanagari, notoThai, droidFallback]

    /// Golden name, title, section title, two labels and a detail line.
    static let panels: [(String, String, String, String, String, String)] = [
        ("arabic", "الإعدادات", "الشبكة", "شبكة Wi-Fi اللاسلكية", "مُحَمَّد", "Wi-Fi شبكة 5 GHz"),
        ("hebrew", "הגדרות", "רשת", "רשת אלחוטית Wi-Fi", "בלוטות׳", "5 GHz רשת"),
        ("hindi", "सेटिंग्स", "हिन्दी", "क्षत्रिय", "वाई-फ़ाई नेटवर्क", "स्वचालित अद्यतन"),
        ("thai", "การตั้งค่า", "เครือข่าย", "ไวไฟ", "บลูทูธ", "อัปเดตอัตโนมัติ"),
        ("chinese", "设置", "网络", "无线局域网 Wi-Fi", "蓝牙", "自动更新 5 GHz"),
        ("japanese", "設定", "ネットワーク", "ワイファイ Wi-Fi", "ブルートゥース", "自動アップデート"),
        ("vietnamese", "Cài đặt", "Tiếng Việt", "Mạng không dây", "Chế độ tiết kiệm", "Tự động cập nhật"),
        ("greek", "Ρυθμίσεις", "Δίκτυο", "Ασύρματο δίκτυο", "Εξοικονόμηση ενέργειας", "Αυτόματη ενημέρωση"),
    ]

    static func yaml(_ panel: (String, String, String, String, String, String)) -> String {
        """
        title: "\(panel.1)"
        theme: {fonts: [\(fonts.joined(separator: ", "))]}
        sections:
          - title: "\(panel.2)"
            controls:
              - {id: a, kind: switch, label: "\(panel.3)", default: true}
              - {id: b, kind: checkbox, label: "\(panel.4)", detail: "\(panel.5)"}
        """
    }

    @Test(arguments: panels.map(\.0))
    func scriptPanel(name: String) throws {
        let panel = Self.panels.first { $0.0 == name }!
        let description = try PanelDescription.parse(Self.yaml(panel), file: "\(name).yml", fileExists: { _ in true })
        let size = Size(width: 480, height: 260)
        let cache = FontCache()
        let model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, fonts: cache))
        let buffer = PixelBuffer(size: size)
        try PanelPainter(description: description, fonts: cache).draw(model, at: 0, into: buffer, clip: buffer.bounds)
        expectGolden(buffer, named: "scripts/\(name)")
        // No text of the panel draws a missing-glyph box from any font of the stack.
        let font = try cache.font(paths: description.theme.fonts, pixelSize: description.theme.fontSize)
        for text in [panel.1, panel.2, panel.3, panel.4, panel.5] {
            #expect(font.missingCharacters(in: text).isEmpty, "\(name): \(text)")
            #expect(!font.placed(text).glyphs.contains { $0.glyph.id == 0 }, "\(name): \(text) has a box")
            expectAgreesWithHarfBuzz(text, font: font)
        }
        // The detail line, in the smaller header size, too.
        let detail = try cache.font(paths: description.theme.fonts, pixelSize: PanelLayout(description: description, logicalSize: size).metrics.headerFontSize)
        expectAgreesWithHarfBuzz(panel.5, font: detail)
    }
}
