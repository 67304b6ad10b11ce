/// A control's keys as written that every kind takes; a kind reads its own keys itself.
private struct ControlDraft {
    var id: String?
    var kind: ControlKind?
    var label: String?
    var detail: String?
    var enabled = true
    var icon: String?
    var style = StyleOverrides()
    var action: ActionDescription?
}

/// Every kind's own keys, once each, in registry order.
private let kindKeys: [String] = ControlKind.allCases.flatMap(\.behavior.ownKeys).reduce(into: []) { keys, key in
    if !keys.contains(key) { keys.append(key) }
}

/// The keys every control takes (the lists are joined apart: as one expression Swift 6.2's type
/// checker gives up on them).
private let commonControlFields: [Field<ControlDraft>] = [
    Field("id", \.id, .identifier),
    Field("kind", \.kind, .choice),
    Field("label", \.label, .line),
    Field("detail", \.detail, .line),
    Field("enabled", \.enabled, .bool),
    Field("icon", \.icon, .imageFile),
    Field(accepting: "default"),
]

private let kindControlFields: [Field<ControlDraft>] = kindKeys.map { Field(accepting: $0) }
private let actionControlFields: [Field<ControlDraft>] = [Field("action", \.action, .action)]
private let styleControlFields: [Field<ControlDraft>] = styleFields.map { Field($0, in: \.style) }

private let controlFields: [Field<ControlDraft>] = commonControlFields + kindControlFields + actionControlFields + styleControlFields

/// The kinds each key fits; a key not listed fits every kind.
private let keyKinds: [String: [ControlKind]] = styleKeyKinds.merging(
    kindKeys.map { key in (key, ControlKind.allCases.filter { $0.behavior.ownKeys.contains(key) }) }) { style, _ in style }

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
            let fitting = kinds.map(\.behavior.pluralName).joined(separator: " and ")
            throw context.error(keyNode, "'\(key)' applies to \(fitting) only, and '\(id)' is a \(kind.rawValue)")
        }
    }
    try rejectBothCheckColorNames(keys, context)
    let (checkboxStyle, switchStyle, labelStyle) = theme.styles(for: kind, overrides: draft.style)
    if draft.style.labelFontSize != nil {
        try checkFontFits(labelStyle.fontSize, rowHeight: theme.rowHeight, at: keys.value("label_font_size"), fallback: node, context)
    }
    var control = ControlDescription(
        id: id, kind: kind, label: draft.label, enabled: draft.enabled, location: node.location,
        checkboxStyle: checkboxStyle, switchStyle: switchStyle, labelStyle: labelStyle, action: draft.action,
        detail: draft.detail, styleOverrides: draft.style)
    control.icon = draft.icon
    try kind.behavior.decode(into: &control, KindKeys(id: id, node: node, keys: keys, context: context, theme: theme))
    return (control, idNode)
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
}

/// The keys of a control (every kind's own and the style keys included), for panel.yml(5) (`DescriptionKeys`).
let controlKeys = controlFields.map(\.key)
