import PanelUI
import Testing

@Test func exampleDecodesToTheExactModel() throws {
    let text = """
        title: Settings
        rotate: 0
        theme: {background: "#F2F2F7", text: "#000000", accent: "#007AFF", font: \(descriptionFont), font_size: 20, row_height: 64}
        sections:
          - title: Network
            controls:
              - {id: wifi, kind: switch, label: Wi-Fi, default: true}
              - {id: bluetooth, kind: checkbox, label: Bluetooth, enabled: false}
              - {id: mode, kind: radio, label: Power mode, options: [eco, balanced, performance], default: balanced, must_have_selection: true}
        """
    let expected = PanelDescription(
        title: "Settings", rotation: .r0, theme: .standard,
        sections: [SectionDescription(title: "Network", controls: [
            ControlDescription(id: "wifi", kind: .switch, label: "Wi-Fi", enabled: true, defaultValue: .bool(true),
                               options: [], mustHaveSelection: false, location: SourceLocation(line: 7, column: 9)),
            ControlDescription(id: "bluetooth", kind: .checkbox, label: "Bluetooth", enabled: false, defaultValue: .bool(false),
                               options: [], mustHaveSelection: false, location: SourceLocation(line: 8, column: 9)),
            ControlDescription(id: "mode", kind: .radio, label: "Power mode", enabled: true, defaultValue: .option("balanced"),
                               options: ["eco", "balanced", "performance"], mustHaveSelection: true,
                               location: SourceLocation(line: 9, column: 9)),
        ])], fontReference: FileReference(path: descriptionFont, location: SourceLocation(line: 3, column: 74)))
    var decoded = try decodeDescription(text)
    // Every text the panel draws, where it is written.
    #expect(decoded.drawnTexts.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) } == [
        ("Settings", 1, 8), ("Network", 5, 12), ("Wi-Fi", 7, 41), ("Bluetooth", 8, 48), ("Power mode", 9, 40),
        ("eco", 9, 62), ("balanced", 9, 67), ("performance", 9, 77),
    ].map { DrawnText(text: $0.0, location: SourceLocation(line: $0.1, column: $0.2)) })
    decoded.drawnTexts = []
    #expect(decoded == expected)
    #expect(try decodeDescription(text).controls.map(\.id) == ["wifi", "bluetooth", "mode"])
}

@Test func defaultsApplyWhenKeysAreLeftOut() throws {
    let panel = try decodeDescription("""
        sections:
          - controls:
              - id: a
                kind: checkbox
              - id: b
                kind: radio
                options: [x, y]
              - id: c
                kind: radio
                options: [x, y]
                must_have_selection: yes
          - title: Empty
        """)
    #expect(panel.title == nil)
    #expect(panel.rotation == nil)
    #expect(panel.theme == .standard)
    #expect(panel.sections.map(\.title) == [nil, "Empty"])
    #expect(panel.sections[1].controls.isEmpty)
    let controls = panel.controls
    #expect(controls.map(\.label) == ["a", "b", "c"])
    #expect(controls.map(\.enabled) == [true, true, true])
    #expect(controls.map(\.defaultValue) == [.bool(false), .option(nil), .option("x")])
    #expect(controls.map(\.mustHaveSelection) == [false, false, true])
    #expect(controls[0].location == SourceLocation(line: 3, column: 9))
}

@Test func themeKeysAndScalarForms() throws {
    let panel = try decodeDescription("""
        title: 42
        rotate: 270
        theme:
          background: "#11223344"
          row_background: '#FFFFFF'
          separator: "#010203"
          section_text: "#AABBCC"
          font: /fonts/Big.otf
          font_size: 6
          row_height: 48
        sections:
          - controls:
              - {id: a.b_c-1, kind: switch, enabled: OFF, default: On, label: 3.5}
              - {id: r, kind: radio, options: [1, "two"], default: ~}
              - {id: s, kind: radio, options: [x], default: null}
        """, existing: ["/fonts/Big.otf"])
    #expect(panel.title == "42")
    #expect(panel.rotation == .r270)
    var theme = Theme.standard
    theme.background = Color(r: 0x11, g: 0x22, b: 0x33, a: 0x44)
    theme.separator = Color(rgb: 0x010203)
    theme.sectionText = Color(rgb: 0xAABBCC)
    theme.font = "/fonts/Big.otf"
    theme.fontSize = 6
    theme.rowHeight = 48
    #expect(panel.theme == theme)
    #expect(panel.controls[0].enabled == false)
    #expect(panel.controls[0].defaultValue == .bool(true))
    #expect(panel.controls[0].label == "3.5")
    #expect(panel.controls[1].options == ["1", "two"])
    #expect(panel.controls[1].defaultValue == .option(nil))
    #expect(panel.controls[2].defaultValue == .option(nil))
}

