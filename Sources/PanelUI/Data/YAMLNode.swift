import CYAML

/// Where something is in a text file, 1-based, for `FILE:LINE:COL: message` errors.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A YAML document as a tree, each node carrying where it was written.
///
/// libyaml does the parsing; this keeps only what descriptions and `libinput record`
/// files need: scalars (with whether they were quoted, so `"true"` stays a string),
/// sequences and mappings in file order. Anchors and aliases are rejected: a panel
/// description has no use for them and they make error locations ambiguous.
public indirect enum YAMLNode: Sendable {
    case scalar(String, quoted: Bool, at: SourceLocation)
    case sequence([YAMLNode], at: SourceLocation)
    case mapping([(key: YAMLNode, value: YAMLNode)], at: SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .scalar(_, _, let at), .sequence(_, let at), .mapping(_, let at): return at
        }
    }

    /// A word for error messages: "a string", "a list", "a mapping".
    public var kindName: String {
        switch self {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A YAML syntax error, located.
public struct YAMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public var description: String { "\(location): \(message)" }
}

extension YAMLNode {
    /// Parses the first document of `text`. An empty text gives nil.
    public static func parse(_ text: String) throws(YAMLSyntaxError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return try bytes.withUnsafeMutableBufferPointer { (buffer) throws(YAMLSyntaxError) -> YAMLNode? in
            // libyaml keeps a pointer to the parser inside itself, so it must not move: heap-allocate it.
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            defer { parser.deallocate() }
            guard yaml_parser_initialize(parser) != 0 else {
                throw YAMLSyntaxError(location: SourceLocation(line: 1, column: 1), message: "out of memory starting the YAML parser")
            }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var reader = EventReader(parser: parser)
            return try reader.document()
        }
    }
}

/// Pulls libyaml events and builds nodes recursively.
struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    /// libyaml nests without limit, but building (and freeing) the tree recurses once per level:
    /// thousands of `[` overflowed the stack (found by fuzzing). Descriptions and recordings nest
    /// a few levels; this is JSON's limit too.
    static let maximumDepth = 64

    func next() throws(YAMLSyntaxError) -> (yaml_event_t) {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else {
            let mark = parser.pointee.problem_mark
            let problem = parser.pointee.problem.map { String(cString: $0) } ?? "invalid YAML"
            var message = problem
            if let context = parser.pointee.context { message = "\(problem) \(String(cString: context))" }
            throw YAMLSyntaxError(location: SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1), message: message)
        }
        return event
    }

    mutating func document() throws(YAMLSyntaxError) -> YAMLNode? {
        while true {
            var event = try next()
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT:
                continue
            case YAML_STREAM_END_EVENT:
                return nil
            default:
                return try node(startingWith: &event, depth: 0)
            }
        }
    }

    mutating func node(startingWith event: inout yaml_event_t, depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        let at = SourceLocation(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        if depth >= Self.maximumDepth, event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT {
            throw YAMLSyntaxError(location: at, message: "nesting deeper than \(Self.maximumDepth) levels")
        }
        switch event.type {
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
            let quoted = s.style == YAML_SINGLE_QUOTED_SCALAR_STYLE || s.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
                || s.style == YAML_LITERAL_SCALAR_STYLE || s.style == YAML_FOLDED_SCALAR_STYLE
            return .scalar(text, quoted: quoted, at: at)
        case YAML_SEQUENCE_START_EVENT:
            var items: [YAMLNode] = []
            while true {
                var child = try next()
                defer { yaml_event_delete(&child) }
                if child.type == YAML_SEQUENCE_END_EVENT { return .sequence(items, at: at) }
                items.append(try node(startingWith: &child, depth: depth + 1))
            }
        case YAML_MAPPING_START_EVENT:
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            while true {
                var keyEvent = try next()
                defer { yaml_event_delete(&keyEvent) }
                if keyEvent.type == YAML_MAPPING_END_EVENT { return .mapping(pairs, at: at) }
                let key = try node(startingWith: &keyEvent, depth: depth + 1)
                var valueEvent = try next()
                defer { yaml_event_delete(&valueEvent) }
                let value = try node(startingWith: &valueEvent, depth: depth + 1)
                pairs.append((key, value))
            }
        case YAML_ALIAS_EVENT:
            throw YAMLSyntaxError(location: at, message: "YAML aliases (*name) are not supported here; write the value out")
        default:
            throw YAMLSyntaxError(location: at, message: "unexpected YAML structure")
        }
    }
}
