/// What runs when a control's value changes: `action: {exec: [PROGRAM, ARG…], timeout: 5}`.
///
/// An argv, never a shell string, so a value can't inject commands. `{id}` and `{value}`
/// in any argument are replaced by the control's id and its new value.
public struct ActionDescription: Equatable, Sendable {
    /// Absolute program path first, then its arguments as written.
    public var exec: [String]
    /// Seconds before the action is stopped and counted as failed.
    public var timeout: Double

    public static let defaultTimeout = 5.0
    public static let timeoutRange = 0.1...600.0

    public init(exec: [String], timeout: Double = defaultTimeout) {
        self.exec = exec
        self.timeout = timeout
    }

    /// The argv to run for a change of control `id` to `value` (`true`, `false`, or the option).
    public func arguments(id: String, value: String) -> [String] {
        exec.map { argument in
            argument.replacingEvery("{id}", with: id).replacingEvery("{value}", with: value)
        }
    }
}

extension ControlValue {
    /// The value as an action sees it: `true` / `false`, a radio's option, or empty for none.
    public var actionText: String {
        switch self {
        case .bool(let on): on ? "true" : "false"
        case .option(let option): option ?? ""
        case .number(let number): JSONValue.number(number).serialized()
        case .text(let text): text
        case .none: ""
        }
    }
}

extension String {
    /// Every `token` replaced by `replacement`: a plain text search, without the regex module
    /// (panel leaves _StringProcessing out to keep its memory small).
    func replacingEvery(_ token: String, with replacement: String) -> String {
        guard !token.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while !rest.isEmpty {
            if rest.hasPrefix(token) {
                result += replacement
                rest = rest.dropFirst(token.count)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result
    }
}