private let errorCases: [(yaml: String, expected: String)] = [
    ("sections: [", "panel.yaml:2:1: did not find expected node content while parsing a flow node"),
    ("", "panel.yaml:1:1: the file is empty; a panel description needs at least a 'sections' list"),
    ("- a\n- b", "panel.yaml:1:1: the description must be a mapping of keys to values, not a list"),
    ("just words", "panel.yaml:1:1: the description must be a mapping of keys to values, not 'just words'"),
    ("title: x", "panel.yaml:1:1: the description has no 'sections'; add a list of sections, each with 'controls'"),
    ("sections: []", "panel.yaml:1:11: 'sections' is empty; add at least one section with 'controls'"),
    ("sections: {a: 1}", "panel.yaml:1:11: 'sections' must be a list (lines starting with '- '), not a mapping"),
    ("titel: x\nsections: [{}]",
     "panel.yaml:1:1: unknown key 'titel' in the description (did you mean 'title'?); the closest keys it takes: title, idle, rotate"),
    ("sections:\n  - controls:\n      - {id: wifi, kind: switch, colour: red}",
     "panel.yaml:3:34: unknown key 'colour' in control 'wifi'; the closest keys it takes: tint_color, label_color, check_color"),
    ("sections:\n  - controls:\n      - {Id: wifi, kind: switch}",
     "panel.yaml:3:10: unknown key 'Id' in control 1 of section 1 (did you mean 'id'?); the closest keys it takes: id, kind, min"),
    ("sections:\n  - title: Net\n    controls:\n      - {id: wifi, kind: switch, lable: Wi-Fi}",
     "panel.yaml:4:34: unknown key 'lable' in control 'wifi' (did you mean 'label'?); the closest keys it takes: label, enabled, style"),
    ("theme: {font_colour: '#000000'}\nsections: [{}]",
     "panel.yaml:1:9: unknown key 'font_colour' in theme (did you mean 'tint_color'?); the closest keys it takes: font, tint_color, font_size"),
    ("sections:\n  - titel: Net",
     "panel.yaml:2:5: unknown key 'titel' in section 1 (did you mean 'title'?); the closest keys it takes: title, controls"),
    ("title: a\ntitle: b\nsections: [{}]", "panel.yaml:2:1: duplicate key 'title' in the description (first at 1:1)"),
    ("sections:\n  - controls:\n      - {id: a, kind: switch, label: x, label: y}",
     "panel.yaml:3:41: duplicate key 'label' in control 'a' (first at 3:31)"),
    ("sections:\n  - controls:\n      - {kind: switch}",
     "panel.yaml:3:9: control 1 of section 1 has no 'id'; add one, like id: wifi (it names the value in the state file)"),
    ("sections:\n  - title: Net\n    controls:\n      - {id: wifi}",
     "panel.yaml:4:9: control 'wifi' has no 'kind'; add one of checkbox, switch, radio, slider, stepper, button, value, page"),
    ("sections:\n  - controls:\n      - {id: a, kind: switch, enabled: maybe}",
     "panel.yaml:3:40: 'enabled' must be true or false, not 'maybe'"),
    ("sections:\n  - controls:\n      - {id: a, kind: switch, enabled: \"true\"}",
     "panel.yaml:3:40: 'enabled' must be true or false, not the quoted text \"true\"; remove the quotes"),
    ("sections:\n  - controls:\n      - {id: a, kind: switch, label: [x]}",
     "panel.yaml:3:38: 'label' must be text, not a list"),
    ("sections:\n  - controls:\n      - {id: wifi, kind: switch}\n  - controls:\n      - {id: wifi, kind: checkbox}",
     "panel.yaml:5:14: duplicate id 'wifi' (first defined at 3:9)"),
    ("sections:\n  - controls:\n      - {id: wi fi, kind: switch}",
     "panel.yaml:3:14: id 'wi fi' may only contain letters, digits, '_', '.' and '-'"),
    ("sections:\n  - controls:\n      - {id: '', kind: switch}",
     "panel.yaml:3:14: id '' may only contain letters, digits, '_', '.' and '-'"),
    ("sections:\n  - controls:\n      - {id: a, kind: dial}",
     "panel.yaml:3:23: kind 'dial' is not one of checkbox, switch, radio, slider, stepper, button, value, page"),
    ("sections:\n  - controls:\n      - {id: a, kind: swich}",
     "panel.yaml:3:23: kind 'swich' is not one of checkbox, switch, radio, slider, stepper, button, value, page (did you mean 'switch'?)"),
    ("sections:\n  - controls:\n      - {id: a, kind: checkbox, default: balanced}",
     "panel.yaml:3:42: 'default' must be true or false, not 'balanced'"),
    ("sections:\n  - controls:\n      - {id: m, kind: radio, options: [a, b], default: c}",
     "panel.yaml:3:56: default 'c' of radio 'm' is not one of its options: a, b"),
    ("sections:\n  - controls:\n      - {id: m, kind: radio, options: [a, b], default: [a]}",
     "panel.yaml:3:56: 'default' of radio 'm' must be one of its options, not a list"),
    ("sections:\n  - controls:\n      - {id: m, kind: radio, options: [a], must_have_selection: true, default: null}",
     "panel.yaml:3:80: 'default' of radio 'm' can't be null because 'must_have_selection' is true"),
    ("sections:\n  - controls:\n      - {id: m, kind: radio}",
     "panel.yaml:3:9: radio 'm' has no 'options'; add a list like options: [eco, balanced, performance]"),
    ("sections:\n  - controls:\n      - {id: m, kind: radio, options: []}",
     "panel.yaml:3:39: 'options' is empty; a radio group needs at least one option"),
    ("sections:\n  - controls:\n      - {id: m, kind: radio, options: [a, b, a]}",
     "panel.yaml:3:46: duplicate option 'a' (first at 3:40)"),
    ("sections:\n  - controls:\n      - {id: m, kind: radio, options: [a, '']}",
     "panel.yaml:3:43: an option must not be empty text"),
    ("sections:\n  - controls:\n      - {id: m, kind: radio, options: a}",
     "panel.yaml:3:39: 'options' must be a list like [eco, balanced, performance], not 'a'"),
    ("sections:\n  - controls:\n      - {id: wifi, kind: switch, options: [a]}",
     "panel.yaml:3:34: 'options' applies to radio groups only, and 'wifi' is a switch"),
    ("sections:\n  - controls:\n      - {id: c, kind: checkbox, must_have_selection: true}",
     "panel.yaml:3:33: 'must_have_selection' applies to radio groups only, and 'c' is a checkbox"),
    ("theme: {accent: '#12345'}\nsections: [{}]", "panel.yaml:1:17: '#12345' is not a colour; write #RRGGBB or #RRGGBBAA"),
    ("theme: {accent: '#FFF'}\nsections: [{}]", "panel.yaml:1:17: '#FFF' is not a colour; write #RRGGBB or #RRGGBBAA"),
    ("theme:\n  accent: #007AFF\nsections: [{}]",
     "panel.yaml:2:10: 'accent' is empty; in YAML a colour must be quoted, like \"#F2F2F7\", or # starts a comment"),
    ("theme: {font_size: 300}\nsections: [{}]", "panel.yaml:1:20: 'font_size' must be a whole number from 6 to 200, not '300'"),
    ("theme: {font_size: big}\nsections: [{}]", "panel.yaml:1:20: 'font_size' must be a whole number from 6 to 200, not 'big'"),
    ("theme: {row_height: 30}\nsections: [{}]", "panel.yaml:1:21: 'row_height' must be a whole number from 48 to 400, not '30'"),
    ("theme: {row_height: '64'}\nsections: [{}]",
     "panel.yaml:1:21: 'row_height' must be a whole number from 48 to 400, not the quoted text \"64\""),
    ("rotate: 45\nsections: [{}]", "panel.yaml:1:9: 'rotate' must be 0, 90, 180 or 270, not '45'"),
    ("theme: {font: /nope/Missing.ttf}\nsections: [{}]", "panel.yaml:1:15: font file '/nope/Missing.ttf' not found"),
    ("theme: [a]\nsections: [{}]", "panel.yaml:1:8: theme must be a mapping of keys to values, not a list"),
    ("sections:\n  - controls:\n      - wifi", "panel.yaml:3:9: control 1 of section 1 must be a mapping of keys to values, not 'wifi'"),
    ("sections: [{controls: {}}]", "panel.yaml:1:23: 'controls' must be a list (lines starting with '- '), not a mapping"),
    ("? [a]\n: b\nsections: [{}]", "panel.yaml:1:3: keys in the description must be words, not a list"),
    ("a: &x 1\nb: *x", "panel.yaml:2:4: YAML aliases (*name) are not supported here; write the value out"),
]

