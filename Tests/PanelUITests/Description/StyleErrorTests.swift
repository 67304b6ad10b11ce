import PanelUI
import Testing

/// A control line under one section, so each case shows only what matters.
private func control(_ keys: String) -> String {
    "sections:\n  - controls:\n      - {\(keys)}"
}

/// Read from /etc/panel, where only /etc/panel/icons/on.png exists, so messages show how relative paths resolve.
private let styleErrorCases: [(yaml: String, expected: String)] = [
    // A key of another kind names the kind of the control.
    (control("id: dim, kind: checkbox, thumb_color: '#FFFFFF'"),
     "/etc/panel/panel.yaml:3:35: 'thumb_color' applies to switches and sliders only, and 'dim' is a checkbox"),
    (control("id: wifi, kind: switch, line_width: 3"),
     "/etc/panel/panel.yaml:3:34: 'line_width' applies to checkboxes and radio groups only, and 'wifi' is a switch"),
    (control("id: m, kind: radio, options: [a], thumb_image: icons/on.png"),
     "/etc/panel/panel.yaml:3:44: 'thumb_image' applies to switches and sliders only, and 'm' is a radio"),
    (control("id: wifi, kind: switch, check_color: '#000000'"),
     "/etc/panel/panel.yaml:3:34: 'check_color' applies to checkboxes and radio groups only, and 'wifi' is a switch"),
    // Names from a fixed set, with a suggestion for near misses.
    (control("id: c, kind: checkbox, on_animation: bonce"),
     "/etc/panel/panel.yaml:3:47: on_animation 'bonce' is not one of stroke, fill, bounce, flat, one_stroke, fade (did you mean 'bounce'?)"),
    ("theme: {off_animation: spin}\nsections: [{}]",
     "/etc/panel/panel.yaml:1:24: off_animation 'spin' is not one of stroke, fill, bounce, flat, one_stroke, fade"),
    (control("id: c, kind: checkbox, box_type: triangle"),
     "/etc/panel/panel.yaml:3:43: box_type 'triangle' is not one of circle, square"),
    (control("id: c, kind: checkbox, box_type: sqare"),
     "/etc/panel/panel.yaml:3:43: box_type 'sqare' is not one of circle, square (did you mean 'square'?)"),
    (control("id: c, kind: checkbox, on_tint_colour: '#000000'"),
     "/etc/panel/panel.yaml:3:33: unknown key 'on_tint_colour' in control 'c' (did you mean 'on_tint_color'?); allowed keys: id, kind, label, detail, enabled, icon, default, confirm, options, must_have_selection, min, max, step, unit, send, interval, bind, min_brightness, style, source, sections, summary, action, label_color, label_font_size, show_label, box_type, line_width, hide_box, tint_color, on_tint_color, on_fill_color, on_check_color, check_color, box_fill_color, box_border_color, thumb_color, animation_duration, on_animation, off_animation, on_image, off_image, thumb_image"),
    // Numbers out of range, or not plain numbers.
    (control("id: c, kind: checkbox, line_width: 30"),
     "/etc/panel/panel.yaml:3:45: 'line_width' must be a number from 0.5 to 20, not '30'"),
    (control("id: c, kind: checkbox, line_width: 0.4"),
     "/etc/panel/panel.yaml:3:45: 'line_width' must be a number from 0.5 to 20, not '0.4'"),
    (control("id: c, kind: checkbox, line_width: 1e1"),
     "/etc/panel/panel.yaml:3:45: 'line_width' must be a number from 0.5 to 20, not '1e1'"),
    (control("id: c, kind: checkbox, line_width: '2'"),
     "/etc/panel/panel.yaml:3:45: 'line_width' must be a number from 0.5 to 20, not the quoted text \"2\""),
    (control("id: s, kind: switch, animation_duration: -0.1"),
     "/etc/panel/panel.yaml:3:51: 'animation_duration' must be a number from 0 to 10, not '-0.1'"),
    ("theme: {animation_duration: 11}\nsections: [{}]",
     "/etc/panel/panel.yaml:1:29: 'animation_duration' must be a number from 0 to 10, not '11'"),
    (control("id: s, kind: switch, animation_duration: .nan"),
     "/etc/panel/panel.yaml:3:51: 'animation_duration' must be a number from 0 to 10, not '.nan'"),
    (control("id: s, kind: switch, label_font_size: 5"),
     "/etc/panel/panel.yaml:3:48: 'label_font_size' must be a whole number from 6 to 200, not '5'"),
    ("theme: {label_font_size: 201}\nsections: [{}]",
     "/etc/panel/panel.yaml:1:26: 'label_font_size' must be a whole number from 6 to 200, not '201'"),
    // Two names of the check colour at one level: reported at the second.
    (control("id: c, kind: checkbox, check_color: '#000000', on_check_color: '#FFFFFF'"),
     "/etc/panel/panel.yaml:3:57: 'check_color' and 'on_check_color' set the same colour; keep one"),
    ("theme: {on_check_color: '#000000', check_color: '#FFFFFF'}\nsections: [{}]",
     "/etc/panel/panel.yaml:1:36: 'on_check_color' and 'check_color' set the same colour; keep one"),
    // Images: relative to the description's folder; absolute as written.
    (control("id: c, kind: checkbox, off_image: icons/off.png"),
     "/etc/panel/panel.yaml:3:44: image file 'icons/off.png' not found (looked at /etc/panel/icons/off.png)"),
    (control("id: s, kind: switch, thumb_image: /usr/share/panel/thumb.png"),
     "/etc/panel/panel.yaml:3:44: image file '/usr/share/panel/thumb.png' not found"),
    ("theme: {on_image: ../on.png}\nsections: [{}]",
     "/etc/panel/panel.yaml:1:19: image file '../on.png' not found (looked at /etc/panel/../on.png)"),
    (control("id: c, kind: checkbox, on_image: ''"),
     "/etc/panel/panel.yaml:3:43: 'on_image' is empty; write the path of the image file"),
    ("theme: {font: fonts/Missing.ttf}\nsections: [{}]",
     "/etc/panel/panel.yaml:1:15: font file 'fonts/Missing.ttf' not found (looked at /etc/panel/fonts/Missing.ttf)"),
    // Wrong types.
    (control("id: c, kind: checkbox, hide_box: 'yes'"),
     "/etc/panel/panel.yaml:3:43: 'hide_box' must be true or false, not the quoted text \"yes\"; remove the quotes"),
    (control("id: c, kind: checkbox, show_label: 1"),
     "/etc/panel/panel.yaml:3:45: 'show_label' must be true or false, not '1'"),
    (control("id: c, kind: checkbox, box_fill_color: white"),
     "/etc/panel/panel.yaml:3:49: 'white' is not a colour; write #RRGGBB or #RRGGBBAA"),
    ("theme:\n  box_border_color: #000000\nsections: [{}]",
     "/etc/panel/panel.yaml:2:20: 'box_border_color' is empty; in YAML a colour must be quoted, like \"#F2F2F7\", or # starts a comment"),
    (control("id: s, kind: switch, on_image: [a.png]"),
     "/etc/panel/panel.yaml:3:41: 'on_image' must be text, not a list"),
    (control("id: c, kind: checkbox, on_animation: {name: fill}"),
     "/etc/panel/panel.yaml:3:47: 'on_animation' must be text, not a mapping"),
]

@Test(arguments: styleErrorCases.indices)
func styleErrorsAreLocatedAndActionable(_ index: Int) {
    let (yaml, expected) = styleErrorCases[index]
    #expect(descriptionFailure(yaml, file: "/etc/panel/panel.yaml", existing: ["/etc/panel/icons/on.png"]) == expected, "\(yaml)")
}
