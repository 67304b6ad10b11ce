/// Strings and numbers: the parts of JSON with the most rules.
extension JSONReader {
    /// A string at the cursor (which is on its opening quote). Checks that the text is
    /// UTF-8 and that escapes, surrogate pairs included, form valid characters.
    mutating func string() throws(JSONError) -> String {
        let quote = offset
        offset += 1
        var segmentStart = offset
        var escaped = false
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                defer { offset += 1 }
                if !escaped { return String(decoding: UnsafeBufferPointer(rebasing: bytes[segmentStart..<offset]), as: UTF8.self) }
                scratch.append(contentsOf: bytes[segmentStart..<offset])
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if !escaped { scratch.removeAll(keepingCapacity: true) }
                escaped = true
                scratch.append(contentsOf: bytes[segmentStart..<offset])
                try escape()
                segmentStart = offset
            case ..<0x20:
                throw error("control character U+00\(hex(byte)) inside a string; write it as \\u00\(hex(byte))")
            case ..<0x80:
                offset += 1
            default:
                try skipUTF8Sequence()
            }
        }
        throw JSONError(location: location(at: quote), message: "string is not closed; add the missing '\"'")
    }

    /// Decodes the escape at the cursor (on its backslash) into `scratch`.
    private mutating func escape() throws(JSONError) {
        offset += 1
        guard offset < bytes.count else { throw error("string is not closed; add the missing '\"'") }
        let simple: UInt8?
        switch bytes[offset] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): simple = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): simple = UInt8(ascii: "\t")
        case UInt8(ascii: "u"): simple = nil
        default:
            offset -= 1
            throw error("unknown escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
        }
        if let simple {
            scratch.append(simple)
            offset += 1
            return
        }
        let escapeStart = offset - 1
        var scalar = try hexQuad()
        if (0xD800...0xDBFF).contains(scalar) {
            // A UTF-16 high surrogate: only meaningful followed by \u and a low surrogate.
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw JSONError(location: location(at: escapeStart), message: "\\u\(hex16(scalar)) starts a surrogate pair but no \\uDC00-\\uDFFF follows")
            }
            offset += 1
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONError(location: location(at: escapeStart), message: "\\u\(hex16(scalar)) starts a surrogate pair but \\u\(hex16(low)) is not a low surrogate")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw JSONError(location: location(at: escapeStart), message: "\\u\(hex16(scalar)) is half of a surrogate pair; the high half must come first")
        }
        scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
    }

    /// Reads `uXXXX` at the cursor and returns the number.
    private mutating func hexQuad() throws(JSONError) -> UInt32 {
        offset += 1
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                throw error("\\u must be followed by four hex digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// Steps over one well-formed multi-byte UTF-8 character (no overlongs, surrogates or values past U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONError) {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: throw error("invalid UTF-8 byte 0x\(hex(lead))")
        }
        for i in 1..<length {
            let range = i == 1 ? secondRange : 0x80...0xBF
            guard offset + i < bytes.count, range.contains(bytes[offset + i]) else {
                throw error("invalid UTF-8 sequence starting with byte 0x\(hex(lead))")
            }
        }
        offset += length
    }

    /// A number at the cursor, checked against the JSON grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func number() throws(JSONError) -> Double {
        let start = offset
        _ = try consume(UInt8(ascii: "-"))
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after '-'") }
        if bytes[offset] == UInt8(ascii: "0"), offset + 1 < bytes.count, isDigit(bytes[offset + 1]) {
            throw error("numbers can't start with 0 unless they are 0 (write 7, not 07)")
        }
        skipDigits()
        var isWhole = true
        if try consume(UInt8(ascii: ".")) {
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after '.'") }
            skipDigits()
            isWhole = false
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if !(try consume(UInt8(ascii: "+"))) { _ = try consume(UInt8(ascii: "-")) }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent") }
            skipDigits()
            isWhole = false
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        // Whole numbers below 2^53 are exact in a Double: add the digits up rather than
        // going through text (16 characters can't overflow Int64).
        if isWhole, text.count <= 16 {
            var magnitude: Int64 = 0
            for byte in text where byte != UInt8(ascii: "-") { magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0")) }
            if magnitude < 1 << 53 { return Double(text[0] == UInt8(ascii: "-") ? -magnitude : magnitude) }
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            throw JSONError(location: location(at: start), message: "number \(String(decoding: text, as: UTF8.self)) is too large")
        }
        return value
    }

    private mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
}

private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

private func hex16(_ value: UInt32) -> String { hex(UInt8(value >> 8)) + hex(UInt8(value & 0xFF)) }
