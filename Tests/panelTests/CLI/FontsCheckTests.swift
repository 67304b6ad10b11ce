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
