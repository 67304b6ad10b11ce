import PanelUI

/// What one run of a value source's program gave: the text its row shows, or why there is none.
enum ValueReading: Equatable, CustomStringConvertible {
    /// stdout's first line, trimmed, without control characters, at most `ValueText.longest`
    /// characters: always text a value row takes (may be empty).
    case text(String)
    /// "exited with status 1: sensors: no such chip", "timed out after 2 s", "cannot start …",
    /// "unknown placeholder {vaule} in exec argument 1".
    case failed(reason: String)

    var description: String {
        switch self {
        case .text(let text): "text \(JSONValue.string(text).serialized())"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}

/// The first line of a stream, whatever follows it: at most `limit` bytes are kept, the rest
/// only counted, so a program printing megabytes costs 4 KiB.
struct FirstLineCapture {
    static let limit = 4096
    private(set) var kept: [UInt8] = []
    /// A line feed came, or `limit` bytes did: later bytes are discarded.
    private(set) var isComplete = false
    /// Whether the line was cut at `limit` bytes.
    private(set) var isCut = false

    mutating func take(_ bytes: UnsafeRawBufferPointer) {
        guard !isComplete, !bytes.isEmpty else { return }
        let room = Self.limit - kept.count
        if let newline = bytes.prefix(room).firstIndex(of: UInt8(ascii: "\n")) {
            kept += bytes[..<newline]
            isComplete = true
        } else {
            kept += bytes.prefix(room)
            if kept.count == Self.limit {
                isComplete = true
                // A line feed right at the limit means the line ended there.
                isCut = bytes.count <= room || bytes[room] != UInt8(ascii: "\n")
            }
        }
    }

    /// The line as a row shows it (see `shownLine`), cut to what a value row may show
    /// (`ValueText.longest` characters, the last of them "…" when cut).
    var text: String {
        let shown = shownLine(kept, cut: isCut).unicodeScalars
        guard shown.count > ValueText.longest else { return String(shown) }
        return String(String.UnicodeScalarView(shown.prefix(ValueText.longest - 1))) + "…"
    }
}

/// The end of a stream, for its last line: the last `limit` bytes are kept.
struct LastLineCapture {
    static let limit = 4096
    private var tail: [UInt8] = []
    private var dropped = false

    mutating func take(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count >= Self.limit {
            dropped = dropped || !tail.isEmpty || bytes.count > Self.limit
            tail = Array(bytes.suffix(Self.limit))
            return
        }
        tail += bytes
        // Trimmed once it holds twice what is kept, so each byte is moved at most once.
        if tail.count > 2 * Self.limit {
            tail.removeFirst(tail.count - Self.limit)
            dropped = true
        }
    }

    /// The last line that isn't blank, shown as `shownLine` makes it and cut to 200 characters
    /// (it goes into a reason, after the exit status); nil when there is none.
    var line: String? {
        let kept = tail.suffix(Self.limit)
        let dropped = dropped || tail.count > Self.limit
        let lines = kept.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated().reversed() {
            let shown = shownLine(Array(line), cut: false)
            guard !shown.isEmpty else { continue }
            // The first line kept may be the end of a longer one.
            let start = index == 0 && dropped ? "…" : ""
            let scalars = shown.unicodeScalars
            return start + (scalars.count > 200 ? String(String.UnicodeScalarView(scalars.prefix(200))) + "…" : shown)
        }
        return nil
    }
}

/// Bytes a program printed as one line a row can show: UTF-8 (a broken sequence becomes
/// U+FFFD, a character cut at the end by `cut` is dropped), trimmed of white space at both
/// ends, a tab inside as a space and every other control character as U+FFFD, so no escape
/// sequence or line break reaches the row or the log.
func shownLine(_ bytes: [UInt8], cut: Bool) -> String {
    var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)[...]
    if cut, scalars.last == "\u{FFFD}" { scalars.removeLast() }
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
          let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    var shown = String.UnicodeScalarView()
    for scalar in scalars[first...last] {
        switch scalar.value {
        case 0x09: shown.append(" ")
        case 0x00...0x1F, 0x7F...0x9F: shown.append("\u{FFFD}")
        default: shown.append(scalar)
        }
    }
    return String(shown)
}
