/// How control values are written in the state file, and read back.
extension ControlValue {
    /// A switch or checkbox value is `true`/`false`; a radio value its option string or null.
    public var json: JSONValue {
        switch self {
        case .bool(let on): return .bool(on)
        case .option(let name): return name.map(JSONValue.string) ?? .null
        case .number(let number): return .number(number)
        case .text(let text): return .string(text)
        case .none: return .null
        }
    }

    /// The value saved for `control`, or nil when it does not fit the control as described now
    /// (the description changed since it was saved: a switch became a radio, an option was removed).
    public init?(json: JSONValue, for control: ControlDescription) {
        guard let value = control.kind.behavior.value(fromJSON: json, for: control) else { return nil }
        self = value
    }
}

extension PanelDescription {
    /// Starting values: saved ones where they still fit, defaults elsewhere, with a warning
    /// for each saved value that had to be ignored (it stays in the file untouched).
    public func startingValues(from saved: StateDocument) -> (values: [ControlValue], warnings: [String]) {
        var warnings: [String] = []
        let values = controls.map { control -> ControlValue in
            guard let json = saved.value(for: control.id) else { return control.defaultValue }
            guard control.kind.savesValue else {
                warnings.append("saved value \(json.serialized()) for '\(control.id)' is ignored: a \(control.kind.rawValue) keeps no value (it stays in the file untouched)")
                return control.defaultValue
            }
            guard control.isSaved else { return control.defaultValue }
            guard let value = ControlValue(json: json, for: control) else {
                warnings.append("saved value \(json.serialized()) for '\(control.id)' does not fit the \(control.kind.rawValue) as described; using its default")
                return control.defaultValue
            }
            return value
        }
        return (values, warnings)
    }
}
