import PanelUI
import Testing
@testable import panel

/// `panel check` through the command line: every mistake in one run, in file order, exit 2;
/// `--json` prints the same for editors, and warnings with exit 0.
struct CheckAllErrorsTests {
    static let planted = """
        title: Five
        theme: {font_size: 500}
        sections:
          - title: A
            controls:
              - {id: a, kind: swich}
              - {id: b, kind: switch, disabled: true}
          - controls:
              - {id: c, kind: stepper, min: 0, max: 5, step: 2}
              - {id: d, kind: radio, options: [x, y], default: z}
        """

    @Test func fiveMistakesPrintFiveLocatedLines() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Self.planted, to: "panel.yml")
        let result = CommandRunner.run(["check", "--config", path])
        #expect(result.status == 2)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.err)")
        #expect(lines.map { $0.split(separator: ":")[1] } == ["2", "6", "7", "9", "10"], "\(result.err)")
        #expect(lines.allSatisfy { $0.hasPrefix(path + ":") })
        #expect(result.out.isEmpty)
    }

    @Test func jsonListsTheSameErrors() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Self.planted, to: "panel.yml")
        let result = CommandRunner.run(["check", "--config", path, "--json"])
        #expect(result.status == 2)
        guard case .array(let items) = try JSONValue.parse(result.out) else { Issue.record("\(result.out)"); return }
        #expect(items.count == 5)
        #expect(items.map { $0["line"] } == [2, 6, 7, 9, 10].map { JSONValue.number(Double($0)) })
        #expect(items.allSatisfy { $0["severity"] == .string("error") && $0["file"] == .string(path) })
        #expect(items[1]["column"] == .number(23))
        #expect(items[2]["message"] == .string("unknown key 'disabled' in control 'b' (write enabled: false to show a control greyed out)"))
        let missing = CommandRunner.run(["check", "--config", folder.file("none.yml"), "--json"])
        #expect(missing.status == 2)
        guard case .array(let one) = try JSONValue.parse(missing.out), one.count == 1 else { Issue.record("\(missing.out)"); return }
        #expect(one[0]["line"] == .null && "\(one[0])".contains("no such file"))
    }

    @Test func jsonCarriesWarningsWithExitZero() throws {
        let folder = TemporaryFolder()
        let path = folder.write("sections:\n  - controls:\n      - {id: a, kind: switch, action: {exec: [/bin/echo, \"{vaule}\"]}}\n",
                                to: "panel.yml")
        let result = CommandRunner.run(["check", "--config", path, "--json"])
        #expect(result.status == 0, "\(result)")
        guard case .array(let items) = try JSONValue.parse(result.out), items.count == 1 else { Issue.record("\(result.out)"); return }
        #expect(items[0]["severity"] == .string("warning") && items[0]["line"] == .number(3))
    }
}
