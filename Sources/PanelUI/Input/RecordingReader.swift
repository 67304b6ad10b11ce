/// Reads a touchscreen recording, whichever of the two common formats it is in.
public enum RecordingReader {
    /// Parses `text` as an evemu recording or a `libinput record` YAML file.
    ///
    /// The format is sniffed from the first line that is not blank or a `#` comment:
    /// evemu lines start with a letter and a colon (`N:`, `I:`, `E:` …, with or without a
    /// `# EVEMU 1.x` header); anything else is tried as YAML and must be a mapping with a
    /// `version:` key. `file` is only used in error messages.
    public static func parse(_ text: String, file: String) throws(RecordingError) -> Recording {
        guard let (firstLine, number) = firstContentLine(of: text) else {
            throw RecordingError(file: file, line: 1, message: "empty recording: no device description or events")
        }
        if looksLikeEvemu(firstLine) {
            return try EvemuParser.parse(text, file: file)
        }
        let root: YAMLNode?
        do {
            root = try YAMLNode.parse(text)
        } catch {
            throw RecordingError(file: file, line: error.location.line, message: "not an evemu recording, and not valid YAML: \(error.message)")
        }
        guard let root, case .mapping(let pairs, _) = root,
              pairs.contains(where: { if case .scalar("version", _, _) = $0.key { true } else { false } }) else {
            throw RecordingError(file: file, line: number,
                                 message: "unknown format: expected evemu lines (N:, I:, E: …) or `libinput record` YAML (version: 1, devices: …)")
        }
        return try LibinputRecordParser.parse(root, file: file)
    }

    private static func firstContentLine(of text: String) -> (Substring, Int)? {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if trimmed.isEmpty || trimmed.first == "#" || trimmed.allSatisfy({ $0 == "\r" }) { continue }
            return (trimmed, number)
        }
        return nil
    }

    /// `X:` followed by a space, a tab or the end of the line, X one of evemu's line kinds.
    private static func looksLikeEvemu(_ line: Substring) -> Bool {
        guard let kind = line.first, "NIPBALSE".contains(kind), line.dropFirst().first == ":" else { return false }
        let after = line.dropFirst(2).first
        return after == nil || after == " " || after == "\t" || after == "\r"
    }
}
