/// The colours a button row's label (and a confirm dialog's go-ahead button) is drawn in.
enum ButtonColors {
    /// iOS's system red for each base: light, dark, and the brighter increased-contrast red on black.
    static func red(_ theme: Theme) -> Color {
        switch theme.base {
        case .light: Color(rgb: 0xFF3B30)
        case .dark: Color(rgb: 0xFF453A)
        case .highContrast: Color(rgb: 0xFF6961)
        }
    }

    /// The accent, or the theme's red for a destructive button, legible as text on the row.
    static func label(_ style: ButtonStyle, theme: Theme) -> Color {
        legible(style == .destructive ? red(theme) : theme.accent, on: [theme.rowBackground, theme.highlight])
    }

    /// `color` darkened (on light backgrounds) or lightened (on dark ones) until it reaches
    /// WCAG's 4.5:1 for text against each of `backgrounds`: iOS's #007AFF is 4.0:1 on white and
    /// #FF3B30 3.6:1, so a light row gets a deeper blue and red.
    static func legible(_ color: Color, on backgrounds: [Color]) -> Color {
        backgrounds.reduce(color) { $0.raisedToContrast(PanelPainter.minimumTextContrast, against: $1) }
    }
}
