/// Reads a touchscreen recording, whichever of the two common formats it is in.
public enum RecordingReader {
    /// Parses a recording read a chunk at a time through `read` (which fills the buffer it is
    /// given and returns the count, 0 at the end, nil when reading failed), as an evemu
    /// recording or a `libinput record` YAML file. The text is never held whole: memory goes
    /// to the events (24 bytes each), so a 100 MB recording costs about a third of its size.
    ///
    /// The format is sniffed from the first line that is not blank or a `#` comment:
    /// evemu lines start with a letter and a colon (`N:`, `I:`, `E:` …, with or without a
    /// `# EVEMU 1.x` header); anything else is tried as YAML and must be a mapping with a
    /// `version:` key. `file` is only used in error messages. When `read` failed, the error
    /// thrown says so; the caller reports its own reason instead.
    public static func parse(file: String, read: @escaping (UnsafeMutableRawBufferPointer) -> Int?) throws(RecordingError) -> Recording {
        let bytes = RecordingBytes(file: file, read: read)
        guard let (firstLine, number) = bytes.firstContentLine() else {
            try bytes.checkRead()
            throw RecordingError(file: file, line: 1, message: "empty recording: no device description or events")
        }
        if looksLikeEvemu(firstLine) {
            return try EvemuParser.parse(bytes)
        }
        return try LibinputRecordParser.parse(bytes, firstContentLine: number)
    }

    /// Parses `text` (the same as reading it from a file).
    public static func parse(_ text: String, file: String) throws(RecordingError) -> Recording {
        let utf8 = Array(text.utf8)
        var offset = 0
        return try parse(file: file) { buffer in
            let count = min(buffer.count, utf8.count - offset)
            utf8.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            offset += count
            return count
        }
    }

    /// The error for a file that is neither format, located at its first content line.
    static func unknownFormat(_ file: String, line: Int) -> RecordingError {
        RecordingError(file: file, line: line,
                       message: "unknown format: expected evemu lines (N:, I:, E: …) or `libinput record` YAML (version: 1, devices: …)")
    }

    /// `X:` followed by a space, a tab or the end of the line, X one of evemu's line kinds.
    private static func looksLikeEvemu(_ line: [UInt8]) -> Bool {
        guard line.count >= 2, Array("NIPBALSE".utf8).contains(line[0]), line[1] == UInt8(ascii: ":") else { return false }
        return line.count == 2 || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(line[2])
    }
}
