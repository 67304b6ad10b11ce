/// The saved values of a panel's controls: `{"version": 1, "values": {"wifi": true, "mode": "balanced"}}`.
///
/// Values of ids the description no longer has are kept (in file order), so editing the
/// description and then undoing the edit doesn't lose settings. Looking up and setting an
/// id take constant time (an index beside the ordered list), so a file with many unknown
/// ids still loads in time linear in its size.
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

extension StateDocument {
    /// Reads a state file, rejecting anything but version 1 of the expected shape.
    public static func parse(_ text: String) throws(JSONError) -> StateDocument {
        try withUTF8(of: text) { (bytes) throws(JSONError) in
            var reader = JSONReader(bytes)
            reader.skipWhitespace()
            let start = reader.offset
            var version: Int?
            var values: StateDocument?
            try reader.members(depth: 0) { (reader, key, keyOffset) throws(JSONError) in
                switch key {
                case "version" where version == nil:
                    let at = reader.offset
                    let value = try reader.value(depth: 1)
                    guard value == .number(Double(Self.version)) else {
                        throw JSONError(location: reader.location(at: at),
                                        message: "state file version \(value.serialized()) is not supported; this panel reads version \(Self.version)")
                    }
                    version = Self.version
                case "values" where values == nil:
                    values = try readValues(&reader)
                case "version", "values":
                    throw JSONError(location: reader.location(at: keyOffset), message: "\"\(key)\" appears twice")
                default:
                    throw JSONError(location: reader.location(at: keyOffset),
                                    message: "unknown key \"\(key)\"; a state file has only \"version\" and \"values\"")
                }
            }
            try reader.expectEnd()
            guard version != nil else { throw JSONError(location: reader.location(at: start), message: "the state file has no \"version\"") }
            guard let values else { throw JSONError(location: reader.location(at: start), message: "the state file has no \"values\"") }
            return values
        }
    }

    /// The `values` object: control ids to values, each id once.
    private static func readValues(_ reader: inout JSONReader) throws(JSONError) -> StateDocument {
        var document = StateDocument()
        try reader.members(depth: 1) { (reader, id, idOffset) throws(JSONError) in
            guard document.value(for: id) == nil else {  // a saved null is .some(.null)
                throw JSONError(location: reader.location(at: idOffset), message: "the value of \"\(id)\" appears twice")
            }
            document.set(id, try reader.value(depth: 2))
        }
        return document
    }
}
