import PanelUI

extension MQTTKind {
    /// How a control shows on MQTT: its kind's way, except a slider bound to the backlight
    /// (`bind: backlight`), which is Home Assistant's `light` with brightness (`lightWithBrightness`).
    static func of(_ control: ControlDescription) -> MQTTKind? {
        control.backlightBinding != nil ? lightWithBrightness : of(control.kind)
    }

    /// The backlight's slider as Home Assistant's `light` (JSON schema): the state is
    /// `{"state": "ON", "brightness": K}` with K the slider's step index (0 at `min`,
    /// `brightness_scale` at `max`: a 0-100 % slider's own number). A command sets the
    /// brightness the same way; `"state": "OFF"` alone is the slider's minimum (the panel's
    /// `min_brightness`, never dark) and `"ON"` alone its maximum. The screen's own off is
    /// the idle stages', not Home Assistant's.
    static let lightWithBrightness = MQTTKind(
        component: "light",
        statePayload: { value, control in
            guard case .number(let number) = value else { return [] }
            let index = (control.number ?? NumberSetting()).index(of: number)
            return Array(JSONValue.object([("state", .string("ON")), ("brightness", .number(Double(index)))]).serialized().utf8)
        },
        command: { payload, control in
            guard let request = try? JSONValue.parse(utf8: payload), case .object = request else { return nil }
            let setting = (control.number ?? NumberSetting())
            switch (request["state"], request["brightness"]) {
            case (nil, .number(let k)?), (.string("ON")?, .number(let k)?):
                guard k == k.rounded(), k >= 0, k <= Double(setting.lastIndex) else { return nil }
                return .number(setting.value(atIndex: Int(k)))
            case (.string("ON")?, nil): return .number(setting.max)
            case (.string("OFF")?, nil): return .number(setting.min)
            default: return nil
            }
        },
        discoveryKeys: { control in
            [("schema", .string("json")), ("supported_color_modes", .array([.string("brightness")])),
             ("brightness_scale", .number(Double((control.number ?? NumberSetting()).lastIndex)))]
        },
        expected: { control in
            "{\"state\": \"ON\", \"brightness\": 0 to \((control.number ?? NumberSetting()).lastIndex)}, or {\"state\": \"ON\"} or {\"state\": \"OFF\"} alone"
        })
}
