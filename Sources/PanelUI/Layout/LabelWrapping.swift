/// Label text set into lines for a row: whole on one line when it fits, else broken at the
/// last space that fits (or inside a word longer than the line) onto a second line, which ends
/// in "…" when even two lines are not enough. Lines break between grapheme clusters (Swift's
/// `Character`), in logical order; each line is then shaped and put in visual order on its own,
/// in the paragraph direction of the whole label (or `direction` when given).
public enum LabelWrapping {
    /// The most lines a label takes before it is cut.
    public static let maxLines = 2

    public static func lines(_ text: String, font: Font, width: Double, direction: TextDirection? = nil) -> [String] {
        guard width > 0 else { return [""] }
        guard font.measure(text, direction: direction) > width else { return [text] }
        let direction = direction ?? font.direction(of: text)
        let characters = Array(text)
        // The longest prefix that fits, by bisection: a longer prefix is never narrower.
        var fits = 0, tooLong = characters.count
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if font.measure(String(characters[..<middle]), direction: direction) <= width { fits = middle } else { tooLong = middle }
        }
        // Back to the last space inside that prefix, so words stay whole where one fits.
        var breakAt = fits
        if let space = characters[..<min(fits + 1, characters.count)].lastIndex(where: { $0 == " " }), space > 0 {
            breakAt = space
        }
        guard breakAt > 0 else { return [font.truncated(text, toWidth: width, direction: direction)] }
        var first = String(characters[..<breakAt])
        while first.last == " " { first.removeLast() }
        var rest = characters[breakAt...]
        while rest.first == " " { rest.removeFirst() }
        return [first, font.truncated(String(rest), toWidth: width, direction: direction)]
    }
}
