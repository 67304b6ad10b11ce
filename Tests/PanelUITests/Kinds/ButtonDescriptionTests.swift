import Testing
@testable import PanelUI

/// A button's and `confirm:`'s keys, and the mistakes people make with them, each named at
/// its place in the file.
struct ButtonDescriptionTests {
    static func controls(_ line: String) -> String {
        "sections:\n  - controls:\n      - \(line)\n"
    }

    @Test func aButtonDecodes() throws {
        let description = try decodeDescription(Self.controls(
            "{id: erase, kind: button, label: Erase, style: destructive, confirm: \"Erase it all?\", action: {exec: [/bin/true]}}"))
        let button = description.controls[0]
        #expect(button.kind == .button && button.buttonStyle == .destructive && button.confirm == "Erase it all?")
        #expect(button.defaultValue == ControlValue.none)
        #expect(!button.kind.savesValue && button.kind.presses)
        #expect(button.expectedValues.contains("press it"))
        let plain = try decodeDescription(Self.controls("{id: flush, kind: button}")).controls[0]
        #expect(plain.buttonStyle == .normal && plain.confirm == nil && plain.action == nil)
        let asking = try decodeDescription(Self.controls("{id: heat, kind: switch, confirm: Turn the heating off?}")).controls[0]
        #expect(asking.confirm == "Turn the heating off?")
    }

    /// A state file holding a value under a button's id (it was a switch once): ignored with
    /// a warning that says why, and left in the file.
    @Test func aSavedValueUnderAButtonsIDIsIgnored() throws {
        let description = try decodeDescription(Self.controls("{id: restart, kind: button}"))
        let saved = try StateDocument.parse(#"{"version": 1, "values": {"restart": true}}"#)
        let start = description.startingValues(from: saved)
        #expect(start.values == [ControlValue.none])
        #expect(start.warnings == ["saved value true for 'restart' is ignored: a button keeps no value (it stays in the file untouched)"])
    }

    static let mistakes: [(String, String)] = [
        ("{id: erase, kind: button, style: destructiv}",
         "panel.yaml:3:42: style 'destructiv' is not one of normal, destructive (did you mean 'destructive'?)"),
        ("{id: erase, kind: button, default: true}",
         "panel.yaml:3:35: button 'erase' keeps no value, so it takes no 'default'; remove it"),
        ("{id: mode, kind: radio, options: [a, b], confirm: Sure?}",
         "panel.yaml:3:50: 'confirm' applies to checkboxes and switches and buttons only, and 'mode' is a radio"),
        ("{id: wifi, kind: switch, style: destructive}",
         "panel.yaml:3:34: 'style' applies to buttons only, and 'wifi' is a switch"),
        ("{id: erase, kind: button, confirm: \"\"}",
         "panel.yaml:3:44: 'confirm' is empty; write the question the dialog asks, like confirm: \"Restart the panel?\""),
        ("{id: erase, kind: button, confirm: [a]}",
         "panel.yaml:3:44: 'confirm' must be text, not a list"),
        ("{id: erase, kind: button, box_type: circle}",
         "panel.yaml:3:35: 'box_type' applies to checkboxes and radio groups only, and 'erase' is a button"),
        ("{id: erase, kind: button, on_image: on.png}",
         "panel.yaml:3:35: 'on_image' applies to checkboxes and switches and radio groups and sliders and steppers only, and 'erase' is a button"),
        ("{id: erase, kind: button, options: [a]}",
         "panel.yaml:3:35: 'options' applies to radio groups only, and 'erase' is a button"),
    ]

    @Test(arguments: mistakes)
    func mistakesAreNamedWhereTheyAre(yaml: String, expected: String) {
        #expect(descriptionFailure(Self.controls(yaml), existing: ["./on.png"]) == expected)
    }
}
