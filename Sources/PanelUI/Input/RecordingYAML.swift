import CYAML

/// Typed access to a YAML tree with located errors.
struct RecordingNodeReader {
    let file: String

    func error(_ node: YAMLNode, _ message: String) -> RecordingError {
        error(at: node.location, message)
    }

    func error(at location: SourceLocation, _ message: String) -> RecordingError {
        RecordingError(file: file, line: location.line, message: message)
    }

    /// "devices should be a list, found a scalar".
    func notA(_ kind: String, _ node: YAMLNode, _ what: String) -> RecordingError {
        error(node, "\(what) should be a \(kind), found \(node.kindName)")
    }

    func mapping(_ node: YAMLNode, _ what: String) throws(RecordingError) -> [(key: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let pairs, _) = node else { throw notA("mapping", node, what) }
        return pairs
    }

    func sequence(_ node: YAMLNode, _ what: String) throws(RecordingError) -> [YAMLNode] {
        guard case .sequence(let items, _) = node else { throw notA("list", node, what) }
        return items
    }

    func string(_ node: YAMLNode, _ what: String) throws(RecordingError) -> String {
        guard case .scalar(let text, _, _) = node else { throw error(node, "\(what) should be a scalar, found \(node.kindName)") }
        return text
    }

    func integer(_ node: YAMLNode, _ what: String) throws(RecordingError) -> Int64 {
        let text = try string(node, what)
        guard let value = Int64(text) else { throw error(node, "\(what) '\(text.prefix(40))' is not an integer") }
        return value
    }

    func integers(_ node: YAMLNode, _ what: String, count: Int) throws(RecordingError) -> [Int64] {
        let items = try sequence(node, what)
        guard items.count == count else { throw error(node, "\(what) should have \(count) numbers, found \(items.count)") }
        return try items.map { (item) throws(RecordingError) in try integer(item, what) }
    }

    func narrow<T: FixedWidthInteger>(_ value: Int64, _ node: YAMLNode, _ what: String) throws(RecordingError) -> T {
        guard let narrowed = T(exactly: value) else { throw error(node, "\(what) \(value) is out of range") }
        return narrowed
    }

    func value(_ key: String, in pairs: [(key: YAMLNode, value: YAMLNode)]) -> YAMLNode? {
        for pair in pairs {
            if case .scalar(key, _, _) = pair.key { return pair.value }
        }
        return nil
    }

    func required(_ key: String, in pairs: [(key: YAMLNode, value: YAMLNode)], at node: YAMLNode) throws(RecordingError) -> YAMLNode {
        guard let found = value(key, in: pairs) else { throw error(node, "missing '\(key):'") }
        return found
    }
}

/// libyaml events with their errors as recording errors: a YAML mistake is "not valid YAML"
/// at its line, and a read that failed is said to be one.
struct RecordingYAMLStream {
    var reader: EventReader
    let bytes: RecordingBytes

    static func location(_ event: yaml_event_t) -> SourceLocation {
        SourceLocation(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
    }

    private func failure(_ error: YAMLSyntaxError) -> RecordingError {
        if bytes.failed { return RecordingError(file: bytes.file, line: error.location.line, message: "the file could not be read to its end") }
        return RecordingError(file: bytes.file, line: error.location.line, message: "not an evemu recording, and not valid YAML: \(error.message)")
    }

    /// The next event; the caller deletes it.
    mutating func next() throws(RecordingError) -> yaml_event_t {
        do { return try reader.next() } catch { throw failure(error) }
    }

    /// The node that starts with `event`, built whole (`depth` levels down from the top).
    mutating func node(_ event: inout yaml_event_t, depth: Int) throws(RecordingError) -> YAMLNode {
        do { return try reader.node(startingWith: &event, depth: depth) } catch { throw failure(error) }
    }

    /// Consumes the node that starts with `event` without building it, with the tree's rules:
    /// aliases are refused and nesting is bounded as deep as for a tree.
    mutating func skip(_ event: inout yaml_event_t, depth: Int) throws(RecordingError) {
        var open = try nesting(event, level: depth)
        while open > 0 {
            var child = try next()
            defer { yaml_event_delete(&child) }
            open += try nesting(child, level: depth + open)
        }
    }

    /// How `event` changes the nesting: +1 for a list or mapping opening `level` levels down, -1 for an end.
    private func nesting(_ event: yaml_event_t, level: Int) throws(RecordingError) -> Int {
        let at = Self.location(event)
        switch event.type {
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard level < EventReader.maximumDepth else {
                throw failure(YAMLSyntaxError(location: at, message: "nesting deeper than \(EventReader.maximumDepth) levels"))
            }
            return 1
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return -1
        case YAML_SCALAR_EVENT:
            return 0
        case YAML_ALIAS_EVENT:
            throw failure(YAMLSyntaxError(location: at, message: "YAML aliases (*name) are not supported here; write the value out"))
        default:
            throw failure(YAMLSyntaxError(location: at, message: "unexpected YAML structure"))
        }
    }
}
