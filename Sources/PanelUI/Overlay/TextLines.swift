/// Text set into up to `maxLines` lines of a width, for the dialog's title and message:
/// each line as long as fits, broken at its last space (or inside a word longer than a line),
/// the last one cut with "…" when the text runs on. Lines break between grapheme clusters and
/// are measured in the paragraph direction of the whole text (or `direction`).
enum TextLines {
    static func wrap(_ text: String, font: Font, width: Double, maxLines: Int, direction: TextDirection? = nil) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        let direction = direction ?? font.direction(of: text)
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if lines.count == maxLines - 1 || font.measure(String(rest), direction: direction) <= width {
                lines.append(font.truncated(String(rest), toWidth: width, direction: direction))
                break
            }
            let characters = Array(rest)
            // The longest prefix that fits, by bisection: a longer prefix is never narrower.
            var fits = 0, tooLong = characters.count
            while tooLong - fits > 1 {
                let middle = (fits + tooLong) / 2
                if font.measure(String(characters[..<middle]), direction: direction) <= width { fits = middle } else { tooLong = middle }
            }
            var breakAt = max(fits, 1)
            if let space = characters[..<min(fits + 1, characters.count)].lastIndex(of: " "), space > 0 { breakAt = space }
            var line = String(characters[..<breakAt])
            while line.last == " " { line.removeLast() }
            lines.append(line)
            rest = rest.dropFirst(breakAt)
            while rest.first == " " { rest.removeFirst() }
        }
        return lines.isEmpty ? [""] : lines
    }
}

/// The fonts a dialog's text is set in: the label size for its title and buttons, the header
/// size for its message, the theme's font file (the painter draws with the same sizes, so
/// the lines the model sets are the lines drawn).
public final class DialogFonts: @unchecked Sendable {
    let label: Font
    let message: Font

    /// nil when the theme's font can't be opened: dialogs then set each text on one line,
    /// which the painter cuts to the dialog's width.
    public init?(fonts: FontCache?, theme: Theme, metrics: LayoutMetrics) {
        guard let fonts, let label = try? fonts.font(paths: theme.fonts, pixelSize: metrics.fontSize),
              let message = try? fonts.font(paths: theme.fonts, pixelSize: metrics.headerFontSize) else { return nil }
        self.label = label
        self.message = message
    }
}
