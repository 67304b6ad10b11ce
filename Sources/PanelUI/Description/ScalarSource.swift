/// Finds where in the file a character of a decoded YAML scalar was written, so a control
/// character is reported at its own line and column rather than at the start of the value:
/// `label: "Wi\0Fi"` points at the `\0`.
///
/// libyaml gives only where a scalar starts; this walks the source from there the way its
/// scanner reads the scalar's style (escapes, quotes, folded line breaks), with columns
/// counted in characters and line breaks as libyaml counts them (CR LF, CR, LF, NEL, LS, PS).
/// It answers only when it is sure: block scalars, and anything it doesn't follow, give nil
/// and the caller reports the value's start.
struct ScalarSource {
    private let scalars: [Unicode.Scalar]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Where the first control character `target` of the scalar starting at `start` was written.
    func location(of target: Unicode.Scalar, inScalarAt start: SourceLocation) -> SourceLocation? {
        guard var cursor = cursor(at: start) else { return nil }
        cursor.skipProperties()
        switch cursor.current {
        case "\"": cursor.advance(); return cursor.findInQuoted(target, double: true)
        case "'": cursor.advance(); return cursor.findInQuoted(target, double: false)
        case "|", ">", nil: return nil
        default: return cursor.findInPlain(target)
        }
    }

    private func cursor(at location: SourceLocation) -> Cursor? {
        var cursor = Cursor(scalars: scalars)
        // libyaml reads a byte order mark as the encoding, not as a character of line 1.
        if scalars.first == "\u{FEFF}" { cursor.index = 1 }
        while cursor.line < location.line || (cursor.line == location.line && cursor.column < location.column) {
            guard cursor.current != nil else { return nil }
            cursor.advance()
        }
        return cursor.line == location.line && cursor.column == location.column ? cursor : nil
    }
}

/// A position in the source, moving one character (or one line break) at a time.
private struct Cursor {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1
    var column = 1

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
    var location: SourceLocation { SourceLocation(line: line, column: column) }
    var isAtBreak: Bool { current.map(isBreak) ?? false }
    var isAtBlank: Bool { current == " " || current == "\t" }

    mutating func advance() {
        guard let scalar = current else { return }
        if isBreak(scalar) {
            index += scalar == "\r" && peek(1) == "\n" ? 2 : 1
            line += 1
            column = 1
        } else {
            index += 1
            column += 1
        }
    }

    mutating func skipBlanks() { while isAtBlank { advance() } }

    /// Tags and anchors written before the value (`!!str`, `&name`), and the space after them.
    mutating func skipProperties() {
        while current == "!" || current == "&" {
            while let scalar = current, scalar != " ", scalar != "\t", !isBreak(scalar) { advance() }
            while isAtBlank || isAtBreak { advance() }
        }
    }

    /// Whether only blanks follow on this line before a line break: trailing white space,
    /// which folding drops.
    func blanksRunToBreak() -> Bool {
        var offset = 0
        while let scalar = peek(offset), scalar == " " || scalar == "\t" { offset += 1 }
        return peek(offset).map(isBreak) ?? false
    }

    /// Inside a quoted scalar, after its opening quote.
    mutating func findInQuoted(_ target: Unicode.Scalar, double: Bool) -> SourceLocation? {
        while let scalar = current {
            if double, scalar == "\"" { return nil }
            if !double, scalar == "'" {
                guard peek(1) == "'" else { return nil }
                advance(); advance()
                continue
            }
            if double, scalar == "\\" {
                let at = location
                advance()
                if isAtBreak {
                    // An escaped line break joins the lines without a space.
                    advance()
                    skipBlanks()
                    continue
                }
                guard let (decoded, length) = escape() else { return nil }
                if isControlCharacter(decoded) { return decoded == target ? at : nil }
                for _ in 0..<length { advance() }
                continue
            }
            if isBreak(scalar) {
                let at = location
                advance()
                skipBlanks()
                // A blank line inside the quotes stays as a line break; a single one folds to a space.
                if isAtBreak { return target == "\n" ? at : nil }
                continue
            }
            if scalar == "\t" {
                if blanksRunToBreak() { skipBlanks(); continue }
                return target == "\t" ? location : nil
            }
            if isControlCharacter(scalar) { return scalar == target ? location : nil }
            advance()
        }
        return nil
    }

    /// The character an escape stands for (the cursor is on the letter after the backslash),
    /// and how many characters the escape has after the backslash.
    func escape() -> (Unicode.Scalar, Int)? {
        guard let letter = current else { return nil }
        let simple: [Unicode.Scalar: UInt32] = ["0": 0, "a": 7, "b": 8, "t": 9, "\t": 9, "n": 10, "v": 11, "f": 12,
                                                "r": 13, "e": 27, " ": 32, "\"": 34, "/": 47, "\\": 92, "N": 0x85,
                                                "_": 0xA0, "L": 0x2028, "P": 0x2029]
        if let value = simple[letter] { return Unicode.Scalar(value).map { ($0, 1) } }
        let digits: Int
        switch letter {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: return nil
        }
        var value: UInt32 = 0
        for offset in 1...digits {
            guard let digit = peek(offset), let nibble = hexValue(digit) else { return nil }
            value = value << 4 | nibble
        }
        return Unicode.Scalar(value).map { ($0, 1 + digits) }
    }

    /// A plain scalar on one line: only a tab between words can be a control character in it.
    /// Stops at anything that may end the scalar (a flow indicator, `: `, ` #`, the line's end).
    mutating func findInPlain(_ target: Unicode.Scalar) -> SourceLocation? {
        while let scalar = current, !isBreak(scalar) {
            switch scalar {
            case ",", "[", "]", "{", "}":
                return nil
            case ":" where peek(1).map { $0 == " " || $0 == "\t" || isBreak($0) } ?? true:
                return nil
            case " " where peek(1) == "#":
                return nil
            case "\t":
                var offset = 1
                while let next = peek(offset), next == " " || next == "\t" { offset += 1 }
                guard let next = peek(offset), !isBreak(next), next != "#" else { return nil }
                return target == "\t" ? location : nil
            default:
                advance()
            }
        }
        return nil
    }
}

private func isBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
}

private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": scalar.value - 48
    case "a"..."f": scalar.value - 87
    case "A"..."F": scalar.value - 55
    default: nil
    }
}

/// C0 (NUL to U+001F, tab and line feed included), DEL and C1 (U+0080 to U+009F).
func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}
