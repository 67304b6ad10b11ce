/// Names close to one that was not found, for a "did you mean" in an error: a message that
/// listed every id of a large panel would make a one-line mistake cost megabytes of log.
///
/// The work is bounded by what a caller can send: a name or candidate longer than
/// `longest` bytes is never compared, and each comparison stops once its distance passes
/// the limit, so a stranger's request costs at most about `names.count × longest` steps.
public enum CloseNames {
    /// Longest name (in UTF-8 bytes) that is compared at all.
    public static let longest = 64

    /// At most `limit` of `names` within a small edit distance of `name` (case ignored for
    /// ASCII letters), closest first, in the order given among equals.
    public static func near(_ name: String, in names: some Sequence<String>, limit: Int = 3) -> [String] {
        let wanted = Array(name.utf8.prefix(longest + 1)).map(folded)
        guard !wanted.isEmpty, wanted.count <= longest, limit > 0 else { return [] }
        // One edit in a short name, up to three in a long one.
        let allowed = min(3, max(1, wanted.count / 4))
        var found: [(distance: Int, order: Int, name: String)] = []
        var order = 0
        for candidate in names {
            defer { order += 1 }
            let bytes = candidate.utf8
            guard abs(bytes.count - wanted.count) <= allowed, bytes.count <= longest else { continue }
            if let d = distance(wanted, bytes.map(folded), atMost: allowed) {
                found.append((d, order, candidate))
            }
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

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// Levenshtein distance, or nil once it must exceed `limit` (every entry of a row above it).
    static func distance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in stride(from: 1, through: a.count, by: 1) {
            current[0] = i
            var rowBest = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowBest = min(rowBest, current[j])
            }
            if rowBest > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
