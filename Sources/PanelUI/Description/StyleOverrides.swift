/// The style keys written at one level (a control, or the theme for every control);
/// nil where that level leaves the key out and the level below decides.
///
/// Names follow the keys, and a shared key sets the field of the control's own kind:
/// `on_tint_color` is a checkbox's outline when on and a switch's track when on.
public struct StyleOverrides: Equatable, Sendable {
    // Every kind: the label.
    public var labelColor: Color?
    public var labelFontSize: Int?
    public var showLabel: Bool?
    // Checkboxes and radio options.
    public var boxType: BoxType?
    public var lineWidth: Double?
    public var hideBox: Bool?
    public var onFillColor: Color?
    /// `on_check_color`, or its alias `check_color`.
    public var onCheckColor: Color?
    public var boxFillColor: Color?
    /// Sets both `tintColor` and `onTintColor` (the UIControl seed's single border colour);
    /// an explicit tint at the same level wins over it.
    public var boxBorderColor: Color?
    public var onAnimation: CheckboxAnimation?
    public var offAnimation: CheckboxAnimation?
    // Switches.
    public var thumbColor: Color?
    public var thumbImage: String?
    // Shared by checkboxes and switches, each meaning its own part.
    public var tintColor: Color?
    public var onTintColor: Color?
    public var animationDuration: Double?
    /// Resolved paths, like every path in a decoded description.
    public var onImage: String?
    public var offImage: String?

    public init() {}

    /// Writes the keys this level sets over `style`.
    public func apply(to style: inout CheckboxStyle) {
        // The border colour goes first so explicit tints at this level override it.
        if let boxBorderColor {
            style.tintColor = boxBorderColor
            style.onTintColor = boxBorderColor
        }
        set(&style.boxType, boxType)
        set(&style.lineWidth, lineWidth)
        set(&style.hideBox, hideBox)
        set(&style.tintColor, tintColor)
        set(&style.onTintColor, onTintColor)
        set(&style.boxFillColor, boxFillColor)
        set(&style.onFillColor, onFillColor)
        set(&style.onCheckColor, onCheckColor)
        set(&style.animationDuration, animationDuration)
        set(&style.onAnimation, onAnimation)
        set(&style.offAnimation, offAnimation)
        if let onImage { style.onImage = onImage }
        if let offImage { style.offImage = offImage }
    }

    public func apply(to style: inout SwitchStyle) {
        set(&style.onTintColor, onTintColor)
        set(&style.tintColor, tintColor)
        set(&style.thumbColor, thumbColor)
        set(&style.animationDuration, animationDuration)
        if let onImage { style.onImage = onImage }
        if let offImage { style.offImage = offImage }
        if let thumbImage { style.thumbImage = thumbImage }
    }

    public func apply(to style: inout LabelStyle) {
        set(&style.color, labelColor)
        set(&style.fontSize, labelFontSize)
        set(&style.isShown, showLabel)
    }

    /// For non-optional fields only: an optional field would take `override` wrapped, nil included,
    /// which is why the image paths above use `if let`.
    private func set<Value>(_ field: inout Value, _ override: Value?) {
        if let override { field = override }
    }
}

extension Theme {
    /// The look of a checkbox (square box) or of radio options (round box) that set no style
    /// keys of their own: the theme's own look (accent, outline, check), then the theme's style keys.
    public func checkboxStyle(for kind: ControlKind) -> CheckboxStyle {
        var style = CheckboxStyle(boxType: kind == .radio ? .circle : .square, lineWidth: lineWidth, tintColor: boxTint,
                                  onTintColor: accent, onFillColor: accent, onCheckColor: check)
        controlDefaults.apply(to: &style)
        return style
    }

    /// The look of a switch that sets no style keys of its own.
    public var switchStyle: SwitchStyle {
        var style = SwitchStyle(onTintColor: accent, tintColor: switchTint, thumbColor: thumb)
        controlDefaults.apply(to: &style)
        return style
    }

    /// The label of a control that sets no label keys of its own.
    public var labelStyle: LabelStyle {
        var style = LabelStyle(color: text, fontSize: fontSize)
        controlDefaults.apply(to: &style)
        return style
    }

    /// A control's three styles: the theme's look, then the control's own keys; a check
    /// colour written at either level is kept as written. Only the
    /// style of the control's kind takes its keys: a shared key like on_tint_color on a switch
    /// means the track, not a checkbox outline.
    public func styles(for kind: ControlKind, overrides: StyleOverrides) -> (CheckboxStyle, SwitchStyle, LabelStyle) {
        var checkbox = checkboxStyle(for: kind), toggle = switchStyle, label = labelStyle
        switch kind.behavior.look {
        case .box: overrides.apply(to: &checkbox)
        case .track: overrides.apply(to: &toggle)
        case .text: break
        }
        overrides.apply(to: &label)
        if controlDefaults.onCheckColor == nil, overrides.onCheckColor == nil {
            // The theme's own check (white on the accent) under 3:1 against the fill it sits
            // on turns black or white, whichever shows more: white on #FF9500 is 2.2:1.
            checkbox.onCheckColor = checkbox.onFillColor.mark(check, legibleAt: CheckboxStyle.minimumContrast)
        }
        return (checkbox, toggle, label)
    }
}
