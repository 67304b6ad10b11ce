/// The saved values of a panel's controls: `{"version": 1, "values": {"wifi": true, "mode": "balanced"}}`.
///
/// Values of ids the description no longer has are kept (in file order), so editing the
/// description and then undoing the edit doesn't lose settings; a file read for a description
/// keeps only so many of them (`parse(_:describedIds:limit:)`, `UnknownIdLimit`). Looking up
/// and setting an id take constant time (an index beside the ordered list), so a file with
/// many ids still loads in time linear in its size.
public struct StateDocument: Equatable, Sendable {
    public static let version = 1

    /// In file order, each id once.
    public private(set) var values: [(id: String, value: JSONValue)]
    /// Where each id is in `values`.
    private var positions: [String: Int]

    /// `values` with each id once; when an id repeats, the later value replaces the earlier one in its place.
    public init(values: [(id: String, value: JSONValue)] = []) {
        self.values = []
        positions = [:]
        self.values.reserveCapacity(values.count)
        positions.reserveCapacity(values.count)
        for (id, value) in values { set(id, value) }
    }

    public func value(for id: String) -> JSONValue? {
        positions[id].map { values[$0].value }
    }

    /// Replaces the value of `id` where it is, or appends it.
    public mutating func set(_ id: String, _ value: JSONValue) {
        if let index = positions[id] {
            values[index].value = value
        } else {
            positions[id] = values.count
            values.append((id, value))
        }
    }

    /// JSON with a trailing newline: pretty by default, so the file reads well in an editor and
    /// diffs cleanly; `pretty: false` puts it on one line (for a file too large pretty).
    public func serialized(pretty: Bool = true) -> String {
        let document = JSONValue.object([
            ("version", .number(Double(Self.version))),
            ("values", .object(values.map { ($0.id, $0.value) })),
        ])
        return document.serialized(pretty: pretty) + "\n"
    }

    public static func == (lhs: StateDocument, rhs: StateDocument) -> Bool {
        lhs.values.count == rhs.values.count && zip(lhs.values, rhs.values).allSatisfy { $0.id == $1.id && $0.value == $1.value }
    }
}

