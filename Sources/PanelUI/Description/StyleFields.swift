/// The style keys, one table for the theme (defaults for every control they fit) and for
/// each control; `Field(field, in: \.style)` places them in the mapping's target.
let styleFields: [Field<StyleOverrides>] = [
    Field("label_color", \.labelColor, .color),
    Field("label_font_size", \.labelFontSize, .int(in: 6...200)),
    Field("show_label", \.showLabel, .bool),
    Field("box_type", \.boxType, .choice),
    // Thinner than half a pixel vanishes under anti-aliasing; past 20 the box is all outline.
    Field("line_width", \.lineWidth, .number(in: 0.5...20)),
    Field("hide_box", \.hideBox, .bool),
    Field("tint_color", \.tintColor, .color),
    Field("on_tint_color", \.onTintColor, .color),
    Field("on_fill_color", \.onFillColor, .color),
    Field("on_check_color", \.onCheckColor, .color),
    // The UIControl checkbox seed's name for BEMCheckBox's on_check_color.
    Field("check_color", \.onCheckColor, .color),
    Field("box_fill_color", \.boxFillColor, .color),
    Field("box_border_color", \.boxBorderColor, .color),
    Field("thumb_color", \.thumbColor, .color),
    // Zero turns animation off; ten seconds is already far slower than any sensible toggle.
    Field("animation_duration", \.animationDuration, .number(in: 0...10)),
    Field("on_animation", \.onAnimation, .choice),
    Field("off_animation", \.offAnimation, .choice),
    Field("on_image", \.onImage, .imageFile),
    Field("off_image", \.offImage, .imageFile),
    Field("thumb_image", \.thumbImage, .imageFile),
]

/// The kinds of control each style key fits; a key not listed fits every kind.
/// Only a control is checked against this: under `theme:` a key sets what it fits.
let styleKeyKinds: [String: [ControlKind]] = {
    let boxed = ControlKind.allCases.filter { $0.behavior.look == .box }
    let thumbs = ControlKind.allCases.filter { $0.behavior.hasThumb }
    var kinds: [String: [ControlKind]] = ["thumb_color": thumbs, "thumb_image": thumbs]
    for key in ["box_type", "line_width", "hide_box", "on_fill_color", "on_check_color", "check_color",
                "box_fill_color", "box_border_color", "on_animation", "off_animation"] {
        kinds[key] = boxed
    }
    // The keys boxes and tracks share; a kind that draws only text (a value row, a page, a
    // button) takes none of them.
    let widgets = ControlKind.allCases.filter { $0.behavior.look != .text }
    for key in ["tint_color", "on_tint_color", "animation_duration", "on_image", "off_image"] {
        kinds[key] = widgets
    }
    return kinds
}()

/// Rejects a mapping that writes both names of the check colour: one would silently lose.
func rejectBothCheckColorNames(_ keys: DecodedKeys, _ context: DecodingContext) throws(DescriptionError) {
    let written = keys.names.filter { $0 == "check_color" || $0 == "on_check_color" }
    if written.count == 2, let second = keys.key(written[1]) {
        throw context.error(second, "'\(written[0])' and '\(written[1])' set the same colour; keep one")
    }
}
