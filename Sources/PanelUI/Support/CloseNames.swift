/// Names close to one that was not found, for a "did you mean" in an error: a message that
/// listed every id of a large panel would make a one-line mistake cost megabytes of log.
///
/// The work is bounded by what a caller can send: a name or candidate longer than
/// `longest` bytes is never compared, and names whose lengths differ by more than the edits
/// allowed are skipped unread, so a stranger's request costs at most `names.count × longest²`
/// steps and usually a length comparison per name.
public enum CloseNames {
    /// Longest name (in UTF-8 bytes) that is compared at all.
    public static let longest = 64

    /// At most `limit` of `names` within a small edit distance of `name` (`editDistance`, case
    /// ignored), closest first, in the order given among equals.
    public static func near(_ name: String, in names: some Sequence<String>, limit: Int = 3) -> [String] {
        guard name.utf8.count <= longest, limit > 0 else { return [] }
        let wanted = Array(name.lowercased().unicodeScalars)
        guard !wanted.isEmpty else { return [] }
        // One edit in a short name, up to three in a long one.
        let allowed = min(3, max(1, wanted.count / 4))
        var found: [(distance: Int, order: Int, name: String)] = []
        var order = 0
        for candidate in names {
            defer { order += 1 }
            let bytes = candidate.utf8.count
            guard bytes <= longest, abs(bytes - name.utf8.count) <= 4 * allowed else { continue }
            let scalars = Array(candidate.lowercased().unicodeScalars)
            guard abs(scalars.count - wanted.count) <= allowed else { continue }
            let d = editDistance(wanted, scalars)
            if d <= allowed { found.append((d, order, candidate)) }
        }
        found.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        return found.prefix(limit).map(\.name)
    }

    /// The sentence an error appends: ` (did you mean 'a' or 'b'?)`, or "" when none is close.
    public static func suggestion(for name: String, in names: some Sequence<String>) -> String {
        let close = near(name, in: names)
        guard let last = close.last else { return "" }
        let quoted = close.dropLast().map { "'\($0)'" }
        return " (did you mean " + (quoted.isEmpty ? "" : quoted.joined(separator: ", ") + " or ") + "'\(last)'?)"
    }
}
