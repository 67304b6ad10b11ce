import Testing
@testable import PanelUI

/// Placeholders other than `{id}` and `{value}` in `exec`: found where they are written, warned
/// about at the argument (the description still loads), and named as the reason a command is
/// not started.
struct ExecPlaceholderTests {
    static let found: [(String, [String])] = [
        ("{vaule}", ["{vaule}"]),
        ("{ID}", ["{ID}"]),
        ("--to={Value}", ["{Value}"]),
        ("{id}-{valeu}-{x_1}", ["{valeu}", "{x_1}"]),
        ("{{vaule}}", ["{vaule}"]),
        ("{id}{value}", []),
        ("{}", []),            // find's
        ("${HOME}", []),       // the shell's
        ("{a,b}", []),
        ("{ print $1 }", []),
        ("{1..3}", []),
        ("{value", []),
        ("héllo {wörld}", []), // not a word of ASCII letters
    ]

    @Test(arguments: found.indices)
    func placeholdersAreWordsInBraces(_ index: Int) {
        let (argument, expected) = Self.found[index]
        #expect(UnknownPlaceholder.unknown(in: argument) == expected, "\(argument)")
    }

    @Test func theFirstUnknownOneNamesItsArgument() {
        #expect(UnknownPlaceholder.first(in: ["/bin/echo", "{id}", "{value}"]) == nil)
        let unknown = UnknownPlaceholder.first(in: ["/bin/sh", "-c", "echo $1", "sh", "{vaule}", "{ID}"])
        #expect(unknown == UnknownPlaceholder(argument: 4, placeholder: "{vaule}"))
        #expect(unknown?.reason == "unknown placeholder {vaule} in exec argument 4")
        #expect(ActionDescription(exec: ["/usr/bin/{prog}"]).unknownPlaceholder?.reason == "unknown placeholder {prog} in exec argument 0")
    }

    func control(_ id: String, _ exec: String) -> String {
        "      - id: \(id)\n        kind: switch\n        action: {exec: \(exec)}\n"
    }

    @Test func aDescriptionWithUnknownPlaceholdersLoadsWithAWarningAtEachArgument() throws {
        let yaml = "sections:\n  - controls:\n" + control("wifi", #"[/bin/set, "{vaule}"]"#)
            + control("fan", #"[/bin/set, "{id}", "{value}"]"#) + control("pump", #"[/bin/set, "{ID}", x, "a {print} b"]"#)
        let description = try decodeDescription(yaml)
        #expect(description.controls.map(\.id) == ["wifi", "fan", "pump"], "it loads")
        #expect(description.warnings.map(\.description) == [
            "panel.yaml:5:35: warning: unknown placeholder {vaule} in exec argument 1 (did you mean {value}?); panel replaces only {id} and {value} and will not start this command while it has {vaule}",
            "panel.yaml:11:35: warning: unknown placeholder {ID} in exec argument 1 (did you mean {id}?); panel replaces only {id} and {value} and will not start this command while it has {ID}",
            "panel.yaml:11:46: warning: unknown placeholder {print} in exec argument 3; panel replaces only {id} and {value} and will not start this command while it has {print}",
        ])
        #expect(description.warnings[0].located.hasPrefix("panel.yaml:5:35: unknown placeholder {vaule}"))
        #expect(try decodeDescription("sections:\n  - controls:\n" + control("fan", #"[/bin/set, "{id}", "{value}"]"#)).warnings.isEmpty)
    }
}
