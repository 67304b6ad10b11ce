/// What decoding needs besides the nodes: the file name for errors and relative paths,
/// a way to check paths, and where the files named so far (images, the font) are gathered.
struct DecodingContext {
    let file: String
    /// The description's text, to place a character inside a value (see `ScalarSource`).
    let source: String
    let fileExists: (String) -> Bool
    /// The file of a font family named in `fonts:`, when the program can look families up.
    var fontFamily: ((String) -> String?)? = nil
    let files = NotedFiles()
    let warnings = NotedWarnings()
    let ids = NotedIDs()
    let errors = NotedErrors()

    func error(at location: SourceLocation, _ message: String) -> DescriptionError {
        DescriptionError(file: file, location: location, message: visibleInMessage(message))
    }

    func error(_ node: YAMLNode, _ message: String) -> DescriptionError {
        error(at: node.location, message)
    }
}

/// One key a mapping may hold, and how its value is decoded into `Target`.
///
/// Mappings are described by tables of these, so a new key is one line:
/// `Field("accent", \.accent, .color)`.
struct Field<Target>: Sendable {
    let key: String
    let decode: @Sendable (YAMLNode, inout Target, DecodingContext) throws(DescriptionError) -> Void

    init<Value>(_ key: String, _ path: WritableKeyPath<Target, Value> & Sendable, _ conversion: Conversion<Value>) {
        self.key = key
        self.decode = { (node, target, context) throws(DescriptionError) in
            target[keyPath: path] = try conversion.convert(node, key, context)
        }
    }

    init<Value>(_ key: String, _ path: WritableKeyPath<Target, Value?> & Sendable, _ conversion: Conversion<Value>) {
        self.key = key
        self.decode = { (node, target, context) throws(DescriptionError) in
            target[keyPath: path] = try conversion.convert(node, key, context)
        }
    }

    /// A key the mapping takes whose value is read later from `DecodedKeys` (a kind's own keys,
    /// which its kind converts once it knows the control's kind).
    init(accepting key: String) {
        self.key = key
        self.decode = { _, _, _ in }
    }

    /// `field` applied to a part of `Target`: one table of style keys serves the theme and controls.
    init<Part>(_ field: Field<Part>, in path: WritableKeyPath<Target, Part> & Sendable) {
        self.key = field.key
        self.decode = { (node, target, context) throws(DescriptionError) in
            try field.decode(node, &target[keyPath: path], context)
        }
    }
}

/// The keys and values a mapping held, by key, for checks that involve several keys.
struct DecodedKeys {
    var entries: [String: (key: YAMLNode, value: YAMLNode)] = [:]
    /// The keys in file order, for reporting the first or second of several.
    var names: [String] = []

    func key(_ key: String) -> YAMLNode? { entries[key]?.key }
    func value(_ key: String) -> YAMLNode? { entries[key]?.value }
}

/// Decodes `node`, which must be a mapping, into `target` using `fields`.
///
/// Every key is checked (duplicates, unknown keys with a "did you mean") before any
/// value is decoded: a mistyped `Id` should be reported as such, not as a missing `id`.
/// `what` names the mapping in messages: "control 'wifi'", "theme".
func decodeMapping<Target>(_ node: YAMLNode, what: String, fields: [Field<Target>], into target: inout Target,
                           _ context: DecodingContext) throws(DescriptionError) -> DecodedKeys {
    guard case .mapping(let pairs, _) = node else {
        throw context.error(node, "\(what) must be a mapping of keys to values, not \(node.shownInMessage)")
    }
    var decoded = DecodedKeys()
    var matched: [(field: Field<Target>, value: YAMLNode)] = []
    // Every mistake in this mapping is gathered; the first is thrown, the rest noted.
    var problems: [DescriptionError] = []
    for (keyNode, value) in pairs {
        guard case .scalar(let key, _, _) = keyNode else {
            problems.append(context.error(keyNode, "keys in \(what) must be words, not \(keyNode.shownInMessage)"))
            continue
        }
        if let first = decoded.entries[key] {
            problems.append(context.error(keyNode, "duplicate key '\(key)' in \(what) (first at \(first.key.location))"))
            continue
        }
        guard let field = fields.first(where: { $0.key == key }) else {
            problems.append(context.error(keyNode, unknownKeyMessage(key, in: what, allowed: fields.map(\.key))))
            continue
        }
        decoded.entries[key] = (keyNode, value)
        decoded.names.append(key)
        matched.append((field, value))
    }
    for (field, value) in matched {
        do throws(DescriptionError) {
            try field.decode(value, &target, context)
        } catch {
            problems.append(error)
        }
    }
    if let first = problems.first {
        for problem in problems.dropFirst() { context.errors.note(problem) }
        throw first
    }
    return decoded
}

extension YAMLNode {
    /// The node as quoted back in a message: 'maybe', "true" (when quoted in the file), a list.
    var shownInMessage: String {
        switch self {
        case .scalar(let text, let quoted, _):
            if quoted { return "the quoted text \"\(text)\"" }
            return text.isEmpty ? "nothing" : "'\(text)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The value of `key` when this is a mapping that has it; for naming things before decoding them.
    func value(forKey key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { if case .scalar(key, _, _) = $0.key { true } else { false } }?.value
    }
}