@Test(arguments: errorCases.indices)
func errorsAreLocatedAndActionable(_ index: Int) {
    let (yaml, expected) = errorCases[index]
    #expect(descriptionFailure(yaml) == expected, "\(yaml)")
}

@Test func blankAfterIsPositiveSeconds() throws {
    let sections = "sections: [{controls: [{id: a, kind: switch}]}]\n"
    #expect(try decodeDescription("blank_after: 300\n" + sections).blankAfter == 300)
    #expect(try decodeDescription("blank_after: 2.5\n" + sections).blankAfter == 2.5)
    #expect(try decodeDescription(sections).blankAfter == nil)
    #expect(descriptionFailure("blank_after: 0\n" + sections) == "panel.yaml:1:14: \(blankAfterRange), not '0'")
}

private let blankAfterRange = "'blank_after' must be a number of seconds above 0 and at most 31536000 (a year)"

/// Past a year (9.3e18 s passed the check and then overflowed the loop clock), and numbers
/// that aren't numbers, are refused where they are written.
@Test(arguments: [
    ("9.3e18", "'9.3e18'"), ("31536000.5", "'31536000.5'"), ("1e400", "'1e400'"), ("nan", "'nan'"), ("-nan", "'-nan'"),
    ("inf", "'inf'"), ("-infinity", "'-infinity'"), (".inf", "'.inf'"), (".NaN", "'.NaN'"), ("0x1p70", "'0x1p70'"),
    ("-5", "'-5'"), ("'300'", "the quoted text \"300\""),
])
func blankAfterIsAtMostAYear(_ written: String, _ shown: String) {
    let sections = "sections: [{controls: [{id: a, kind: switch}]}]\n"
    #expect(descriptionFailure("blank_after: \(written)\n" + sections) == "panel.yaml:1:14: \(blankAfterRange), not \(shown)")
}

