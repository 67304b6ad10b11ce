/// What checkboxes and switches share: one row, a value that is on or off, a tap that flips it.
protocol OnOffKind: KindBehavior {}

extension OnOffKind {
    var ownKeys: [String] { ["confirm"] }

    func decode(into control: inout ControlDescription, _ k: KindKeys) throws(DescriptionError) {
        if let node = k.keys.value("default") {
            control.defaultValue = .bool(try Conversion.bool.convert(node, "default", k.context))
        }
        control.confirm = try k.value("confirm", .confirmation)
    }

    /// "Turn Off" asks before turning "Heating" off; "Turn On" before turning it on.
    func confirmTitle(of control: ControlDescription, changingTo value: ControlValue?) -> String {
        value == .bool(false) ? "Turn Off" : "Turn On"
    }

    func initialValue(options: [String], mustHaveSelection: Bool) -> ControlValue { .bool(false) }

    func rows(of control: ControlDescription, index: Int) -> [RowPlan] {
        [RowPlan(role: .target(option: nil), label: control.label, detail: control.detail, widget: widgetSide)]
    }

    func onness(of value: ControlValue, option: String?) -> Double {
        value == .bool(true) ? 1 : 0
    }

    func tapped(_ value: ControlValue, option: String?, control: ControlDescription) -> ControlValue? {
        guard case .bool(let on) = value else { return nil }
        return .bool(!on)
    }

    func value(fromJSON json: JSONValue, for control: ControlDescription) -> ControlValue? {
        guard case .bool(let on) = json else { return nil }
        return .bool(on)
    }

    func expectedJSON(for control: ControlDescription) -> String { "true or false" }

    /// Where the widget sits in the row.
    var widgetSide: RowPlan.Side { look == .track ? .trailing : .leading }
}
