/// How a panel looks: its colours, font and row size, and the defaults every control starts from.
///
/// Descriptions pick one of the named bases (`theme: light`, `dark`, `high-contrast`) and may
/// change any key of it (`theme: {base: dark, accent: "#FF9500"}`); `auto` is light by day
/// and dark in a time window (see `ThemeSchedule`). Every base's off outlines, tracks and
/// disabled looks reach WCAG 2.1's 3:1 against their rows, and its text 4.5:1, measured from
/// rendered pixels by `ThemeContrastTests`.
public struct Theme: Equatable, Sendable {
    /// The base the theme was built on.
    public var base: ThemeBase
    public var background: Color
    public var text: Color
    /// Switch and checkbox when on, radio dot, the pressed halo.
    public var accent: Color
    public var rowBackground: Color
    public var separator: Color
    public var sectionText: Color
    /// A checkbox's or radio option's outline when off (`tint_color` changes it per control).
    public var boxTint: Color
    /// A switch's track when off.
    public var switchTint: Color
    /// A switch's knob.
    public var thumb: Color
    /// The check mark on the accent, unless a style key names one; made black or white where it
    /// would fall under 3:1 against the fill (see `Theme.styles(for:overrides:)`).
    public var check: Color
    /// The outline width of boxes, in pixels.
    public var lineWidth: Double
    /// `pressed`: what a finger down on a row shows.
    public var pressed: PressedFeedback
    /// `highlight`: the row's colour under a finger with `pressed: row`.
    public var highlight: Color
    /// Path of a TrueType/OpenType file; a relative path in a description is resolved
    /// against the description file's folder.
    public var font: String
    /// `fonts:` after the first: files whose glyphs draw what `font` has none for, tried in order.
    public var fallbackFonts: [String] = []
    public var fontSize: Int
    /// Rows are touch targets, so at least 48 pixels.
    public var rowHeight: Int
    /// Style keys written under `theme:`: defaults for every control they fit.
    public var controlDefaults = StyleOverrides()

    public init(base: ThemeBase, background: Color, text: Color, accent: Color, rowBackground: Color, separator: Color,
                sectionText: Color, boxTint: Color, switchTint: Color, thumb: Color = .white, check: Color = .white,
                lineWidth: Double = 2, pressed: PressedFeedback = .halo, highlight: Color,
                font: String = Theme.defaultFont, fontSize: Int = 20, rowHeight: Int = 64) {
        self.base = base
        self.background = background
        self.text = text
        self.accent = accent
        self.rowBackground = rowBackground
        self.separator = separator
        self.sectionText = sectionText
        self.boxTint = boxTint
        self.switchTint = switchTint
        self.thumb = thumb
        self.check = check
        self.lineWidth = lineWidth
        self.pressed = pressed
        self.highlight = highlight
        self.font = font
        self.fontSize = fontSize
        self.rowHeight = rowHeight
    }

    public static let defaultFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// `font` then the fallbacks: what `FontCache.font(paths:pixelSize:)` opens.
    public var fonts: [String] {
        get { [font] + fallbackFonts }
        set {
            font = newValue.first ?? Theme.defaultFont
            fallbackFonts = Array(newValue.dropFirst())
        }
    }

    /// The light base: iOS's grouped settings list. The off outline and track are iOS's greys
    /// darkened to reach 3:1 on the white row (#C7C7CC was 1.68:1, #E9E9EA 1.21:1) and on the highlight.
    public static let light = Theme(
        base: .light, background: Color(rgb: 0xF2F2F7), text: Color(rgb: 0x000000), accent: Color(rgb: 0x007AFF),
        rowBackground: Color(rgb: 0xFFFFFF), separator: Color(rgb: 0xC6C6C8), sectionText: Color(rgb: 0x6D6D72),
        boxTint: Color(rgb: 0x7C7C80), switchTint: Color(rgb: 0x7C7C80), highlight: Color(rgb: 0xE5E5EA))

    /// The dark base, after iOS's dark grouped tables: black page, near-black rows, the
    /// brighter dark-mode blue, system grey outlines and tracks.
    public static let dark = Theme(
        base: .dark, background: Color(rgb: 0x000000), text: Color(rgb: 0xFFFFFF), accent: Color(rgb: 0x0A84FF),
        rowBackground: Color(rgb: 0x1C1C1E), separator: Color(rgb: 0x38383A), sectionText: Color(rgb: 0x8D8D93),
        boxTint: Color(rgb: 0x8E8E93), switchTint: Color(rgb: 0x8E8E93), highlight: Color(rgb: 0x3A3A3C))

    /// Black and white with a strong yellow accent, white outlines 3 px wide and a black knob
    /// (a white one would vanish on the yellow track).
    public static let highContrast = Theme(
        base: .highContrast, background: Color(rgb: 0x000000), text: Color(rgb: 0xFFFFFF), accent: Color(rgb: 0xFFD60A),
        rowBackground: Color(rgb: 0x000000), separator: Color(rgb: 0x8E8E93), sectionText: Color(rgb: 0xFFFFFF),
        boxTint: Color(rgb: 0xFFFFFF), switchTint: Color(rgb: 0x8E8E93), thumb: Color(rgb: 0x000000), check: Color(rgb: 0x000000),
        lineWidth: 3, highlight: Color(rgb: 0x333333))

    /// Today's default: the light base.
    public static let standard = light

    /// The named base's theme.
    public static func named(_ base: ThemeBase) -> Theme {
        switch base {
        case .light: return .light
        case .dark: return .dark
        case .highContrast: return .highContrast
        }
    }
}

/// The named themes a description can start from.
public enum ThemeBase: String, Sendable, CaseIterable {
    case light, dark
    case highContrast = "high-contrast"
}

/// What a finger down on a row shows.
public enum PressedFeedback: String, Sendable, CaseIterable {
    /// A halo around the widget, ringed in the accent (the default): only the widget repaints.
    case halo
    /// The whole row in the theme's `highlight` colour, as iOS Settings highlights a cell.
    case row
}
