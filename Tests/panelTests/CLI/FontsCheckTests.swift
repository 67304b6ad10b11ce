import Glibc
import PanelUI
import Testing
@testable import panel

/// `panel check` and the theme's fonts, through the built binary: text no font has is a
/// located warning (exit 0) naming the characters; a fallback that is not a font is refused
/// where `fonts:` names it (exit 2).
struct FontsCheckTests {
    let folder = TemporaryFolder()

    func check(_ yaml: String) throws -> (ChildProcess.Termination?, String) {
        let path = folder.write(yaml, to: "panel.yml")
        let process = try PanelProcess(["check", "--config", path], log: folder.file("panel.log"))
        let termination = process.wait(seconds: 20)
        return (termination, process.log.trimmingTrailingNewlines)
    }

    /// `panel run` logs the same warnings at start (to the journal on a panel).
    @Test func runLogsTextNoFontCanDraw() throws {
        let path = folder.write("""
            title: Settings
            sections:
              - title: 网络
                controls:
                  - {id: a, kind: switch, label: Wi-Fi}
            """, to: "panel.yml")
        let process = try PanelProcess(["run", "--config", path, "--display", "headless:320x240", "--input", "none",
                                        "--state", folder.file("state.json"), "--screenshot", folder.file("shot.png")],
                                       log: folder.file("run.log"))
        #expect(process.wait(seconds: 20) == .exited(0))
        let lines = process.log.split(separator: "\n").filter { $0.contains("glyph for") }
        #expect(lines.count == 1, "\(process.log)")
        #expect(lines.first?.contains("\(path):3:12: ") == true && lines.first?.contains("U+7F51 '网', U+7EDC '络'") == true,
                "\(process.log)")
    }

    @Test func chineseWithoutACJKFontIsWarnedAbout() throws {
        let (status, log) = try check("""
            title: Settings
            sections:
              - title: 网络
                controls:
                  - {id: a, kind: radio, label: Mode, options: [eco, 日本]}
            """)
        #expect(status == .exited(0))
        let path = folder.file("panel.yml")
        #expect(log == """
            \(path):3:12: warning: the theme's font has no glyph for U+7F51 '网', U+7EDC '络': drawn as empty boxes (add a font that has them to theme: {fonts: [...]}, like DroidSansFallbackFull.ttf for Chinese and Japanese)
            \(path):5:58: warning: the theme's font has no glyph for U+65E5 '日', U+672C '本': drawn as empty boxes (add a font that has them to theme: {fonts: [...]}, like DroidSansFallbackFull.ttf for Chinese and Japanese)
            """)
        let (fine, quiet) = try check("""
            theme: {fonts: [\(Theme.defaultFont), /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf]}
            sections:
              - title: 网络
                controls:
                  - {id: a, kind: radio, label: Mode, options: [eco, 日本]}
            """)
        #expect(fine == .exited(0))
        #expect(quiet == "")
    }

    /// Families through the system's fontconfig: Debian's names for DejaVu Sans and Droid
    /// Sans Fallback find their files; a family it doesn't have is refused where it is written.
    @Test func fontFamiliesAreFoundWithFontconfig() throws {
        let lookup = try #require(FontconfigLookup.shared, "libfontconfig.so.1 could not be loaded")
        #expect(lookup.file(ofFamily: "DejaVu Sans") == Theme.defaultFont)
        #expect(lookup.file(ofFamily: "Droid Sans Fallback")?.hasSuffix("/DroidSansFallbackFull.ttf") == true)
        #expect(lookup.file(ofFamily: "No Such Family Anywhere") == nil)
        let (status, log) = try check("""
            theme: {fonts: [DejaVu Sans, Droid Sans Fallback]}
            sections: [{title: 网络, controls: [{id: a, kind: switch, label: Wi-Fi}]}]
            """)
        #expect(status == .exited(0), "\(log)")
        #expect(log == "")
        let (refused, message) = try check("theme: {fonts: [DejaVu Sans, No Such Family Anywhere]}\nsections: [{controls: [{id: a, kind: switch}]}]\n")
        #expect(refused == .exited(2))
        #expect(message == "\(folder.file("panel.yml")):1:30: 'No Such Family Anywhere' is neither a font file here nor a font family fontconfig knows (fc-list : family lists the families)")
    }

    @Test func aFallbackThatIsNotAFontIsRefusedWhereItIsNamed() throws {
        let notAFont = folder.write("not a font\n", to: "broken.ttf")
        let (status, log) = try check("""
            theme: {fonts: [\(Theme.defaultFont), broken.ttf]}
            sections: [{controls: [{id: a, kind: switch, label: Wi-Fi}]}]
            """)
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):1:\(19 + Theme.defaultFont.count): cannot use font file \(notAFont): not a font FreeType can read (FreeType error 85)")
    }
}
