/// Whether a button's action is an ordinary one or destroys something (`style: destructive`).
public enum ButtonStyle: String, Sendable, CaseIterable {
    case normal, destructive
}

/// An iOS Settings button row ("Restart", "Erase All Content"): the label at the row's leading
/// inset in the accent colour (the theme's red with `style: destructive`) and no widget. A tap
/// highlights the whole row and runs the action (after a dialog with `confirm:`); it keeps no
/// value, so nothing of it is saved and its action gets `{value}` as empty text.
struct ButtonKind: KindBehavior {
    var pluralName: String { "buttons" }
    var ownKeys: [String] { ["style", "confirm"] }
    var look: KindLook { .text }
    var curve: Transition.Curve { .linear }
    var presses: Bool { true }
    var savesValue: Bool { false }
    var isSaved: Bool { false }
    var highlightsRow: Bool { true }

    func decode(into control: inout ControlDescription, _ k: KindKeys) throws(DescriptionError) {
        if let node = k.keys.key("default") {
            throw k.context.error(node, "button '\(k.id)' keeps no value, so it takes no 'default'; remove it")
        }
        control.buttonStyle = try k.value("style", .choice) ?? .normal
        control.confirm = try k.value("confirm", .confirmation)
        control.defaultValue = .none
    }

    func initialValue(options: [String], mustHaveSelection: Bool) -> ControlValue { .none }

    func rows(of control: ControlDescription, index: Int) -> [RowPlan] {
        [RowPlan(role: .target(option: nil), label: control.label, detail: control.detail, widget: nil)]
    }

    func widgetSize(rowHeight: Int) -> Size { Size(width: 0, height: 0) }

    func onness(of value: ControlValue, option: String?) -> Double { 0 }

    func tapped(_ value: ControlValue, option: String?, control: ControlDescription) -> ControlValue? { nil }

    func animationDuration(of control: ControlDescription) -> Double { 0 }

    func value(fromJSON json: JSONValue, for control: ControlDescription) -> ControlValue? {
        if case .null = json { return ControlValue.none }
        return nil
    }

    func expectedJSON(for control: ControlDescription) -> String { "no value (a button keeps none; press it)" }

    func widget(_ control: ControlDescription, _ context: WidgetContext) -> (Canvas, Rect) -> Void {
        { _, _ in }
    }

    func labelStyle(_ own: LabelStyle, ownColor: Bool, button: ButtonStyle, theme: Theme) -> LabelStyle {
        var style = own
        // A `label_color` of the button's own wins; the theme's label colour is for other rows.
        if !ownColor { style.color = ButtonColors.label(button, theme: theme) }
        return style
    }

    /// The dialog's go-ahead button says what the button does: its label.
    func confirmTitle(of control: ControlDescription, changingTo value: ControlValue?) -> String { control.label }
}

extension Conversion<String> {
    /// The question of `confirm:`: one line of text, not empty.
    static var confirmation: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let text = try line.convert(node, key, context)
            guard !text.isEmpty else {
                throw context.error(node, "'\(key)' is empty; write the question the dialog asks, like confirm: \"Restart the panel?\"")
            }
            return text
        }
    }
}
