import PanelUI
import Testing

/// Style keys decoded per control and under `theme:`, with the precedence
/// control key > theme key > built-in default.
private let file = "/etc/panel/panel.yaml"

@Test func aCheckboxDecodesEveryCheckboxKey() throws {
    let panel = try decodeDescription("""
        sections:
          - controls:
              - id: dim
                kind: checkbox
                label_color: "#112233"
                label_font_size: 30
                show_label: false
                box_type: circle
                line_width: 1.5
                hide_box: yes
                tint_color: "#010101"
                on_tint_color: "#020202"
                on_fill_color: "#030303"
                on_check_color: "#04040480"
                box_fill_color: "#05050505"
                animation_duration: 0.25
                on_animation: one_stroke
                off_animation: bounce
                on_image: icons/on.png
                off_image: /opt/icons/off.png
        """, file: file, existing: ["/etc/panel/icons/on.png", "/opt/icons/off.png"])
    let dim = panel.controls[0]
    #expect(dim.checkboxStyle == CheckboxStyle(
        boxType: .circle, lineWidth: 1.5, hideBox: true, tintColor: Color(rgb: 0x010101), onTintColor: Color(rgb: 0x020202),
        boxFillColor: Color(rgb: 0x050505, alpha: 0x05), onFillColor: Color(rgb: 0x030303), onCheckColor: Color(rgb: 0x040404, alpha: 0x80),
        animationDuration: 0.25, onAnimation: .oneStroke, offAnimation: .bounce,
        onImage: "/etc/panel/icons/on.png", offImage: "/opt/icons/off.png"))
    #expect(dim.labelStyle == LabelStyle(isShown: false, color: Color(rgb: 0x112233), fontSize: 30))
    #expect(dim.switchStyle == Theme.standard.switchStyle)
}

@Test func aSwitchDecodesEverySwitchKey() throws {
    let panel = try decodeDescription("""
        sections:
          - controls:
              - id: wifi
                kind: switch
                label_color: "#112233"
                label_font_size: 6
                show_label: true
                on_tint_color: "#34C759"
                tint_color: "#FF0000"
                thumb_color: "#EEEEEE"
                animation_duration: 0
                on_image: track-on.png
                off_image: track-off.png
                thumb_image: knobs/thumb.png
        """, file: file, existing: ["/etc/panel/track-on.png", "/etc/panel/track-off.png", "/etc/panel/knobs/thumb.png"])
    let wifi = panel.controls[0]
    #expect(wifi.switchStyle == SwitchStyle(
        onTintColor: Color(rgb: 0x34C759), tintColor: Color(rgb: 0xFF0000), thumbColor: Color(rgb: 0xEEEEEE), animationDuration: 0,
        onImage: "/etc/panel/track-on.png", offImage: "/etc/panel/track-off.png", thumbImage: "/etc/panel/knobs/thumb.png"))
    #expect(wifi.labelStyle == LabelStyle(isShown: true, color: Color(rgb: 0x112233), fontSize: 6))
    // The checkbox look of a switch is the theme's, untouched by the switch's shared keys.
    #expect(wifi.checkboxStyle == CheckboxStyle.standard(boxType: .square, accent: Theme.standard.accent))
}

@Test func builtInDefaultsGiveRadioOptionsRoundBoxes() throws {
    let panel = try decodeDescription("""
        sections:
          - controls:
              - {id: c, kind: checkbox}
              - {id: r, kind: radio, options: [a]}
              - {id: s, kind: switch}
        """)
    let accent = Theme.standard.accent
    #expect(panel.controls.map(\.checkboxStyle) == [
        .standard(boxType: .square, accent: accent), .standard(boxType: .circle, accent: accent), .standard(boxType: .square, accent: accent),
    ])
    #expect(panel.controls.map(\.switchStyle) == Array(repeating: SwitchStyle.standard(accent: accent), count: 3))
    #expect(panel.controls.map(\.labelStyle) == Array(repeating: LabelStyle(color: .black, fontSize: 20), count: 3))
    #expect(panel.controls[1].checkboxStyle.animationDuration == 0.5)
    #expect(panel.controls[2].switchStyle.animationDuration == 0.2)
}

