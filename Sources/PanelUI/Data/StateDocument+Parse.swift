/// How much of the ids its description doesn't have (controls removed or renamed since they
/// were saved) a state file read for that description keeps, so that undoing an edit of the
/// description brings their values back without a stale or hostile file costing memory in
/// proportion to its size: in file order, as long as both bounds hold.
public struct UnknownIdLimit: Equatable, Sendable {
    /// Ids kept.
    public var count: Int
    /// Bytes of their members as written in the file, from an id's opening quote to the end of its value.
    public var bytes: Int

    public init(count: Int, bytes: Int) {
        self.count = count
        self.bytes = bytes
    }

    /// 1,000 ids and 64 KiB: a renamed section's worth many times over (a value is a few bytes).
    public static let standard = UnknownIdLimit(count: 1000, bytes: 64 << 10)
}

/// A state file read for a description: its document, and what it left out.
public struct StateReading: Equatable, Sendable {
    /// The described ids' values, and the unknown ids' kept.
    public var document: StateDocument
    /// Unknown ids kept.
    public var keptUnknown = Members()
    /// Unknown ids left out past the limit.
    public var droppedUnknown = Members()

    /// How many members, and their bytes in the file.
    public struct Members: Equatable, Sendable {
        public var ids = 0
        public var bytes = 0

        public init(ids: Int = 0, bytes: Int = 0) {
            self.ids = ids
            self.bytes = bytes
        }

        mutating func add(bytes: Int) {
            ids += 1
            self.bytes += bytes
        }
    }
}

extension StateDocument {
    /// Reads a state file, rejecting anything but version 1 of the expected shape; every id is kept.
    public static func parse(_ text: String) throws(JSONError) -> StateDocument {
        try parse(text, describedIds: nil, limit: .standard).document
    }

    /// Reads a state file for a description with `describedIds`: their values are all kept,
    /// the other ids' only within `limit` (in file order) and the rest dropped as they are
    /// read, so memory follows what is kept, not the file. An id repeated among those kept is
    /// an error; a dropped one is not looked for again. nil `describedIds` keeps every id.
    public static func parse(_ text: String, describedIds: Set<String>?, limit: UnknownIdLimit = .standard) throws(JSONError) -> StateReading {
        try withUTF8(of: text) { (bytes) throws(JSONError) in try parse(bytes, describedIds: describedIds, limit: limit) }
    }

    /// `parse(_:describedIds:limit:)` over a file's bytes as read, without a copy as a `String`:
    /// the parser checks the UTF-8 of every string, and takes no other byte past ASCII.
    public static func parse(utf8 bytes: [UInt8], describedIds: Set<String>?, limit: UnknownIdLimit = .standard) throws(JSONError) -> StateReading {
        let result = bytes.withUnsafeBufferPointer { (buffer) in
            Result { () throws(JSONError) in try parse(buffer, describedIds: describedIds, limit: limit) }
        }
        return try result.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, describedIds: Set<String>?,
                              limit: UnknownIdLimit) throws(JSONError) -> StateReading {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let start = reader.offset
        var version: Int?
        var values: StateReading?
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
                values = try readValues(&reader, describedIds: describedIds, limit: limit)
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

    /// The `values` object: control ids to values, each id once.
    private static func readValues(_ reader: inout JSONReader, describedIds: Set<String>?,
                                   limit: UnknownIdLimit) throws(JSONError) -> StateReading {
        var reading = StateReading(document: StateDocument())
        try reader.members(depth: 1) { (reader, id, idOffset) throws(JSONError) in
            guard reading.document.value(for: id) == nil else {  // a saved null is .some(.null)
                throw JSONError(location: reader.location(at: idOffset), message: "the value of \"\(id)\" appears twice")
            }
            let value = try reader.value(depth: 2)
            if let describedIds, !describedIds.contains(id) {
                let bytes = reader.offset - idOffset
                guard reading.keptUnknown.ids < limit.count, reading.keptUnknown.bytes + bytes <= limit.bytes else {
                    reading.droppedUnknown.add(bytes: bytes)
                    return
                }
                reading.keptUnknown.add(bytes: bytes)
            }
            reading.document.set(id, value)
        }
        return reading
    }
}
