extension JSONValue {
    /// The value as JSON text, the same bytes for the same value.
    ///
    /// Whole numbers below 2^53 are written without a fraction (`1`, not `1.0`); other
    /// numbers use the shortest form that reads back to the same Double. JSON has no
    /// NaN or infinity, so those are written as `null`. `pretty` indents by two spaces.
    public func serialized(pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self, indent: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

private struct JSONWriter {
    let pretty: Bool
    var output: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
        output.reserveCapacity(256)
    }

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .number(let n): writeNumber(n)
        case .string(let s): writeString(s)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, indent: indent) { (writer, index) in
                writer.write(items[index], indent: indent + 1)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, indent: indent) { (writer, index) in
                writer.writeString(members[index].key)
                writer.append(writer.pretty ? ": " : ":")
                writer.write(members[index].value, indent: indent + 1)
            }
        }
    }

    private mutating func writeContainer(open: String, close: String, count: Int, indent: Int,
                                         element: (inout JSONWriter, Int) -> Void) {
        append(open)
        for index in 0..<count {
            if index > 0 { append(",") }
            newline(indent: indent + 1)
            element(&self, index)
        }
        if count > 0 { newline(indent: indent) }
        append(close)
    }

    private mutating func newline(indent: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func writeNumber(_ n: Double) {
        guard n.isFinite else { return append("null") }
        if n.magnitude < 9_007_199_254_740_992, let whole = Int64(exactly: n) {
            append(String(whole))
        } else {
            // Swift prints the shortest round-tripping form, e.g. 0.1, 1e-07, 1e+20: all valid JSON.
            append(n.description)
        }
    }

    private mutating func writeString(_ s: String) {
        output.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case ..<0x20:
                append("\\u00")
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }
}
