/// A piece of text a panel draws (a title, a label, a detail, an option, a unit, a
/// confirmation), where the description writes it: what `panel check` holds against the
/// theme's fonts.
public struct DrawnText: Equatable, Sendable {
    public var text: String
    /// The value's place in the file.
    public var location: SourceLocation

    public init(text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }
}

/// Warnings for text that no font of the theme can draw: each piece of text once, naming the
/// characters (at most a few) that would be drawn as empty boxes.
public enum TextCoverage {
    /// The most characters one warning names.
    static let namedAtMost = 5

    public static func warnings(_ description: PanelDescription, file: String, font: Font) -> [DescriptionWarning] {
        var warnings: [DescriptionWarning] = []
        var seen: Set<DrawnTextKey> = []
        for drawn in description.drawnTexts where seen.insert(DrawnTextKey(drawn)).inserted {
            let missing = font.missingCharacters(in: drawn.text)
            guard !missing.isEmpty else { continue }
            var named = missing.prefix(namedAtMost).map(name).joined(separator: ", ")
            if missing.count > namedAtMost { named += " and \(missing.count - namedAtMost) more" }
            let fonts = description.theme.fonts.count == 1 ? "the theme's font has no" : "no font of the theme has a"
            warnings.append(DescriptionWarning(
                file: file, location: drawn.location,
                message: "\(fonts) glyph for \(named): drawn as empty boxes (add a font that has them to theme: {fonts: [...]}, like DroidSansFallbackFull.ttf for Chinese and Japanese)"))
        }
        return warnings
    }

    /// `U+4E2D '中'`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " '\(Character(scalar))'"
    }

    private struct DrawnTextKey: Hashable {
        var text: String
        var line: Int
        var column: Int

        init(_ drawn: DrawnText) {
            (text, line, column) = (drawn.text, drawn.location.line, drawn.location.column)
        }
    }
}
