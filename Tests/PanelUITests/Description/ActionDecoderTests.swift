import Testing
import PanelUI

/// `action:` on controls and `socket:` on the description: decoded values and located errors.
struct ActionDecoderTests {
    func control(_ action: String) -> String {
        "sections:\n  - controls:\n      - id: wifi\n        kind: switch\n        action: \(action)\n"
    }

    @Test func actionDecodesWithDefaultTimeout() throws {
        let description = try decodeDescription(control("{exec: [/usr/bin/nmcli, radio, wifi, \"{value}\"]}"))
        #expect(description.controls[0].action == ActionDescription(exec: ["/usr/bin/nmcli", "radio", "wifi", "{value}"], timeout: 5))
        let timed = try decodeDescription(control("{exec: [/bin/true], timeout: 0.5}"))
        #expect(timed.controls[0].action?.timeout == 0.5)
        #expect(try decodeDescription("sections: [{controls: [{id: a, kind: switch}]}]").controls[0].action == nil)
    }

    @Test func argumentsSubstituteIDAndValue() {
        let action = ActionDescription(exec: ["/bin/set", "{id}", "--to={value}", "{value}{value}"])
        #expect(action.arguments(id: "wifi", value: "true") == ["/bin/set", "wifi", "--to=true", "truetrue"])
        #expect(ControlValue.bool(false).actionText == "false")
        #expect(ControlValue.option("eco").actionText == "eco")
    }

    static let errors: [(String, String)] = [
        ("/bin/true", "panel.yaml:5:17: 'action' must be a mapping of keys to values, not '/bin/true'"),
        ("{timeout: 3}", "panel.yaml:5:17: 'action' has no 'exec'; add the program and its arguments, like exec: [/usr/bin/nmcli, radio, wifi, \"{value}\"]"),
        ("{exec: []}", "panel.yaml:5:24: 'exec' is empty; name the program to run, like [/usr/bin/nmcli, radio, wifi, \"{value}\"]"),
        ("{exec: nmcli radio wifi}",
         "panel.yaml:5:24: 'exec' must be a list of the program and its arguments, like [/usr/bin/nmcli, radio, wifi, \"{value}\"], not 'nmcli radio wifi' (no shell is used)"),
        ("{exec: [nmcli, radio]}", "panel.yaml:5:25: the program 'nmcli' in 'exec' must be an absolute path, like /usr/bin/nmcli"),
        ("{exec: [/bin/x, [a]]}", "panel.yaml:5:33: each item of 'exec' must be text, not a list"),
        ("{exec: [/bin/true], timeout: 0}", "panel.yaml:5:46: 'timeout' must be a number from 0.1 to 600, not '0'"),
        ("{exec: [/bin/true], timeout: 601}", "panel.yaml:5:46: 'timeout' must be a number from 0.1 to 600, not '601'"),
        ("{exec: [/bin/true], timout: 3}",
         "panel.yaml:5:37: unknown key 'timout' in 'action' (did you mean 'timeout'?); the closest keys it takes: timeout, exec"),
    ]

    @Test(arguments: errors.indices)
    func actionErrorsAreLocated(_ index: Int) {
        let (action, expected) = Self.errors[index]
        #expect(descriptionFailure(control(action)) == expected)
    }

    @Test func socketIsAnAbsolutePath() throws {
        let sections = "sections: [{controls: [{id: a, kind: switch}]}]\n"
        #expect(try decodeDescription("socket: /run/panel/ctl.sock\n" + sections).socketPath == "/run/panel/ctl.sock")
        #expect(descriptionFailure("socket: panel.sock\n" + sections)
            == "panel.yaml:1:9: 'socket' must be an absolute path, like /run/panel/panel.sock, not 'panel.sock'")
    }
}
