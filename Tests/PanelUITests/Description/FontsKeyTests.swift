import Testing
@testable import PanelUI

/// `theme: {fonts: [...]}`: the font and its fallbacks, looked up like `font:`, located; and
/// the text a panel draws, located, for `TextCoverage`.
@Suite struct FontsKeyTests {
    func parse(_ theme: String, label: String = "Wi-Fi") throws -> PanelDescription {
        try PanelDescription.parse("""
            theme: \(theme)
            sections:
              - title: Network
                controls:
                  - {id: wifi, kind: switch, label: "\(label)"}
            """, file: "/etc/panel/panel.yml", fileExists: { _ in true })
    }

    @Test func fontsNamesTheFontAndItsFallbacks() throws {
        let description = try parse("{fonts: [DejaVuSans.ttf, /usr/share/fonts/a.ttf, fonts/b.ttf]}")
        #expect(description.theme.font == "/etc/panel/DejaVuSans.ttf")
        #expect(description.theme.fallbackFonts == ["/usr/share/fonts/a.ttf", "/etc/panel/fonts/b.ttf"])
        #expect(description.fontReference?.location == SourceLocation(line: 1, column: 17))
        #expect(description.fallbackFontReferences.map(\.location.column) == [33, 57])
        let one = try parse("{fonts: only.ttf}")
        #expect(one.theme.fonts == ["/etc/panel/only.ttf"])
        #expect(try parse("light").theme.fonts == [Theme.defaultFont])
    }

    @Test func fontAndFontsTogetherAreRefused() {
        #expect(throws: DescriptionError.self) { try parse("{font: a.ttf, fonts: [b.ttf]}") }
        #expect(throws: DescriptionError.self) { try parse("{fonts: []}") }
        do {
            _ = try PanelDescription.parse("theme: {fonts: [a.ttf, gone.ttf]}\nsections: [{controls: [{id: a, kind: switch}]}]\n",
                                           file: "p.yml", fileExists: { !$0.hasSuffix("gone.ttf") })
            Issue.record("a missing fallback file was accepted")
        } catch {
            #expect(error.description == "p.yml:1:24: font file 'gone.ttf' not found (looked at ./gone.ttf)")
        }
    }

    /// With a family lookup (the program's fontconfig), an entry that is no file here is a
    /// family name; one the lookup doesn't know is refused where it is written. Without one,
    /// every entry is a file.
    @Test func familyNamesAreLookedUpWhenTheProgramCan() throws {
        let yaml = "theme: {fonts: [DejaVu Sans, b.ttf, Nowhere Sans]}\nsections: [{controls: [{id: a, kind: switch}]}]\n"
        let families = ["DejaVu Sans": "/usr/share/fonts/dejavu.ttf", "Nowhere Sans": "/fonts/nowhere.ttf"]
        let description = try PanelDescription.parse(yaml, file: "/p/panel.yml", fileExists: { $0.hasSuffix(".ttf") },
                                                     fontFamily: { families[$0] })
        #expect(description.theme.fonts == ["/usr/share/fonts/dejavu.ttf", "/p/b.ttf", "/fonts/nowhere.ttf"])
        #expect(description.fallbackFontReferences.map(\.location.column) == [30, 37])
        do {
            _ = try PanelDescription.parse(yaml, file: "/p/panel.yml", fileExists: { $0.hasSuffix(".ttf") }, fontFamily: { _ in nil })
            Issue.record("an unknown family was accepted")
        } catch {
            #expect(error.description == "/p/panel.yml:1:17: 'DejaVu Sans' is neither a font file here nor a font family fontconfig knows (fc-list : family lists the families)")
        }
        do {
            _ = try PanelDescription.parse(yaml, file: "/p/panel.yml", fileExists: { $0.hasSuffix(".ttf") })
            Issue.record("a family name was taken for a file")
        } catch {
            #expect(error.description == "/p/panel.yml:1:17: font file 'DejaVu Sans' not found (looked at /p/DejaVu Sans)")
        }
    }

    /// A label in Chinese with only DejaVu Sans: a warning at the label naming the characters.
    @Test func textNoFontHasIsWarnedWhereItIsWritten() throws {
        let description = try parse("light", label: "中文 Wi-Fi")
        let font = try FontCache().font(paths: description.theme.fonts, pixelSize: 20)
        let warnings = TextCoverage.warnings(description, file: "panel.yml", font: font)
        #expect(warnings.count == 1)
        #expect(warnings.first?.location == SourceLocation(line: 5, column: 41))
        #expect(warnings.first?.message.hasPrefix("the theme's font has no glyph for U+4E2D '中', U+6587 '文': drawn as empty boxes") == true)
        #expect(TextCoverage.warnings(try parse("light"), file: "panel.yml", font: font).isEmpty)
        let stack = try FontCache().font(paths: [dejaVuSans, droidFallback], pixelSize: 20)
        #expect(TextCoverage.warnings(description, file: "panel.yml", font: stack).isEmpty)
    }
}
