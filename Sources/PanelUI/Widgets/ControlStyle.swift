/// How a checkbox (or a radio option) animates between off and on: BEMCheckBox's animation types.
public enum CheckboxAnimation: String, Sendable, CaseIterable {
    /// The box and then the check are drawn progressively along their length.
    case stroke
    /// The on fill grows from the centre of the box, then the check appears.
    case fill
    /// The on look grows past its size and settles back.
    case bounce
    /// A flat line morphs into the check mark.
    case flat
    /// The box and the check are drawn as one continuous stroke.
    case oneStroke = "one_stroke"
    /// The on look cross-fades over the off look.
    case fade
}

/// The box of a checkbox or radio option.
public enum BoxType: String, Sendable, CaseIterable {
    case circle, square
}

/// Everything about how a checkbox or radio option looks, merged from the control's keys,
/// the theme's defaults and built-in defaults (the UIControl checkbox and BEMCheckBox seeds).
public struct CheckboxStyle: Equatable, Sendable {
    /// `box_type`: square for checkboxes, circle for radio options unless set.
    public var boxType: BoxType
    /// `line_width` of the box outline, in pixels.
    public var lineWidth: Double
    /// `hide_box`: only the check mark is drawn.
    public var hideBox: Bool
    /// `tint_color`: the box outline when off (also set by `box_border_color`).
    public var tintColor: Color
    /// `on_tint_color`: the box outline when on (also set by `box_border_color`).
    public var onTintColor: Color
    /// `box_fill_color`: the inside of the box in both states (clear by default).
    public var boxFillColor: Color
    /// `on_fill_color`: the inside of the box when on.
    public var onFillColor: Color
    /// `on_check_color` (also `check_color`): the check mark.
    public var onCheckColor: Color
    /// `animation_duration` in seconds.
    public var animationDuration: Double
    /// `on_animation`, played when turning on.
    public var onAnimation: CheckboxAnimation
    /// `off_animation`, played (backwards) when turning off.
    public var offAnimation: CheckboxAnimation
    /// `on_image` / `off_image`: PNG files drawn instead of the vector box.
    public var onImage: String?
    public var offImage: String?

    public init(boxType: BoxType, lineWidth: Double = 2, hideBox: Bool = false,
                tintColor: Color = Theme.light.boxTint, onTintColor: Color, boxFillColor: Color = .clear,
                onFillColor: Color, onCheckColor: Color = .white, animationDuration: Double = 0.5,
                onAnimation: CheckboxAnimation = .stroke, offAnimation: CheckboxAnimation = .stroke,
                onImage: String? = nil, offImage: String? = nil) {
        self.boxType = boxType
        self.lineWidth = lineWidth
        self.hideBox = hideBox
        self.tintColor = tintColor
        self.onTintColor = onTintColor
        self.boxFillColor = boxFillColor
        self.onFillColor = onFillColor
        self.onCheckColor = onCheckColor
        self.animationDuration = animationDuration
        self.onAnimation = onAnimation
        self.offAnimation = offAnimation
        self.onImage = onImage
        self.offImage = offImage
    }

    /// The built-in look: the theme's accent fills the box and a white check sits on it.
    public static func standard(boxType: BoxType, accent: Color) -> CheckboxStyle {
        CheckboxStyle(boxType: boxType, onTintColor: accent, onFillColor: accent)
    }
}

/// Everything about how a switch looks (UISwitch and the custom image switch seed).
public struct SwitchStyle: Equatable, Sendable {
    /// `on_tint_color`: the track when on.
    public var onTintColor: Color
    /// `tint_color`: the track when off.
    public var tintColor: Color
    /// `thumb_color`: the knob.
    public var thumbColor: Color
    /// `animation_duration` in seconds (UISwitch takes about 0.2 s).
    public var animationDuration: Double
    /// `on_image` / `off_image`: PNG files drawn as the track; `thumb_image`: as the knob.
    public var onImage: String?
    public var offImage: String?
    public var thumbImage: String?

    public init(onTintColor: Color, tintColor: Color = Theme.light.switchTint, thumbColor: Color = .white,
                animationDuration: Double = 0.2, onImage: String? = nil, offImage: String? = nil, thumbImage: String? = nil) {
        self.onTintColor = onTintColor
        self.tintColor = tintColor
        self.thumbColor = thumbColor
        self.animationDuration = animationDuration
        self.onImage = onImage
        self.offImage = offImage
        self.thumbImage = thumbImage
    }

    public static func standard(accent: Color) -> SwitchStyle {
        SwitchStyle(onTintColor: accent)
    }
}

/// A control's label (the UIControl checkbox seed's attached text).
public struct LabelStyle: Equatable, Sendable {
    /// `show_label`: false draws the widget alone.
    public var isShown: Bool
    /// `label_color`
    public var color: Color
    /// `label_font_size`
    public var fontSize: Int

    public init(isShown: Bool = true, color: Color, fontSize: Int) {
        self.isShown = isShown
        self.color = color
        self.fontSize = fontSize
    }
}

extension CheckboxStyle {
    /// The look a disabled box is drawn in before its layer is faded to `opacity` over a row of
    /// colour `row`: outlines and the on fill darkened (or lightened on a dark row) just enough
    /// to keep 3:1 against the row after the fade, WCAG 2.1's minimum for a control's edges,
    /// and the check 3:1 against the faded fill.
    /// `memo`: where the painter keeps raised colours from frame to frame (the same colours either way).
    public func legible(fadedTo opacity: Double, over row: Color, memo: ContrastMemo? = nil) -> CheckboxStyle {
        var style = self
        func raised(_ c: Color) -> Color {
            memo?.raise(c, Self.minimumContrast, against: row, opacity: opacity)
                ?? c.raisedToContrast(Self.minimumContrast, against: row, opacity: opacity)
        }
        style.tintColor = raised(tintColor)
        style.onTintColor = raised(onTintColor)
        // Fill and outline of one colour stay one colour, so they still merge into one shape.
        style.onFillColor = onFillColor == onTintColor ? style.onTintColor : raised(onFillColor)
        // The check keeps 3:1 on the faded fill: its own colour if it can, else black or white.
        let fill = style.onFillColor.composited(over: row, opacity: opacity)
        func shown(_ check: Color) -> Double { check.composited(over: row, opacity: opacity).contrast(with: fill) }
        if style.onFillColor.a == 255, shown(onCheckColor) < Self.minimumContrast {
            style.onCheckColor = shown(.black) >= shown(.white) ? .black : .white
        }
        return style
    }

    /// WCAG 2.1 1.4.11: non-text parts of a control against what is next to them.
    public static let minimumContrast = 3.0
}

extension SwitchStyle {
    /// The look a disabled switch is drawn in before its layer fades: both tracks keep 3:1
    /// against the row after the fade (see `CheckboxStyle.legible`).
    public func legible(fadedTo opacity: Double, over row: Color, memo: ContrastMemo? = nil) -> SwitchStyle {
        var style = self
        func raised(_ c: Color) -> Color {
            memo?.raise(c, CheckboxStyle.minimumContrast, against: row, opacity: opacity)
                ?? c.raisedToContrast(CheckboxStyle.minimumContrast, against: row, opacity: opacity)
        }
        style.tintColor = raised(tintColor)
        style.onTintColor = raised(onTintColor)
        return style
    }
}
