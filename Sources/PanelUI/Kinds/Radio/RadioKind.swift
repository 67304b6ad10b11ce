/// A radio group: a caption row, then one row per option with a round box; a tap selects its
/// option (or clears it, when it was selected and the group may have none).
struct RadioKind: KindBehavior {
    var pluralName: String { "radio groups" }
    var ownKeys: [String] { ["options", "must_have_selection"] }
    var look: KindLook { .box }
    var keepsRestingLook: Bool { true }
    var curve: Transition.Curve { .linear }

    func decode(into control: inout ControlDescription, _ k: KindKeys) throws(DescriptionError) {
        guard let options = try k.value("options", .options) else {
            throw k.context.error(k.node, "radio '\(k.id)' has no 'options'; add a list like options: [eco, balanced, performance]")
        }
        let mustHaveSelection = try k.value("must_have_selection", .bool) ?? false
        control.options = options
        control.mustHaveSelection = mustHaveSelection
        control.defaultValue = initialValue(options: options, mustHaveSelection: mustHaveSelection)
        if let node = k.keys.value("default") {
            control.defaultValue = .option(try Self.defaultOption(node, options: options, mustHaveSelection: mustHaveSelection,
                                                                  id: k.id, k.context))
        }
    }

    func initialValue(options: [String], mustHaveSelection: Bool) -> ControlValue {
        .option(mustHaveSelection ? options.first : nil)
    }

    func rows(of control: ControlDescription, index: Int) -> [RowPlan] {
        [RowPlan(role: .caption, label: control.label, detail: control.detail, widget: nil)]
            + control.options.indices.map { RowPlan(role: .target(option: $0), label: control.options[$0], widget: .leading) }
    }

    func widgetSize(rowHeight: Int) -> Size { CheckboxKind.boxSize(rowHeight: rowHeight) }

    func onness(of value: ControlValue, option: String?) -> Double {
        guard case .option(let selected?) = value, selected == option else { return 0 }
        return 1
    }

    func tapped(_ value: ControlValue, option: String?, control: ControlDescription) -> ControlValue? {
        guard case .option(let selected) = value, let option else { return nil }
        guard selected == option else { return .option(option) }
        return control.mustHaveSelection ? nil : .option(nil)
    }

    func animationDuration(of control: ControlDescription) -> Double { control.checkboxStyle.animationDuration }

    func value(fromJSON json: JSONValue, for control: ControlDescription) -> ControlValue? {
        switch json {
        case .string(let name) where control.options.contains(name): .option(name)
        // `panel ctl set mode 2` sends a number; an option written "2" takes it.
        case .number where control.options.contains(json.serialized()): .option(json.serialized())
        case .null where !control.mustHaveSelection: .option(nil)
        default: nil
        }
    }

    func expectedJSON(for control: ControlDescription) -> String {
        "one of \(control.options.map { "\"\($0)\"" }.joined(separator: ", "))\(control.mustHaveSelection ? "" : " or null")"
    }

    func widget(_ control: ControlDescription, _ c: WidgetContext) -> (Canvas, Rect) -> Void {
        CheckboxKind.boxDrawing(control, c)
    }

    /// A radio group's default: one of its options, or null for "nothing selected".
    private static func defaultOption(_ node: YAMLNode, options: [String], mustHaveSelection: Bool, id: String,
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
}

extension Conversion<String> {
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
