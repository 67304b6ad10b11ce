import Testing
@testable import PanelUI

/// `direction:`: the first strong character of the title and labels decides `auto`, a written
/// `ltr` or `rtl` wins, and a value that is neither is refused where it was written.
struct TextDirectionTests {
    func direction(_ yaml: String) throws -> TextDirection {
        try PanelDescription.parse(yaml, file: "d.yml", fileExists: { _ in true }).layoutDirection
    }

    @Test func aHebrewTitleReadsRightToLeft() throws {
        #expect(try direction("title: הגדרות\nsections:\n  - controls:\n      - {id: a, kind: switch, label: Wi-Fi}\n") == .rtl)
    }

    @Test func latinFirstWithAnArabicWordLaterReadsLeftToRight() throws {
        let yaml = "title: Settings\nsections:\n  - controls:\n      - {id: a, kind: switch, label: الإعدادات}\n"
        #expect(try direction(yaml) == .ltr)
        #expect(FirstStrong.direction(of: "Wi-Fi شبكة") == .ltr, "the first letter, not the most")
    }

    @Test func digitsOnlyReadLeftToRight() throws {
        let yaml = "title: \"2024 — 12:30\"\nsections:\n  - title: \"1\"\n    controls:\n      - {id: a, kind: switch, label: \"42 %\"}\n"
        #expect(try direction(yaml) == .ltr)
        #expect(FirstStrong.direction(of: "2024 — 12:30 ٣٤") == nil, "Arabic-Indic digits are not strong either")
    }

    /// Neutral text is passed over to the first control whose label has a letter.
    @Test func neutralTextIsPassedOver() throws {
        let yaml = "title: \"123\"\nsections:\n  - title: \"—\"\n    controls:\n      - {id: a, kind: switch, label: \"5 ×\"}\n"
            + "      - {id: b, kind: radio, label: \"%\", options: [\"٣\", عربي]}\n"
        #expect(try direction(yaml) == .rtl, "the option عربي is the first letter")
        let page = "sections:\n  - controls:\n      - {id: p, kind: page, label: \"1\", sections: [{controls: [{id: q, kind: checkbox, label: שלום}]}]}\n"
        #expect(try direction(page) == .rtl, "a page's labels count after its row")
    }

    @Test(arguments: [("Shalom", TextDirection.ltr), ("שלום", .rtl), ("مرحبا", .rtl),
                      ("ܫܠܡܐ", .rtl), ("ދިވެހި", .rtl), ("ߒߞߏ", .rtl), ("Привет", .ltr),
                      ("日本", .ltr), ("  (…) \u{FEFB}", .rtl), ("\u{200F}123 abc", .rtl),
                      ("\u{200E}שלום", .ltr), ("\u{05B0}abc", .ltr)])
    func firstStrongCharacter(_ text: String, _ expected: TextDirection) {
        #expect(FirstStrong.direction(of: text) == expected, "\(text)")
    }

    @Test func aWrittenDirectionWins() throws {
        #expect(try direction("title: שלום\ndirection: ltr\nsections:\n  - controls:\n      - {id: a, kind: switch}\n") == .ltr)
        #expect(try direction("title: Hello\ndirection: rtl\nsections:\n  - controls:\n      - {id: a, kind: switch}\n") == .rtl)
        #expect(try direction("direction: auto\nsections:\n  - controls:\n      - {id: a, kind: switch}\n") == .ltr,
                "no letter at all: left to right")
    }

    @Test func anUnknownDirectionIsLocated() {
        let yaml = "title: T\ndirection: sideways\nsections:\n  - controls:\n      - {id: a, kind: switch}\n"
        #expect(descriptionFailure(yaml) == "panel.yaml:2:12: direction 'sideways' is not one of auto, ltr, rtl")
        let typo = "direction: rtll\nsections:\n  - controls:\n      - {id: a, kind: switch}\n"
        #expect(descriptionFailure(typo)?.hasSuffix("(did you mean 'rtl'?)") == true, "\(descriptionFailure(typo) ?? "accepted")")
    }

    @Test func theStartLogSaysWhy() throws {
        var d = try PanelDescription.parse("title: שלום\nsections:\n  - controls:\n      - {id: a, kind: switch}\n",
                                           file: "d.yml", fileExists: { _ in true })
        #expect(d.directionReason(override: false) == "auto: the first letter of the title and labels is right to left")
        d.direction = .ltr
        #expect(d.directionReason(override: true) == "--direction")
        #expect(d.layoutDirection == .ltr)
    }
}
