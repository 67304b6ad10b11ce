/// The message for a key a mapping does not take: a "did you mean" for a typo, a hint for
/// the names people bring from other toolkits (`checked`, `text`, `disabled`), and the three
/// keys it takes that are closest to what was written, not the whole list.
func unknownKeyMessage(_ key: String, in what: String, allowed: [String]) -> String {
    var message = "unknown key '\(key)' in \(what)"
    if let hint = seedHints[key.lowercased()], allowed.contains(hint.key) {
        return message + " (\(hint.text))"
    }
    if let suggestion = closestMatch(to: key, among: allowed) { message += " (did you mean '\(suggestion)'?)" }
    let closest = closestKeys(to: key, among: allowed, count: 3)
    guard !closest.isEmpty else { return message }
    return message + "; the closest keys it takes: " + closest.joined(separator: ", ")
}

/// Names from UIKit, HTML forms and other panel tools, and what this description calls them;
/// `key` must be one the mapping takes for the hint to be given.
private let seedHints: [String: (key: String, text: String)] = {
    let value = (key: "default", text: "a control's starting value is 'default', like default: true")
    let label = (key: "label", text: "the text a row shows is 'label', like label: Wi-Fi")
    let disabled = (key: "enabled", text: "write enabled: false to show a control greyed out")
    return ["checked": value, "on": value, "ison": value, "is_on": value, "selected": value, "value": value,
            "state": value, "initial": value,
            "text": label, "name": label, "caption": label,
            "disabled": disabled, "readonly": disabled, "read_only": disabled]
}()

/// Up to `count` of `candidates` nearest to `word`: first those that contain it or that it
/// contains (`colour` finds the `*_color` keys once British spelling is folded), then by edit
/// distance, ties in their order.
func closestKeys(to word: String, among candidates: [String], count: Int) -> [String] {
    let folded = word.lowercased().replacingEvery("colour", with: "color")
    let typed = Array(folded.unicodeScalars)
    func contains(_ a: String, _ b: String) -> Bool {
        let (a, b) = (Array(a.utf8), Array(b.utf8))
        guard b.count >= 4, b.count <= a.count else { return false }
        return (0...(a.count - b.count)).contains { a[$0..<($0 + b.count)].elementsEqual(b) }
    }
    return candidates.enumerated()
        .map { item -> (offset: Int, key: String, rank: Int, distance: Int) in
            let candidate = item.element.lowercased()
            let related = contains(candidate, folded) || contains(folded, candidate)
            return (item.offset, item.element, related ? 0 : 1, editDistance(typed, Array(candidate.unicodeScalars)))
        }
        .sorted { ($0.rank, $0.distance, $0.offset) < ($1.rank, $1.distance, $1.offset) }
        .prefix(count).map(\.key)
}

/// Where a tab stands in the leading whitespace of the line libyaml stopped at or the line
/// before it (libyaml reports a tab as "found character that cannot start any token", or
/// as a mapping it did not expect, often a line late).
func tabInIndentation(_ text: String, near location: SourceLocation) -> SourceLocation? {
    var line = 1
    var lines: [Int: Substring] = [:]
    for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line == location.line - 1 || line == location.line { lines[line] = part }
        if line > location.line { break }
        line += 1
    }
    for number in [location.line - 1, location.line] {
        guard let part = lines[number] else { continue }
        var column = 1
        for character in part.unicodeScalars {
            if character == "\t" { return SourceLocation(line: number, column: column) }
            guard character == " " || character == "-" else { break }
            column += 1
        }
    }
    return nil
}
