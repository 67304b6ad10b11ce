/// A control's keys as written; which combinations are valid depends on `kind`.
private struct ControlDraft {
    var id: String?
    var kind: ControlKind?
    var label: String?
    var detail: String?
    var enabled = true
    var defaultValue: YAMLNode?
    var options: [String]?
    var mustHaveSelection = false
    var style = StyleOverrides()
    var action: ActionDescription?
}

private let controlFields: [Field<ControlDraft>] = [
    Field("id", \.id, .identifier),
    Field("kind", \.kind, .choice),
    Field("label", \.label, .line),
    Field("detail", \.detail, .line),
    Field("enabled", \.enabled, .bool),
    Field("default", \.defaultValue, .node),
    Field("options", \.options, .options),
    Field("must_have_selection", \.mustHaveSelection, .bool),
    Field("action", \.action, .action),
] + styleFields.map { Field($0, in: \.style) }

/// The kinds each key fits; a key not listed fits every kind.
private let keyKinds = styleKeyKinds.merging(["options": [.radio], "must_have_selection": [.radio]]) { style, _ in style }

/// Decodes one control, its style on top of the theme's; also returns its id's node, where a duplicate id is reported.
func decodeControl(_ node: YAMLNode, what: String, theme: Theme, _ context: DecodingContext) throws(DescriptionError) -> (ControlDescription, idNode: YAMLNode) {
    var draft = ControlDraft()
    let keys = try decodeMapping(node, what: what, fields: controlFields, into: &draft, context)
    guard let id = draft.id, let idNode = keys.value("id") else {
        throw context.error(node, "\(what) has no 'id'; add one, like id: wifi (it names the value in the state file)")
    }
    guard let kind = draft.kind else {
        throw context.error(node, "\(what) has no 'kind'; add one of \(kindList)")
    }
    for key in keys.names {
        if let kinds = keyKinds[key], !kinds.contains(kind), let keyNode = keys.key(key) {
            let fitting = kinds.map(\.pluralName).joined(separator: " and ")
            throw context.error(keyNode, "'\(key)' applies to \(fitting) only, and '\(id)' is a \(kind.rawValue)")
        }
    }
    try rejectBothCheckColorNames(keys, context)
    let defaultValue: ControlValue?
    switch kind {
    case .checkbox, .switch:
        defaultValue = try keys.value("default").map { (node) throws(DescriptionError) in .bool(try Conversion.bool.convert(node, "default", context)) }
    case .radio:
        guard let options = draft.options else {
            throw context.error(node, "radio '\(id)' has no 'options'; add a list like options: [eco, balanced, performance]")
        }
        defaultValue = try keys.value("default").map { (node) throws(DescriptionError) in
            .option(try radioDefault(node, options: options, mustHaveSelection: draft.mustHaveSelection, id: id, context))
        }
    }
    let (checkboxStyle, switchStyle, labelStyle) = theme.styles(for: kind, overrides: draft.style)
    if draft.style.labelFontSize != nil {
        try checkFontFits(labelStyle.fontSize, rowHeight: theme.rowHeight, at: keys.value("label_font_size"), fallback: node, context)
    }
    let control = ControlDescription(
        id: id, kind: kind, label: draft.label, enabled: draft.enabled, defaultValue: defaultValue,
        options: draft.options ?? [], mustHaveSelection: draft.mustHaveSelection, location: node.location,
        checkboxStyle: checkboxStyle, switchStyle: switchStyle, labelStyle: labelStyle, action: draft.action,
        detail: draft.detail, styleOverrides: draft.style)
    return (control, idNode)
}

extension ControlKind {
    /// For messages about several controls: "checkboxes and radio groups".
    fileprivate var pluralName: String {
        switch self {
        case .checkbox: return "checkboxes"
        case .switch: return "switches"
        case .radio: return "radio groups"
        }
    }
}

/// A radio group's default: one of its options, or null for "nothing selected".
private func radioDefault(_ node: YAMLNode, options: [String], mustHaveSelection: Bool, id: String,
                          _ context: DecodingContext) throws(DescriptionError) -> String? {
    guard case .scalar(let text, let quoted, _) = node else {
        throw context.error(node, "'default' of radio '\(id)' must be one of its options, not \(node.shownInMessage)")
    }
    if !quoted, ["null", "~", ""].contains(text.lowercased()) {
        guard !mustHaveSelection else {
            throw context.error(node, "'default' of radio '\(id)' can't be null because 'must_have_selection' is true")
        }
        return nil
    }
    guard options.contains(text) else {
        throw context.error(node, "default '\(text)' of radio '\(id)' is not one of its options: \(options.joined(separator: ", "))")
    }
    return text
}

private let kindList = ControlKind.allCases.map(\.rawValue).joined(separator: ", ")

extension Conversion<String> {
    /// Ids name values in the state file and on the control socket, so keep them to safe characters.
    fileprivate static var identifier: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let id = try string.convert(node, key, context)
            try rejectControlCharacters(in: id, node, context) {
                "id contains the control character \($0); ids may only contain letters, digits, '_', '.' and '-'"
            }
            let length = id.unicodeScalars.count
            guard length <= PanelDescription.longestText else {
                throw context.error(node, "id is \(length) characters long; at most \(PanelDescription.longestText) are allowed")
            }
            let allowed = id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
                    return true
                default:
                    return false
                }
            }
            guard allowed, !id.isEmpty else {
                throw context.error(node, "id '\(id)' may only contain letters, digits, '_', '.' and '-'")
            }
            return id
        }
    }

    /// One radio option: non-empty, one line.
    fileprivate static var option: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let option = try line.convert(node, key, context)
            guard !option.isEmpty else { throw context.error(node, "an option must not be empty text") }
            return option
        }
    }
}

extension Conversion<[String]> {
    /// A radio group's options: at least one, each unique.
    fileprivate static var options: Self {
        Self { (node, key, context) throws(DescriptionError) in
            guard case .sequence(let items, _) = node else {
                throw context.error(node, "'\(key)' must be a list like [eco, balanced, performance], not \(node.shownInMessage)")
            }
            guard !items.isEmpty else { throw context.error(node, "'\(key)' is empty; a radio group needs at least one option") }
            var firstLocation: [String: SourceLocation] = [:]
            var options: [String] = []
            for item in items {
                let option = try Conversion<String>.option.convert(item, "option", context)
                if let first = firstLocation[option] {
                    throw context.error(item, "duplicate option '\(option)' (first at \(first))")
                }
                firstLocation[option] = item.location
                options.append(option)
            }
            return options
        }
    }
}
