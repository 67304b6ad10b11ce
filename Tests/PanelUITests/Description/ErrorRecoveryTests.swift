import Testing
@testable import PanelUI

/// One decode reports every mistake it can find, in file order, each located, at most 50;
/// unknown keys get the three closest keys and hints for names from other toolkits; a tab
/// in indentation is named as such.
struct ErrorRecoveryTests {
    func failure(_ yaml: String) -> DescriptionError? {
        do {
            _ = try PanelDescription.parse(yaml, file: "p.yml", fileExists: { _ in true })
            return nil
        } catch {
            return error
        }
    }

    @Test func fivePlantedMistakesAreFiveLocatedErrorsInFileOrder() throws {
        let yaml = """
            title: Five
            theme: {acent: "#FF0000"}
            sections:
              - title: A
                controls:
                  - {id: a, kind: swich, label: A}
                  - {id: ok, kind: switch, label: Fine}
                  - {id: b, kind: switch, checked: true}
              - title: B
                controls:
                  - {id: d, kind: slider, min: 10, max: 5}
                  - {id: ok, kind: checkbox}
            """
        let error = try #require(failure(yaml))
        #expect(error.all.map(\.location.line) == [2, 6, 8, 11, 12])
        #expect(error.all.map(\.location.column) == [9, 23, 31, 45, 14])
        #expect(error.all[1].message.contains("kind 'swich'"))
        #expect(error.all[4].message == "duplicate id 'ok' (first defined at 7:9)")
        #expect(error.report.split(separator: "\n").count == 5)
        #expect(error.report.hasPrefix("p.yml:2:9: unknown key 'acent' in theme (did you mean 'accent'?)"))
        #expect(error.unlisted == 0)
    }

    @Test func severalMistakesInOneMappingAreAllReported() throws {
        let error = try #require(failure("sections:\n  - controls:\n      - {id: a, kind: switch, lable: A, enabld: false, colour: red}\n"))
        #expect(error.all.map(\.location.column) == [31, 41, 56])
        #expect(error.all[2].message == "unknown key 'colour' in control 'a'; the closest keys it takes: tint_color, label_color, check_color")
    }

    @Test func atMostFiftyAreListedAndTheRestCounted() throws {
        let rows = (0..<60).map { "      - {id: c\($0), kind: nope}" }.joined(separator: "\n")
        let error = try #require(failure("sections:\n  - controls:\n" + rows + "\n"))
        #expect(error.all.count == DescriptionError.limit)
        #expect(error.unlisted == 10)
        #expect(error.all.last?.location.line == 52)
        #expect(error.report.hasSuffix("p.yml: 10 more mistakes not listed (fix these and run check again)"))
    }

    @Test(arguments: [
        ("checked: true", "unknown key 'checked' in control 'a' (a control's starting value is 'default', like default: true)"),
        ("on: true", "unknown key 'on' in control 'a' (a control's starting value is 'default', like default: true)"),
        ("text: Lamp", "unknown key 'text' in control 'a' (the text a row shows is 'label', like label: Wi-Fi)"),
        ("disabled: true", "unknown key 'disabled' in control 'a' (write enabled: false to show a control greyed out)"),
    ])
    func namesFromOtherToolkitsGetAHint(key: String, expected: String) throws {
        let error = try #require(failure("sections:\n  - controls:\n      - {id: a, kind: switch, \(key)}\n"))
        #expect(error.all.map(\.message) == [expected])
    }

    @Test func aHintIsOnlyGivenWhereItsKeyIsTaken() throws {
        // A section takes no 'label': 'text' there gets the closest keys, not the label hint.
        let error = try #require(failure("sections:\n  - text: A\n    controls: [{id: a, kind: switch}]\n"))
        #expect(error.message == "unknown key 'text' in section 1; the closest keys it takes: title, controls")
    }

    @Test func aTabInIndentationIsNamed() throws {
        let error = try #require(failure("title: T\nsections:\n  - controls:\n\t- {id: a, kind: switch}\n"))
        #expect(error.description == "p.yml:4:1: a tab in the indentation; YAML indents with spaces only (replace the tab with spaces)")
        let inside = try #require(failure("sections:\n  - controls:\n    \t- {id: a, kind: switch}\n"))
        #expect(inside.location == SourceLocation(line: 3, column: 5), "\(inside)")
    }

    @Test func aCorrectDescriptionStillDecodes() throws {
        #expect(failure("sections:\n  - controls:\n      - {id: a, kind: switch}\n      - {id: b, kind: slider}\n") == nil)
    }
}
