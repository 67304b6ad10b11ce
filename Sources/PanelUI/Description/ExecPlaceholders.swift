/// A `{word}` in a program argument that panel does not replace: only `{id}` and `{value}` are
/// placeholders, so `{vaule}` or `{ID}` would reach the program as written. A description that
/// has one still loads (`panel check` warns at the argument), but the command is never started
/// with it: it fails with `reason`, so the row shows its badge and the log says why.
///
/// A placeholder is `{`, a letter or `_`, then letters, digits, `_` or `-`, and `}`. What else
/// braces hold is left alone: `{}` (find's), `${HOME}` (the shell's), `{a,b}`, `{ print $1 }`.
/// awk's `{print}` is a word in braces too: write it `{ print }`.
public struct UnknownPlaceholder: Equatable, Sendable {
    /// The argument's index in the argv: 0 is the program, 1 the first argument after it.
    public var argument: Int
    /// As written, braces included: `{vaule}`.
    public var placeholder: String

    public init(argument: Int, placeholder: String) {
        self.argument = argument
        self.placeholder = placeholder
    }

    /// Why the command does not start: "unknown placeholder {vaule} in exec argument 1".
    public var reason: String { "unknown placeholder \(placeholder) in exec argument \(argument)" }

    /// The placeholders panel replaces.
    public static let known = ["{id}", "{value}"]

    /// The first unknown placeholder of `argv`, in argument order, or nil when every one is known.
    public static func first(in argv: [String]) -> UnknownPlaceholder? {
        for (index, argument) in argv.enumerated() {
            if let placeholder = unknown(in: argument).first { return UnknownPlaceholder(argument: index, placeholder: placeholder) }
        }
        return nil
    }

    /// Every placeholder in `argument` other than `{id}` and `{value}`, in order, braces included.
    static func unknown(in argument: String) -> [String] {
        let bytes = Array(argument.utf8)
        var found: [String] = []
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "{"), index == 0 || bytes[index - 1] != UInt8(ascii: "$") else { continue }
            var end = index + 1
            guard end < bytes.count, isNameStart(bytes[end]) else { continue }
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else { continue }
            // Only ASCII bytes between the braces: the slice is whole characters.
            let placeholder = String(decoding: bytes[index...end], as: UTF8.self)
            if !known.contains(placeholder) { found.append(placeholder) }
            index = end
        }
        return found
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): true
        default: false
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }

    /// The warning `panel check` prints at the argument: what is wrong, the likely meant
    /// placeholder, and what panel does about it.
    static func warning(for placeholder: String, argument: Int) -> String {
        let name = String(placeholder.dropFirst().dropLast())
        let meant = closestMatch(to: name, among: ["id", "value"]).map { " (did you mean {\($0)}?)" } ?? ""
        return "unknown placeholder \(placeholder) in exec argument \(argument)\(meant); panel replaces only {id} and {value} "
            + "and will not start this command while it has \(placeholder)"
    }
}

extension ActionDescription {
    /// Why this action must not start (a placeholder panel doesn't replace), or nil.
    public var unknownPlaceholder: UnknownPlaceholder? { UnknownPlaceholder.first(in: exec) }
}
