extension JSONValue {
    /// Parses strict RFC 8259 JSON: one value, optional whitespace around it, nothing else.
    /// Nesting deeper than `JSONReader.maximumDepth` is refused so hostile input can't exhaust the stack.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try withUTF8(of: text) { (bytes) throws(JSONError) in try parse(utf8: bytes) }
    }

    /// Parses JSON from raw bytes (a file, a socket line); bytes that aren't UTF-8 are an error.
    public static func parse(utf8 bytes: [UInt8]) throws(JSONError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { (buffer) in
            Result { () throws(JSONError) in try parse(utf8: buffer) }
        }
        return try result.get()
    }

    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        var reader = JSONReader(bytes)
        let value = try reader.value(depth: 0)
        try reader.expectEnd()
        return value
    }
}

/// `String.withUTF8` with a typed error (the standard library's only rethrows `any Error`).
func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(JSONError) -> Result) throws(JSONError) -> Result {
    var text = text
    let result = text.withUTF8 { (bytes) in Swift.Result { () throws(JSONError) in try body(bytes) } }
    return try result.get()
}

/// A cursor over JSON bytes.
///
/// `StateDocument` walks objects with it directly, so its errors can point inside the
/// document. Only valid while the buffer it was made from is. Line and column are worked
/// out only when an error needs them (`location(at:)`), so parsing stays linear however
/// long a line is.
struct JSONReader {
    static let maximumDepth = 64

    // Internal rather than private only so JSONScalars.swift can extend the reader.
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    /// Reused for strings with escapes, so parsing many strings doesn't allocate per string.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Where the cursor is; see `location(at:)`.
    var location: SourceLocation { location(at: offset) }

    /// The line and column of byte `position`, counted from the start of the text: the
    /// column counts characters (UTF-8 lead bytes) since the line start. It reads the text
    /// up to `position`, so it is for error messages, not for every token.
    func location(at position: Int) -> SourceLocation {
        var line = 1
        var column = 1
        for i in 0..<min(position, bytes.count) {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }

    func error(_ message: String) -> JSONError { JSONError(location: location, message: message) }

    /// Any value; `depth` counts the arrays and objects around it.
    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of input; expected a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            var object: [(key: String, value: JSONValue)] = []
            try members(depth: depth) { (reader, key, _) throws(JSONError) in
                object.append((key, try reader.value(depth: depth + 1)))
            }
            return .object(object)
        case UInt8(ascii: "["):
            return .array(try array(depth: depth))
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        default:
            throw error("unexpected \(shown(bytes[offset])); expected a value")
        }
    }

    /// Walks an object at the cursor. `body` gets each key and the offset of its opening
    /// quote (for `location(at:)` in an error), with the cursor at the member's value, and
    /// must consume that value.
    mutating func members(depth: Int, _ body: (inout JSONReader, String, Int) throws(JSONError) -> Void) throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else {
            throw error("expected an object ('{'), found \(shownHere)")
        }
        try enter(depth: depth)
        skipWhitespace()
        if try consume(UInt8(ascii: "}")) { return }
        repeat {
            skipWhitespace()
            let keyOffset = offset
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(shownHere)")
            }
            let key = try string()
            skipWhitespace()
            guard try consume(UInt8(ascii: ":")) else { throw error("expected ':' after the key \"\(key)\", found \(shownHere)") }
            skipWhitespace()
            try body(&self, key, keyOffset)
            skipWhitespace()
        } while try consume(UInt8(ascii: ","))
        guard try consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}' after an object member, found \(shownHere)") }
    }

    private mutating func array(depth: Int) throws(JSONError) -> [JSONValue] {
        try enter(depth: depth)
        var items: [JSONValue] = []
        skipWhitespace()
        if try consume(UInt8(ascii: "]")) { return items }
        repeat {
            items.append(try value(depth: depth + 1))
            skipWhitespace()
        } while try consume(UInt8(ascii: ","))
        guard try consume(UInt8(ascii: "]")) else { throw error("expected ',' or ']' after an array element, found \(shownHere)") }
        return items
    }

    /// Steps over the opening bracket at the cursor, refusing to go too deep.
    private mutating func enter(depth: Int) throws(JSONError) {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        offset += 1
    }

    /// Fails unless only whitespace is left.
    mutating func expectEnd() throws(JSONError) {
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected \(shown(bytes[offset])) after the JSON value") }
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): offset += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8) throws(JSONError) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let start = offset
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard offset < bytes.count, bytes[offset] == expected else {
                offset = start
                throw error("unknown word; expected a value such as true, false, null, a number or a \"string\"")
            }
            offset += 1
        }
    }

    /// The next byte as shown in messages, or "end of input".
    var shownHere: String { offset < bytes.count ? shown(bytes[offset]) : "end of input" }

    func shown(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
    }
}

/// Two upper-case hex digits.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}
