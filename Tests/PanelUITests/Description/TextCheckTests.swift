import PanelUI
import Testing

/// Control characters in text a panel draws or hands on are refused at the character itself,
/// named by code; text past 1,000 characters is refused at its value.
private let sections = "sections: [{controls: [{id: a, kind: switch}]}]\n"
private let oneLine = "; write it as one line of text"

private let controlCharacterCases: [(yaml: String, expected: String)] = [
    // A NUL in an option ended the action's argument at the NUL.
    ("sections: [{controls: [{id: m, kind: radio, options: [eco, \"bal\\0anced\"]}]}]",
     "panel.yaml:1:64: 'option' contains the control character U+0000 (NUL)\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\\x01Fi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+0001\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\\x7FFi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+007F (delete)\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\\u0085Fi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+0085 (next line)\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\\NFi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+0085 (next line)\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\\U0000009FFi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+009F\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"\\e[31mred\"}]}]",
     "panel.yaml:1:54: 'label' contains the control character U+001B (escape)\(oneLine)"),
    // Labels are one line: a tab or a line break in one is refused too.
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\\tFi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+0009 (tab)\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\tFi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+0009 (tab)\(oneLine)"),
    ("sections:\n  - controls:\n      - id: a\n        kind: switch\n        label: Wi\tFi\n",
     "panel.yaml:5:18: 'label' contains the control character U+0009 (tab)\(oneLine)"),
    ("sections:\n  - controls:\n      - id: a\n        kind: switch\n        label: 'Wi\tFi'\n",
     "panel.yaml:5:19: 'label' contains the control character U+0009 (tab)\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\\nFi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+000A (line feed)\(oneLine)"),
    ("sections: [{controls: [{id: a, kind: switch, label: \"Wi\\rFi\"}]}]",
     "panel.yaml:1:56: 'label' contains the control character U+000D (carriage return)\(oneLine)"),
    // A blank line inside quotes is a line break; the break before it is where it is written.
    ("sections:\n  - controls:\n      - id: a\n        kind: switch\n        label: \"Wi\n\n          Fi\"\n",
     "panel.yaml:5:19: 'label' contains the control character U+000A (line feed)\(oneLine)"),
    // A block scalar is reported at its start.
    ("sections:\n  - controls:\n      - id: a\n        kind: switch\n        label: |\n          Wi\n          Fi\n",
     "panel.yaml:5:16: 'label' contains the control character U+000A (line feed)\(oneLine)"),
    // After a tag, and after characters written on several columns each.
    ("sections: [{controls: [{id: a, kind: switch, label: !!str \"Wï-Fî\\0\"}]}]",
     "panel.yaml:1:65: 'label' contains the control character U+0000 (NUL)\(oneLine)"),
    ("title: \"Settings\\0\"\n" + sections, "panel.yaml:1:17: 'title' contains the control character U+0000 (NUL)\(oneLine)"),
    ("sections: [{title: \"Net\\awork\", controls: []}]",
     "panel.yaml:1:24: 'title' contains the control character U+0007 (bell)\(oneLine)"),
    ("sections: [{controls: [{id: \"a\\0b\", kind: switch}]}]",
     "panel.yaml:1:31: id contains the control character U+0000 (NUL); ids may only contain letters, digits, '_', '.' and '-'"),
    ("sections: [{controls: [{id: a, kind: switch, action: {exec: [/bin/echo, \"x\\0y\"]}}]}]",
     "panel.yaml:1:75: an argument in 'exec' contains the control character U+0000 (NUL); it can't hold control characters"),
    ("sections: [{controls: [{id: a, kind: switch, action: {exec: [\"/bin/echo\\n\"]}}]}]",
     "panel.yaml:1:72: an argument in 'exec' contains the control character U+000A (line feed); it can't hold control characters"),
    ("theme: {font: \"/usr/share/fonts/a.ttf\\0.png\"}\nsections: [{}]",
     "panel.yaml:1:38: 'font' contains the control character U+0000 (NUL); it can't hold control characters"),
    ("sections: [{controls: [{id: a, kind: checkbox, on_image: \"on\\0.png\"}]}]",
     "panel.yaml:1:61: 'on_image' contains the control character U+0000 (NUL); it can't hold control characters"),
    ("socket: \"/run/panel\\x1B.sock\"\n" + sections,
     "panel.yaml:1:20: 'socket' contains the control character U+001B (escape); it can't hold control characters"),
]

@Test(arguments: controlCharacterCases.indices)
func controlCharactersAreRefusedWhereTheyAreWritten(_ index: Int) {
    let (yaml, expected) = controlCharacterCases[index]
    #expect(descriptionFailure(yaml) == expected, "\(yaml)")
}

@Test func controlCharactersQuotedInAMessageAreShownAsEscapes() {
    // An unknown key is named in the message: its escape must not reach the terminal raw.
    let failure = descriptionFailure("\"ti\\etle\": x\n" + sections)
    #expect(failure?.hasPrefix("panel.yaml:1:1: unknown key 'ti\\x1Btle' in the description") == true, "\(failure ?? "")")
    #expect(failure?.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } == false)
}

@Test func printableTextStillDecodes() throws {
    let panel = try decodeDescription("""
        title: "Réglages — 设置 ✓"
        sections:
          - title: 'It''s   spaced'
            controls:
              - {id: a, kind: switch, label: "Wi\\u00A0Fi \\"quoted\\" \\\\ back"}
              - {id: b, kind: radio, options: [ "x y", "\\u00e9", long and plain]}
              - id: c
                kind: checkbox
                label: "folded
                  onto one line"
        """)
    #expect(panel.title == "Réglages — 设置 ✓")
    #expect(panel.sections[0].title == "It's   spaced")
    #expect(panel.controls.map(\.label) == ["Wi\u{A0}Fi \"quoted\" \\ back", "b", "folded onto one line"])
    #expect(panel.controls[1].options == ["x y", "é", "long and plain"])
}

private let longestText = 1000

@Test(arguments: [
    ("title: \(String(repeating: "x", count: 1001))\n" + sections, "panel.yaml:1:8: 'title' is 1001 characters long; at most 1000 fit in a panel's text"),
    ("sections: [{title: \(String(repeating: "é", count: 5000)), controls: []}]",
     "panel.yaml:1:20: 'title' is 5000 characters long; at most 1000 fit in a panel's text"),
    ("sections: [{controls: [{id: a, kind: switch, label: \(String(repeating: "ab ", count: 400))}]}]",
     "panel.yaml:1:53: 'label' is 1199 characters long; at most 1000 fit in a panel's text"),
    ("sections: [{controls: [{id: m, kind: radio, options: [\(String(repeating: "o", count: 1001))]}]}]",
     "panel.yaml:1:55: 'option' is 1001 characters long; at most 1000 fit in a panel's text"),
    ("sections: [{controls: [{id: \(String(repeating: "i", count: 1001)), kind: switch}]}]",
     "panel.yaml:1:29: id is 1001 characters long; at most 1000 are allowed"),
])
func textPastAThousandCharactersIsRefused(_ yaml: String, _ expected: String) {
    #expect(descriptionFailure(yaml) == expected)
}

@Test func aThousandCharactersFit() throws {
    let label = String(repeating: "é", count: longestText)
    let panel = try decodeDescription("title: \(label)\nsections: [{title: \(label), controls: [{id: a, kind: radio, label: \(label), options: [\(label)]}]}]")
    #expect(panel.title == label && panel.sections[0].title == label)
    #expect(panel.controls[0].label == label && panel.controls[0].options == [label])
}

/// A 10 MB label cost 206 MiB; now it is refused while decoding, without a copy per row.
@Test func aTenMegabyteLabelIsRefusedAtItsValue() {
    let yaml = "sections: [{title: \(String(repeating: "t", count: 100)), controls: [{id: a, kind: switch, label: \(String(repeating: "x", count: 10_000_000))}]}]"
    #expect(descriptionFailure(yaml) == "panel.yaml:1:162: 'label' is 10000000 characters long; at most 1000 fit in a panel's text")
}
