import PanelUI

/// How one kind of control shows on MQTT and in Home Assistant: its component, its state
/// payload, the command payloads it takes, and its discovery keys. Every kind maps in
/// `of(_:)`, one entry each, so a new kind (a slider as `number` with min, max and step, a
/// button as `button` taking PRESS) is one more case there and the compiler asks for it.
struct MQTTKind: Sendable {
    /// Home Assistant's component (platform): `switch`, `select`, …
    let component: String
    /// The retained state payload of a value.
    let statePayload: @Sendable (ControlValue, ControlDescription) -> [UInt8]
    /// The value a command payload asks for; nil when the payload does not fit.
    let command: @Sendable ([UInt8], ControlDescription) -> ControlValue?
    /// Discovery keys this component needs beyond the common ones (name, topics, device).
    let discoveryKeys: @Sendable (ControlDescription) -> [(key: String, value: JSONValue)]
    /// The payloads a command may carry, for the warning that refuses another.
    let expected: @Sendable (ControlDescription) -> String
    /// Whether it has a state to publish (a button has none: its command presses it).
    var hasState = true
    /// Whether Home Assistant may command it (discovery names a command topic).
    var commandable = true

    /// nil: the kind is not on MQTT (a page only opens other controls, which are).
    static func of(_ kind: ControlKind) -> MQTTKind? {
        switch kind {
        case .switch, .checkbox: onOff
        case .radio: select
        case .slider: number(mode: "slider")
        case .stepper: number(mode: "box")
        case .button: press
        case .value: sensor
        case .page: nil
        }
    }

    /// Buttons: Home Assistant's `button`, pressed by the command PRESS; no state topic.
    static let press = MQTTKind(
        component: "button",
        statePayload: { _, _ in [] },
        command: { payload, _ in payload == Array("PRESS".utf8) ? ControlValue.none : nil },
        discoveryKeys: { _ in [("payload_press", .string("PRESS"))] },
        expected: { _ in "PRESS" },
        hasState: false)

    /// Sliders and steppers: Home Assistant's `number` with the range, step and unit, shown
    /// as a slider or a box; the payload is the number's shortest form ("60", "21.5"), and a
    /// command must be a number on the control's step grid.
    static func number(mode: String) -> MQTTKind {
        MQTTKind(
            component: "number",
            statePayload: { value, _ in Array(value.actionText.utf8) },
            command: { payload, control in
                // Decimal only ("21.5", "2e1"): no hex, inf or nan that Double(_:) would also read.
                guard !payload.isEmpty, payload.allSatisfy({ Array("0123456789.-+eE".utf8).contains($0) }),
                      let number = Double(String(decoding: payload, as: UTF8.self)), number.isFinite,
                      let value = control.number?.onGrid(number) else { return nil }
                return .number(value)
            },
            discoveryKeys: { control in
                let setting = control.number ?? NumberSetting()
                var keys: [(key: String, value: JSONValue)] = [
                    ("min", .number(setting.min)), ("max", .number(setting.max)), ("step", .number(setting.step)),
                    ("mode", .string(mode)),
                ]
                if let unit = setting.unit, !unit.isEmpty { keys.append(("unit_of_measurement", .string(unit))) }
                return keys
            },
            expected: { control in control.expectedValues })
    }

    /// Switches and checkboxes: Home Assistant's `switch`, ON and OFF.
    static let onOff = MQTTKind(
        component: "switch",
        statePayload: { value, _ in Array((value == .bool(true) ? "ON" : "OFF").utf8) },
        command: { payload, _ in
            switch payload {
            case Array("ON".utf8): .bool(true)
            case Array("OFF".utf8): .bool(false)
            default: nil
            }
        },
        discoveryKeys: { _ in [("payload_on", .string("ON")), ("payload_off", .string("OFF")),
                               ("state_on", .string("ON")), ("state_off", .string("OFF"))] },
        expected: { _ in "ON or OFF" })

    /// Radio groups: Home Assistant's `select` with the options as written. No selection is
    /// an empty payload (Home Assistant shows "unknown"); an empty command clears the
    /// selection of a group that may have none.
    static let select = MQTTKind(
        component: "select",
        statePayload: { value, _ in
            if case .option(let option?) = value { return Array(option.utf8) }
            return []
        },
        command: { payload, control in
            if payload.isEmpty { return control.mustHaveSelection ? nil : .option(nil) }
            let text = String(decoding: payload, as: UTF8.self)
            return control.options.contains(text) && Array(text.utf8) == payload ? .option(text) : nil
        },
        discoveryKeys: { control in [("options", .array(control.options.map { .string($0) }))] },
        expected: { control in
            "one of " + control.options.map { "'\($0)'" }.joined(separator: ", ") + (control.mustHaveSelection ? "" : " or nothing")
        })

    /// Value rows: Home Assistant's `sensor`, the text as its state. Home Assistant gets no
    /// command topic; the device's own backend may still publish a new text on `<id>/set`.
    static let sensor = MQTTKind(
        component: "sensor",
        statePayload: { value, _ in
            if case .text(let text) = value { return Array(text.utf8) }
            return []
        },
        command: { payload, control in
            let text = String(decoding: payload, as: UTF8.self)
            return Array(text.utf8) == payload ? ControlValue(json: .string(text), for: control) : nil
        },
        discoveryKeys: { _ in [] },
        expected: { control in control.expectedValues },
        commandable: false)
}