@Test func themeKeysAreDefaultsThatControlKeysOverride() throws {
    let panel = try decodeDescription("""
        theme:
          accent: "#FF9500"
          text: "#222222"
          font_size: 24
          label_color: "#333333"
          show_label: false
          on_tint_color: "#00FF00"
          tint_color: "#AAAAAA"
          box_type: square
          check_color: "#000000"
          animation_duration: 1
          on_animation: fade
          thumb_color: "#CCCCCC"
        sections:
          - controls:
              - {id: c, kind: checkbox}
              - {id: r, kind: radio, options: [a]}
              - {id: s, kind: switch}
              - {id: o, kind: checkbox, on_tint_color: "#0000FF", label_color: "#444444", animation_duration: 0.1, box_type: circle}
              - {id: t, kind: switch, on_tint_color: "#0000FF", show_label: true, thumb_color: "#DDDDDD"}
        """)
    let accent = Color(rgb: 0xFF9500)
    // The accent still fills the box: only the keys the theme writes replace built-in colours.
    var themed = CheckboxStyle.standard(boxType: .square, accent: accent)
    themed.onTintColor = Color(rgb: 0x00FF00)
    themed.tintColor = Color(rgb: 0xAAAAAA)
    themed.onCheckColor = .black
    themed.animationDuration = 1
    themed.onAnimation = .fade
    var themedSwitch = SwitchStyle.standard(accent: accent)
    themedSwitch.onTintColor = Color(rgb: 0x00FF00)
    themedSwitch.tintColor = Color(rgb: 0xAAAAAA)
    themedSwitch.thumbColor = Color(rgb: 0xCCCCCC)
    themedSwitch.animationDuration = 1
    let themedLabel = LabelStyle(isShown: false, color: Color(rgb: 0x333333), fontSize: 24)

    let controls = panel.controls
    #expect(controls[0].checkboxStyle == themed)
    #expect(controls[1].checkboxStyle == themed, "the theme's box_type applies to radio options too")
    #expect(controls[2].switchStyle == themedSwitch)
    #expect(controls.prefix(3).map(\.labelStyle) == Array(repeating: themedLabel, count: 3))

    var overridden = themed
    overridden.onTintColor = Color(rgb: 0x0000FF)
    overridden.animationDuration = 0.1
    overridden.boxType = .circle
    #expect(controls[3].checkboxStyle == overridden)
    #expect(controls[3].labelStyle == LabelStyle(isShown: false, color: Color(rgb: 0x444444), fontSize: 24))
    #expect(controls[3].switchStyle == themedSwitch)

    var overriddenSwitch = themedSwitch
    overriddenSwitch.onTintColor = Color(rgb: 0x0000FF)
    overriddenSwitch.thumbColor = Color(rgb: 0xDDDDDD)
    #expect(controls[4].switchStyle == overriddenSwitch)
    #expect(controls[4].labelStyle.isShown)
    #expect(controls[4].checkboxStyle == themed)
    #expect(panel.theme.checkboxStyle(for: .checkbox) == themed)
}

@Test func boxBorderColorSetsBothTintsUnlessATintIsGivenAtTheSameOrAMoreSpecificLevel() throws {
    let panel = try decodeDescription("""
        theme: {box_border_color: "#111111", tint_color: "#444444"}
        sections:
          - controls:
              - {id: a, kind: checkbox}
              - {id: b, kind: checkbox, box_border_color: "#555555"}
              - {id: c, kind: radio, options: [x], tint_color: "#333333", box_border_color: "#222222"}
              - {id: d, kind: checkbox, on_tint_color: "#666666"}
              - {id: e, kind: checkbox, check_color: "#777777"}
        """)
    let tints = panel.controls.map { [$0.checkboxStyle.tintColor.description, $0.checkboxStyle.onTintColor.description] }
    #expect(tints == [
        ["#444444", "#111111"],
        ["#555555", "#555555"],
        ["#333333", "#222222"],
        ["#444444", "#666666"],
        ["#444444", "#111111"],
    ])
    #expect(panel.controls[4].checkboxStyle.onCheckColor == Color(rgb: 0x777777))
}
