/// Where a value row's text comes from: a program run on a schedule,
/// `source: {exec: [/usr/bin/cat, /sys/class/thermal/thermal_zone0/temp], every: 30, timeout: 5}`.
///
/// The row shows the first line the program prints (trimmed); while it fails the row shows
/// "—" and a badge. An argv, never a shell string, as for actions; `{id}` is the row's id and
/// `{value}` the text it shows (empty before the first reading).
public struct ValueSourceDescription: Equatable, Sendable {
    /// Absolute program path first, then its arguments as written.
    public var exec: [String]
    /// Seconds from one start of the program to the next.
    public var every: Double
    /// Seconds before a run is stopped and counted as failed; at most `every`.
    public var timeout: Double
    /// Where the `source` mapping starts.
    public var location: SourceLocation

    /// Twice a second at most, once a day at least.
    public static let everyRange = 0.5...86_400.0
    public static let shortestTimeout = 0.1
    /// The timeout when none is written is `every`, capped at this.
    public static let longestDefaultTimeout = 10.0

    public init(exec: [String], every: Double, timeout: Double? = nil, location: SourceLocation) {
        self.exec = exec
        self.every = every
        self.timeout = timeout ?? min(every, Self.longestDefaultTimeout)
        self.location = location
    }

    /// The argv to run for row `id` showing `value`.
    public func arguments(id: String, value: String) -> [String] {
        ActionDescription(exec: exec).arguments(id: id, value: value)
    }

    /// Why this source's program must not start (a placeholder panel doesn't replace), or nil.
    public var unknownPlaceholder: UnknownPlaceholder? { UnknownPlaceholder.first(in: exec) }
}

/// The `source:` mapping's keys as written.
private struct SourceDraft {
    var exec: [String]?
    var every: Double?
    var timeout: Double?
}

private let sourceExample = "[/usr/bin/cat, /sys/class/thermal/thermal_zone0/temp]"

private let sourceFields: [Field<SourceDraft>] = [
    Field("exec", \.exec, .argv(like: sourceExample)),
    Field("every", \.every, .number(in: ValueSourceDescription.everyRange)),
    Field("timeout", \.timeout, .number(in: ValueSourceDescription.shortestTimeout...ValueSourceDescription.everyRange.upperBound)),
]

/// Decodes a value row's `source: {exec: [...], every: SECONDS, timeout: S}`: `exec` and `every`
/// are required, `every` is 0.5 s to a day, `timeout` 0.1 s to `every` (default: `every`, at most
/// 10 s). Mistakes are reported at their place; placeholders other than `{id}` and `{value}` in
/// `exec` are warnings (the program is then never started).
func decodeValueSource(_ node: YAMLNode, _ context: DecodingContext) throws(DescriptionError) -> ValueSourceDescription {
    let key = "source"
    guard case .mapping = node else {
        throw context.error(node, "'\(key)' must be a mapping like {exec: \(sourceExample), every: 30}, not \(node.shownInMessage)")
    }
    var draft = SourceDraft()
    let keys = try decodeMapping(node, what: "'\(key)'", fields: sourceFields, into: &draft, context)
    guard let exec = draft.exec else {
        throw context.error(node, "'\(key)' has no 'exec'; add the program and its arguments, like exec: \(sourceExample)")
    }
    guard let every = draft.every else {
        throw context.error(node, "'\(key)' has no 'every'; add how often to run the program, in seconds, like every: 30")
    }
    if let timeout = draft.timeout, timeout > every, let timeoutNode = keys.value("timeout") {
        throw context.error(timeoutNode, "'timeout' is \(shownSeconds(timeout)) s, longer than 'every' (\(shownSeconds(every)) s); "
            + "a source runs one program at a time, so give it at most \(shownSeconds(every))")
    }
    return ValueSourceDescription(exec: exec, every: every, timeout: draft.timeout, location: node.location)
}

extension Conversion<ValueSourceDescription> {
    /// `decodeValueSource` as a field's conversion, for a kind's key table.
    static var valueSource: Self {
        Self { (node, _, context) throws(DescriptionError) in try decodeValueSource(node, context) }
    }
}

/// 30 rather than 30.0, as people write it.
private func shownSeconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// The keys of a value source, for panel.yml(5) (`DescriptionKeys`).
let sourceKeys = sourceFields.map(\.key)
