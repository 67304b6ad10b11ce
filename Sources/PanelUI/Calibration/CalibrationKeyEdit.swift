/// Setting the top-level `calibration:` key of a description's text and nothing else: every
/// other byte (comments, blank lines, order, quoting, line endings) stays as it was.
public enum CalibrationKeyEdit {
    /// `text` with its top-level `calibration:` (the key's line and the lines its value goes
    /// on over: indented ones and block-sequence items) replaced by one flow-sequence line, a
    /// comment after a one-line value kept; the line is appended when there is no such key.
    public static func setting(_ matrix: CalibrationMatrix, in text: String) -> String {
        let value = "[" + matrix.shownValues.joined(separator: ", ") + "]"
        var lines = splitKeepingEndings(text)
        guard let key = lines.firstIndex(where: isCalibrationKey) else {
            let separator = text.isEmpty || text.hasSuffix("\n") || text.hasSuffix("\r\n") ? "" : "\n"
            return text + separator + "calibration: \(value)\n"
        }
        let keyLine = lines[key]
        let ending = keyLine.hasSuffix("\r\n") ? "\r\n" : keyLine.hasSuffix("\n") ? "\n" : ""
        let content = String(keyLine.dropLast(ending.count))
        // The value's last line: indented content or "- " items after the key, skipping over
        // blank and comment lines only when more of the value follows them.
        var last = key
        var index = key + 1
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let body = trimmed.trimmingEnd()
            if body.isEmpty || body.hasPrefix("#") {
                index += 1
                continue
            }
            let indented = line.first == " " || line.first == "\t"
            guard indented || body == "-" || body.hasPrefix("- ") else { break }
            last = index
            index += 1
        }
        var comment = ""
        if last == key, let close = content.lastIndex(of: "]") {
            let after = content[content.index(after: close)...]
            let spaces = after.prefix { $0 == " " || $0 == "\t" }
            if !spaces.isEmpty, after.dropFirst(spaces.count).hasPrefix("#") { comment = String(after) }
        }
        lines.replaceSubrange(key...last, with: ["calibration: \(value)\(comment)\(ending)"])
        return lines.joined()
    }

    /// A line that starts (at column 0) with the key `calibration`, plain or quoted.
    static func isCalibrationKey(_ line: String) -> Bool {
        for key in ["calibration", "\"calibration\"", "'calibration'"] where line.hasPrefix(key) {
            var rest = line.dropFirst(key.count)
            while rest.first == " " || rest.first == "\t" { rest = rest.dropFirst() }
            guard rest.first == ":" else { continue }
            let after = rest.dropFirst().first
            if after == nil || after == " " || after == "\t" || after == "\n" || after == "\r" { return true }
        }
        return false
    }

    /// Lines with their "\n" (or "\r\n") kept, so joining them gives `text` back.
    static func splitKeepingEndings(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

private extension Substring {
    func trimmingEnd() -> Substring {
        var s = self
        while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" { s = s.dropLast() }
        return s
    }
}
