/// A recording's bytes as they are read, a chunk at a time, from whatever the caller reads
/// (a file, a string): the parsers take lines or blocks from it and never hold the whole
/// file, so reading a recording costs memory for its events, not for its text.
final class RecordingBytes {
    /// Fills the buffer with the next bytes: the count, 0 at the end, nil when reading failed
    /// (the caller knows why and reports it).
    typealias Read = (UnsafeMutableRawBufferPointer) -> Int?

    /// The longest line the line reader takes (evemu's longest, a bitmask line, is about 25 KB).
    static let maximumLineLength = 1 << 20
    static let chunkSize = 64 * 1024

    let file: String
    private let read: Read
    private var buffer: [UInt8] = []
    /// The unconsumed bytes are buffer[start...].
    private var start = 0
    private var atEnd = false
    /// A read failed: whatever the parser makes of the missing rest, the caller's error wins.
    private(set) var failed = false
    /// Lines handed out by `nextLine`, for error messages.
    private(set) var lineNumber = 0

    init(file: String, read: @escaping Read) {
        self.file = file
        self.read = read
    }

    /// Appends the next chunk to the unconsumed bytes; false at the end or on a failure.
    private func fill() -> Bool {
        guard !atEnd else { return false }
        if start > 0 {
            buffer.removeSubrange(..<start)
            start = 0
        }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        let count = buffer.withUnsafeMutableBytes { read(UnsafeMutableRawBufferPointer(rebasing: $0[old...])) }
        buffer.removeSubrange((old + max(0, count ?? 0))...)
        if count == nil { failed = true }
        if (count ?? 0) <= 0 { atEnd = true }
        return (count ?? 0) > 0
    }

    /// The first line that is neither blank nor a `#` comment, its leading blanks dropped
    /// (at most its first 3 bytes, all the format sniffing needs) and its number; nothing is
    /// consumed. nil when there is none.
    func firstContentLine() -> (prefix: [UInt8], number: Int)? {
        var offset = 0
        var number = 1
        var skipping = false
        while true {
            while start + offset >= buffer.count {
                guard fill() else { return nil }
            }
            let byte = buffer[start + offset]
            offset += 1
            if byte == UInt8(ascii: "\n") {
                number += 1
                skipping = false
            } else if skipping || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                continue
            } else if byte == UInt8(ascii: "#") {
                skipping = true
            } else {
                var prefix = [byte]
                while prefix.count < 3 {
                    while start + offset >= buffer.count {
                        guard fill() else { return (prefix, number) }
                    }
                    let next = buffer[start + offset]
                    if next == UInt8(ascii: "\n") { break }
                    prefix.append(next)
                    offset += 1
                }
                return (prefix, number)
            }
        }
    }

    /// The next line without its "\n" (nil at the end); a line longer than
    /// `maximumLineLength` is an error, so a file without line breaks can't fill the memory.
    func nextLine() throws(RecordingError) -> ArraySlice<UInt8>? {
        // Bytes after `start` already searched for the line's end (filling moves `start`, not them).
        var scanned = 0
        while true {
            if let end = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                guard end - start <= Self.maximumLineLength else { throw tooLong() }
                let line = buffer[start..<end]
                start = end + 1
                lineNumber += 1
                return line
            }
            scanned = buffer.count - start
            guard scanned <= Self.maximumLineLength else { throw tooLong() }
            if !fill() {
                try checkRead()
                guard start < buffer.count else { return nil }
                guard buffer.count - start <= Self.maximumLineLength else { throw tooLong() }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                return line
            }
        }
    }

    private func tooLong() -> RecordingError {
        RecordingError(file: file, line: lineNumber + 1, message: "line longer than \(Self.maximumLineLength) bytes")
    }

    /// Copies the next bytes into `destination`: the count, 0 at the end (libyaml's input).
    func copy(into destination: UnsafeMutableRawBufferPointer) -> Int {
        if start >= buffer.count, !fill() { return 0 }
        let count = min(destination.count, buffer.count - start)
        buffer.withUnsafeBytes { destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<(start + count)])) }
        start += count
        return count
    }

    /// Throws when a read failed, so a file cut short by an error is never taken for a shorter one.
    func checkRead() throws(RecordingError) {
        if failed { throw RecordingError(file: file, line: max(1, lineNumber), message: "the file could not be read to its end") }
    }
}
