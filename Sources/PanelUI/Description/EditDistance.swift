/// The candidate a mistyped word was most likely meant to be, for "did you mean" hints.
///
/// Uses the optimal-string-alignment distance (Levenshtein plus swapped neighbours,
/// so `lable` is one step from `label`), ignoring case. Short words get less slack so
/// `id` does not suggest everything two letters long.
func closestMatch(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
        let allowed = candidate.count <= 3 ? 1 : candidate.count <= 6 ? 2 : 3
        if distance <= allowed, distance < best?.distance ?? .max {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rows suffice: the transposition step looks two rows back.
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], twoBack[j - 2] + 1)
            }
        }
        (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
}
