/// The `theme:` value: a base's name (`light`, `dark`, `high-contrast`, `auto`) or a mapping
/// that names its `base` (light when left out) and changes any of its keys.
struct DecodedTheme {
    /// The theme the panel starts from: the light one of a schedule.
    var theme: Theme
    var schedule: ThemeSchedule?
}

/// What `base:` (or the scalar `theme:`) may name: a fixed theme, or `auto`.
private enum BaseName: String, CaseIterable, Sendable {
    case light, dark
    case highContrast = "high-contrast"
    case auto

    var fixed: ThemeBase? { ThemeBase(rawValue: rawValue) }
}

/// The keys of a theme mapping, besides the style keys every control takes.
private struct ThemeDraft {
    var theme: Theme
    var base: BaseName?
    var darkFrom: Int?
    var darkUntil: Int?
}

private let themeOwnFields: [Field<ThemeDraft>] = [
    Field("base", \.base, .choice),
    Field("dark_from", \.darkFrom, .timeOfDay),
    Field("dark_until", \.darkUntil, .timeOfDay),
]

/// The theme's colours, fonts and sizes (written apart from the other lists: as one expression
/// Swift 6.2's type checker gives up on it).
private let themeLookFields: [Field<Theme>] = [
    Field("background", \.background, .color),
    Field("text", \.text, .color),
    Field("accent", \.accent, .color),
    Field("row_background", \.rowBackground, .color),
    Field("separator", \.separator, .color),
    Field("section_text", \.sectionText, .color),
    Field("highlight", \.highlight, .color),
    Field("pressed", \.pressed, .choice),
    Field("font", \.font, .fontFile),
    Field("fonts", \.fonts, .fontFiles),
    Field("font_size", \.fontSize, .int(in: 6...200)),
    // Rows are what fingers hit: below 48 pixels touches start landing on neighbours.
    Field("row_height", \.rowHeight, .int(in: 48...400)),
]

private let themeStyleFields: [Field<Theme>] = styleFields.map { Field($0, in: \.controlDefaults) }

private let themeFields: [Field<ThemeDraft>] = themeOwnFields
    + (themeLookFields + themeStyleFields).map { Field($0, in: \.theme) }

extension Conversion<DecodedTheme> {
    static var theme: Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar = node {
                let name = try Conversion<BaseName>.choice.convert(node, key, context)
                return decoded(name, light: .light, dark: .dark, times: (nil, nil))
            }
            // The base first, wherever it is written: the other keys change it.
            var name = BaseName.light
            if let baseNode = node.value(forKey: "base"), case .scalar = baseNode {
                name = try Conversion<BaseName>.choice.convert(baseNode, "base", context)
            }
            func over(_ base: Theme) throws(DescriptionError) -> ThemeDraft {
                var draft = ThemeDraft(theme: base)
                let keys = try decodeMapping(node, what: "theme", fields: themeFields, into: &draft, context)
                try rejectBothCheckColorNames(keys, context)
                if keys.value("font") != nil, let both = keys.key("fonts") {
                    throw context.error(both, "write either 'font' (one file) or 'fonts' (the file and its fallbacks), not both")
                }
                let size = draft.theme.controlDefaults.labelFontSize ?? draft.theme.fontSize
                let sizeNode = keys.value(draft.theme.controlDefaults.labelFontSize != nil ? "label_font_size" : "font_size")
                try checkFontFits(size, rowHeight: draft.theme.rowHeight, at: sizeNode, fallback: node, context)
                if name != .auto, let time = keys.names.first(where: { $0 == "dark_from" || $0 == "dark_until" }), let timeKey = keys.key(time) {
                    throw context.error(timeKey, "'\(time)' needs base: auto (the light theme by day, dark in that window)")
                }
                return draft
            }
            let first = try over(Theme.named(name.fixed ?? .light))
            guard name == .auto else { return DecodedTheme(theme: first.theme) }
            let dark = try over(.dark)
            if let from = first.darkFrom, let until = first.darkUntil, from == until, let key = node.value(forKey: "dark_until") {
                throw context.error(key, "'dark_until' is the same time as 'dark_from'; the dark window would be empty")
            }
            return decoded(.auto, light: first.theme, dark: dark.theme, times: (first.darkFrom, first.darkUntil))
        }
    }

    private static func decoded(_ name: BaseName, light: Theme, dark: Theme, times: (Int?, Int?)) -> DecodedTheme {
        guard name == .auto else { return DecodedTheme(theme: Theme.named(name.fixed!)) }
        let schedule = ThemeSchedule(light: light, dark: dark, darkFrom: times.0 ?? ThemeSchedule.defaultDarkFrom,
                                     darkUntil: times.1 ?? ThemeSchedule.defaultDarkUntil)
        return DecodedTheme(theme: light, schedule: schedule)
    }
}

extension Conversion<Int> {
    /// A local time of day, `"HH:MM"` from 00:00 to 23:59, as minutes after midnight.
    static var timeOfDay: Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar(let text, _, _) = node {
                let parts = text.split(separator: ":", omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].count == 2, parts[1].count == 2,
                   parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
                   let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60 {
                    return hours * 60 + minutes
                }
            }
            throw context.error(node, "'\(key)' must be a local time like \"20:00\" (00:00 to 23:59), not \(node.shownInMessage)")
        }
    }
}

/// The keys of a theme mapping, style keys included, for panel.yml(5) (`DescriptionKeys`).
let themeKeys = themeFields.map(\.key)