@Test func blankAfterOfExactlyAYearIsAllowed() throws {
    let sections = "sections: [{controls: [{id: a, kind: switch}]}]\n"
    #expect(try decodeDescription("blank_after: 31536000\n" + sections).blankAfter == 31_536_000)
}

/// Every other time in a description already has a tighter range, checked the same way.
@Test(arguments: [
    ("theme: {animation_duration: 1e19}\nsections: [{}]", "panel.yaml:1:29: 'animation_duration' must be a number from 0 to 10, not '1e19'"),
    ("theme: {animation_duration: nan}\nsections: [{}]", "panel.yaml:1:29: 'animation_duration' must be a number from 0 to 10, not 'nan'"),
    ("sections: [{controls: [{id: a, kind: switch, animation_duration: 10.5}]}]",
     "panel.yaml:1:66: 'animation_duration' must be a number from 0 to 10, not '10.5'"),
    ("sections: [{controls: [{id: a, kind: switch, action: {exec: [/bin/true], timeout: 9.3e18}}]}]",
     "panel.yaml:1:83: 'timeout' must be a number from 0.1 to 600, not '9.3e18'"),
    ("sections: [{controls: [{id: a, kind: switch, action: {exec: [/bin/true], timeout: .inf}}]}]",
     "panel.yaml:1:83: 'timeout' must be a number from 0.1 to 600, not '.inf'"),
])
func otherTimesKeepTheirRanges(_ yaml: String, _ expected: String) {
    #expect(descriptionFailure(yaml) == expected)
}

@Test func calibrationIsSixNumbers() throws {
    let sections = "sections: [{controls: [{id: a, kind: switch}]}]\n"
    #expect(try decodeDescription("calibration: [1, 0, 0, 0, 1, 0]\n" + sections).calibration == [1, 0, 0, 0, 1, 0])
    #expect(try decodeDescription("calibration: [-1, 0, 1, 0, 1.5, -0.25]\n" + sections).calibration == [-1, 0, 1, 0, 1.5, -0.25])
    #expect(try decodeDescription(sections).calibration == nil)
    let shape = "6 numbers [a, b, c, d, e, f] (libinput's calibration matrix; [1, 0, 0, 0, 1, 0] changes nothing)"
    #expect(descriptionFailure("calibration: [1, 0, 0, 0, 1]\n" + sections) == "panel.yaml:1:14: 'calibration' has 5 numbers; it needs \(shape)")
    #expect(descriptionFailure("calibration: 1\n" + sections) == "panel.yaml:1:14: 'calibration' must be a list of \(shape), not '1'")
    #expect(descriptionFailure("calibration: [1, 0, x, 0, 1, 0]\n" + sections) == "panel.yaml:1:21: 'calibration' items must be numbers, not 'x'")
    #expect(descriptionFailure("calibration:\n  - 1\n  - 0\n  - \"0\"\n  - 0\n  - [1]\n  - 0\n" + sections)
            == "panel.yaml:4:5: 'calibration' items must be numbers, not the quoted text \"0\"")
    #expect(descriptionFailure("calibration: [1, 0, .inf, 0, 1, 0]\n" + sections) == "panel.yaml:1:21: 'calibration' items must be numbers, not '.inf'")
}
