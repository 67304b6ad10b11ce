/// The saved values of a panel's controls: `{"version": 1, "values": {"wifi": true, "mode": "balanced"}}`.
///
/// Values of ids the description no longer has are kept (in file order), so editing the
/// description and then undoing the edit doesn't lose settings.
public struct StateDocument: Equatable, Sendable {
    public static let version = 1

    /// In file order. Replacing the whole list rebuilds the index by id.
    public var values: [(id: String, value: JSONValue)] {
        get { entries }
        set {
            entries = newValue
            positions = Self.positions(of: newValue)
        }
    }
    private var entries: [(id: String, value: JSONValue)]
    /// Where each id's entry is (its first, should one appear twice): a panel of 100,000
    /// controls looks every id up and sets it at start, which a search of the list made
    /// quadratic (40,000 controls: 5 s before the first frame).
    private var positions: [String: Int]

    public init(values: [(id: String, value: JSONValue)] = []) {
        entries = values
        positions = Self.positions(of: values)
    }

    private static func positions(of values: [(id: String, value: JSONValue)]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(values.count)
        for (index, entry) in values.enumerated() where positions[entry.id] == nil {
            positions[entry.id] = index
        }
        return positions
    }

    public func value(for id: String) -> JSONValue? {
        positions[id].map { entries[$0].value }
    }

    /// Replaces the value of `id` where it is, or appends it.
    public mutating func set(_ id: String, _ value: JSONValue) {
        if let index = positions[id] {
            entries[index].value = value
        } else {
            positions[id] = entries.count
            entries.append((id, value))
        }
    }

    /// Pretty JSON with a trailing newline, so the file reads well in an editor and diffs cleanly.
    public func serialized() -> String {
        let document = JSONValue.object([
            ("version", .number(Double(Self.version))),
            ("values", .object(values.map { ($0.id, $0.value) })),
        ])
        return document.serialized(pretty: true) + "\n"
    }

    public static func == (lhs: StateDocument, rhs: StateDocument) -> Bool {
        lhs.values.count == rhs.values.count && zip(lhs.values, rhs.values).allSatisfy { $0.id == $1.id && $0.value == $1.value }
    }
}

extension StateDocument {
    /// Reads a state file, rejecting anything but version 1 of the expected shape.
    public static func parse(_ text: String) throws(JSONError) -> StateDocument {
        try withUTF8(of: text) { (bytes) throws(JSONError) in
            var reader = JSONReader(bytes)
            reader.skipWhitespace()
            let start = reader.location
            var version: Int?
            var values: [(id: String, value: JSONValue)]?
            try reader.members(depth: 0) { (reader, key, keyLocation) throws(JSONError) in
                switch key {
                case "version" where version == nil:
                    let at = reader.location
                    let value = try reader.value(depth: 1)
                    guard value == .number(Double(Self.version)) else {
                        throw JSONError(location: at, message: "state file version \(value.serialized()) is not supported; this panel reads version \(Self.version)")
                    }
                    version = Self.version
                case "values" where values == nil:
                    values = try readValues(&reader)
                case "version", "values":
                    throw JSONError(location: keyLocation, message: "\"\(key)\" appears twice")
                default:
                    throw JSONError(location: keyLocation, message: "unknown key \"\(key)\"; a state file has only \"version\" and \"values\"")
                }
            }
            try reader.expectEnd()
            guard version != nil else { throw JSONError(location: start, message: "the state file has no \"version\"") }
            guard let values else { throw JSONError(location: start, message: "the state file has no \"values\"") }
            return StateDocument(values: values)
        }
    }

    /// The `values` object: control ids to values, each id once.
    private static func readValues(_ reader: inout JSONReader) throws(JSONError) -> [(id: String, value: JSONValue)] {
        var values: [(id: String, value: JSONValue)] = []
        var seen: Set<String> = []
        try reader.members(depth: 1) { (reader, id, idLocation) throws(JSONError) in
            guard seen.insert(id).inserted else {
                throw JSONError(location: idLocation, message: "the value of \"\(id)\" appears twice")
            }
            values.append((id, try reader.value(depth: 2)))
        }
        return values
    }
}
