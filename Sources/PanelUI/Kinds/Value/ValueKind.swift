/// A value row: a label and, at the trailing edge in the secondary colour, text the device
/// reports (an IP address, a temperature, a firmware version), like a read-only cell of iOS
/// Settings. Nothing to touch; the text comes from outside (the control socket, MQTT, or a
/// command run on a schedule) and is not a setting, so it is not saved.
struct ValueKind: KindBehavior {
    var pluralName: String { "value rows" }
    /// `source: {exec: [...], every: S, timeout: S}`: a command whose first line the row shows;
    /// `source: {mqtt: TOPIC}`: the messages on an MQTT topic.
    var ownKeys: [String] { ["source"] }
    var look: KindLook { .text }
    var curve: Transition.Curve { .linear }
    var isSaved: Bool { false }
    var takesTouches: Bool { false }

    /// What a value row shows before anything reported its text, and while its source fails.
    static let unknown = ValueText.unknown

    func decode(into control: inout ControlDescription, _ k: KindKeys) throws(DescriptionError) {
        if control.action != nil, let key = k.keys.key("action") {
            throw k.context.error(key, "value row '\(k.id)' shows what the device reports and runs no action; remove 'action'")
        }
        control.defaultValue = .text(try k.value("default", .line) ?? Self.unknown)
        if let source = k.keys.value("source"), source.value(forKey: "mqtt") != nil {
            control.mqttSource = try k.value("source", .mqttValueSource)
        } else {
            control.source = try k.value("source", .valueSource)
        }
    }

    func initialValue(options: [String], mustHaveSelection: Bool) -> ControlValue { .text(Self.unknown) }

    func rows(of control: ControlDescription, index: Int) -> [RowPlan] {
        [RowPlan(role: .display, label: control.label, detail: control.detail, widget: .trailing)]
    }

    /// The text's share of the row: it gets the trailing part whatever it says, so a new text
    /// never moves the label or resizes the row.
    func widgetSize(rowHeight: Int) -> Size { Size(width: 0, height: 0) }

    func onness(of value: ControlValue, option: String?) -> Double { 0 }
    func tapped(_ value: ControlValue, option: String?, control: ControlDescription) -> ControlValue? { nil }
    func animationDuration(of control: ControlDescription) -> Double { 0 }

    func value(fromJSON json: JSONValue, for control: ControlDescription) -> ControlValue? {
        switch json {
        case .string(let text) where ValueText.isShowable(text): .text(text)
        case .number(let number): .text(JSONValue.number(number).serialized())
        default: nil
        }
    }

    func expectedJSON(for control: ControlDescription) -> String {
        "text of one line (at most \(ValueText.longest) characters) or a number"
    }

    func widget(_ control: ControlDescription, _ c: WidgetContext) -> (Canvas, Rect) -> Void {
        { _, _ in }
    }
}

/// What a value row may show: one line of printable text, bounded, so a backend cannot
/// make a row grow or fill memory.
public enum ValueText {
    public static let longest = 200
    /// Shown before anything reported a text, and while a source fails.
    public static let unknown = "—"

    public static func isShowable(_ text: String) -> Bool {
        text.unicodeScalars.count <= longest && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
