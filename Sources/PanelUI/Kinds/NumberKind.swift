/// A number a slider or stepper holds: its range, step grid, unit and, for a slider, when
/// changes are sent. Every value it gives is `min + k * step` for a whole `k`, rounded to the
/// decimals of `min` and `step`, so 0.1 * 3 is saved and shown as 0.3, never 0.30000000000000004.
public struct NumberSetting: Equatable, Sendable {
    /// When a slider reports a new value: once at touch up, or during the drag as well.
    public enum Send: String, Sendable, CaseIterable {
        case release, continuous
    }

    public var min: Double
    public var max: Double
    public var step: Double
    /// Written after the number and a space ("60 %"); nil writes the number alone.
    public var unit: String?
    public var send: Send
    /// `send: continuous`: at most one report per this many seconds during a drag.
    public var interval: Double
    /// Digits after the point in every value (those of `min` and `step`).
    public let decimals: Int

    /// The most steps a range may have: far more than any widget tells apart, and few enough
    /// that `min + k * step` is exact to the decimals shown.
    public static let mostSteps = 1_000_000
    /// The most decimals a `min` or `step` may have.
    public static let mostDecimals = 6

    public init(min: Double = 0, max: Double = 100, step: Double = 1, unit: String? = nil, send: Send = .release,
                interval: Double = 0.2) {
        self.min = min
        self.max = max
        self.step = step
        self.unit = unit
        self.send = send
        self.interval = interval
        decimals = Swift.max(Self.decimals(of: min), Self.decimals(of: step))
    }

    /// The highest `k`: `max` is `min + lastIndex * step`.
    public var lastIndex: Int { Int(clamping: ((max - min) / step).rounded()) }

    /// The value on the grid at index `k`, clamped to the range.
    public func value(atIndex k: Int) -> Double {
        rounded(min + Double(Swift.min(Swift.max(k, 0), lastIndex)) * step)
    }

    /// The nearest index to `value`; values outside the range go to its ends, NaN to `min`.
    public func index(of value: Double) -> Int {
        guard value.isFinite else { return value == .infinity ? lastIndex : 0 }
        let k = ((value - min) / step).rounded()
        return Int(clamping: Swift.min(Swift.max(k, 0), Double(lastIndex)))
    }

    /// The grid value nearest to `value`.
    public func snapped(_ value: Double) -> Double { self.value(atIndex: index(of: value)) }

    /// Where `value` lies in the range, 0 at `min` … 1 at `max`.
    public func fraction(of value: Double) -> Double {
        Swift.min(Swift.max((snapped(value) - min) / (max - min), 0), 1)
    }

    /// The grid value nearest to a fraction of the range (NaN and outside go to the ends).
    public func value(atFraction f: Double) -> Double {
        let f = f.isNaN ? 0 : Swift.min(Swift.max(f, 0), 1)
        return value(atIndex: Int(clamping: (f * Double(lastIndex)).rounded()))
    }

    /// `value` when it lies on the grid (within a millionth of a step), else nil.
    public func onGrid(_ value: Double) -> Double? {
        guard value.isFinite, value >= min - step * 1e-6, value <= max + step * 1e-6 else { return nil }
        let k = (value - min) / step
        guard abs(k - k.rounded()) <= 1e-6 else { return nil }
        return self.value(atIndex: Int(clamping: k.rounded()))
    }

    /// The value one step up (`by: 1`) or down (`by: -1`), held at the ends.
    public func stepped(_ value: Double, by steps: Int) -> Double {
        let (k, overflow) = index(of: value).addingReportingOverflow(steps)
        return self.value(atIndex: overflow ? (steps > 0 ? .max : .min) : k)
    }

    /// The number with exactly `decimals` digits after the point and the unit: "21.5 °C", "60 %".
    public func text(_ value: Double) -> String {
        let number = Self.fixed(value, decimals: decimals)
        guard let unit, !unit.isEmpty else { return number }
        return number + " " + unit
    }

    /// The widest text this setting shows, by characters: its ends (and a negative sign's room).
    var longestTexts: [String] { [text(min), text(max), text(value(atIndex: lastIndex / 2))] }

    /// The room for a value's text in a row: its widest text, and at least 1.25 rows, so the
    /// sliders and steppers of a group line up unless one's text is longer.
    static func valueWidth(_ setting: NumberSetting, in room: RowRoom, atLeast rows: Double = 1.25) -> Int {
        Swift.max((setting.longestTexts.map(room.textWidth).max() ?? 0) + 1, Int(pixels: Double(room.metrics.rowHeight) * rows))
    }

    func rounded(_ value: Double) -> Double {
        let scale = Self.power(decimals)
        let r = (value * scale).rounded() / scale
        return r == 0 ? 0 : r  // no -0
    }

    static func power(_ decimals: Int) -> Double {
        (0..<decimals).reduce(1.0) { value, _ in value * 10 }
    }

    /// How many digits after the point `value` needs, up to `mostDecimals` (0.25 needs 2).
    static func decimals(of value: Double) -> Int {
        for d in 0..<mostDecimals {
            let scaled = value * power(d)
            if abs(scaled - scaled.rounded()) <= 1e-9 * Swift.max(1, abs(scaled)) { return d }
        }
        return mostDecimals
    }

    /// `value` written with `decimals` digits after the point, without Foundation's formatter.
    static func fixed(_ value: Double, decimals: Int) -> String {
        let scale = power(decimals)
        let units = (abs(value) * scale).rounded()
        guard units.isFinite, units < 9e15 else { return value.description }
        let whole = Int64(units)
        let divisor = Int64(scale)
        let integer = whole / divisor, fraction = whole % divisor
        var text = (value < 0 && whole != 0 ? "-" : "") + String(integer)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }
}

extension ControlDescription {
    /// A slider's or stepper's range; a neutral one for other kinds, which never ask.
    var numberSetting: NumberSetting { number ?? NumberSetting() }
}

/// What sliders and steppers share: the keys of a number (`min`, `max`, `step`, `unit`,
/// `default`), one row with the widget at the trailing side, a JSON number for a value, and a
/// finger the widget follows itself instead of the row's tap rule.
protocol NumberKind: KindBehavior {}

extension NumberKind {
    var look: KindLook { .track }
    var curve: Transition.Curve { .easeInOut }
    var drawsOwnPressedLook: Bool { true }

    func decode(into control: inout ControlDescription, _ k: KindKeys) throws(DescriptionError) {
        try decodeNumber(into: &control, k)
    }

    /// The number keys every number kind takes (a slider adds its own after them).
    func decodeNumber(into control: inout ControlDescription, _ k: KindKeys) throws(DescriptionError) {
        for key in ["on_image", "off_image", "thumb_image"] {
            if let node = k.keys.key(key) {
                throw k.context.error(node, "'\(key)' applies to switches, checkboxes and radio groups, and '\(k.id)' is a \(control.kind.rawValue)")
            }
        }
        let limit = 1e9
        let min = try k.value("min", .number(in: -limit...limit)) ?? 0
        let max = try k.value("max", .number(in: -limit...limit)) ?? Swift.max(100, min + 1)
        let step = try k.value("step", .number(in: 0...limit)) ?? 1
        let at = { (key: String) in k.keys.value(key) ?? k.node }
        guard step > 0 else { throw k.context.error(at("step"), "'step' of '\(k.id)' must be more than 0") }
        guard max > min else {
            throw k.context.error(at("max"), "'max' (\(NumberSetting.fixed(max, decimals: NumberSetting.decimals(of: max)))) of \(control.kind.rawValue) '\(k.id)' must be greater than 'min' (\(NumberSetting.fixed(min, decimals: NumberSetting.decimals(of: min))))")
        }
        for key in ["min", "step"] where NumberSetting.decimals(of: key == "min" ? min : step) >= NumberSetting.mostDecimals {
            throw k.context.error(at(key), "'\(key)' of '\(k.id)' has more than \(NumberSetting.mostDecimals - 1) decimals")
        }
        let steps = (max - min) / step
        guard steps <= Double(NumberSetting.mostSteps) else {
            throw k.context.error(at("step"), "'step' makes \(Int(clamping: steps)) steps from 'min' to 'max'; at most \(NumberSetting.mostSteps) are allowed")
        }
        var setting = NumberSetting(min: min, max: max, step: step, unit: try k.value("unit", .line))
        guard abs(steps - steps.rounded()) <= 1e-6 else {
            let below = setting.value(atIndex: Int(clamping: steps))
            let above = setting.rounded(min + (steps.rounded(.down) + 1) * step)
            throw k.context.error(at("step"), "'step' \(NumberSetting.fixed(step, decimals: setting.decimals)) does not reach 'max' \(NumberSetting.fixed(max, decimals: setting.decimals)) from 'min' \(NumberSetting.fixed(min, decimals: setting.decimals)); make 'max' \(NumberSetting.fixed(below, decimals: setting.decimals)) or \(NumberSetting.fixed(above, decimals: setting.decimals))")
        }
        setting.send = try k.value("send", .choice) ?? .release
        setting.interval = try k.value("interval", .number(in: 0...60)) ?? 0.2
        control.number = setting
        control.defaultValue = .number(setting.min)
        if let node = k.keys.value("default") {
            control.defaultValue = .number(try Self.defaultNumber(node, setting, id: k.id, kind: control.kind, k.context))
        }
    }

    func initialValue(options: [String], mustHaveSelection: Bool) -> ControlValue { .number(0) }

    func rows(of control: ControlDescription, index: Int) -> [RowPlan] {
        [RowPlan(role: .target(option: nil), label: control.label, detail: control.detail, widget: .trailing)]
    }

    func onness(of value: ControlValue, option: String?, control: ControlDescription) -> Double {
        guard case .number(let number) = value else { return 0 }
        return control.numberSetting.fraction(of: number)
    }

    func tapped(_ value: ControlValue, option: String?, control: ControlDescription) -> ControlValue? { nil }

    func animationDuration(of control: ControlDescription) -> Double { control.switchStyle.animationDuration }

    func value(fromJSON json: JSONValue, for control: ControlDescription) -> ControlValue? {
        guard case .number(let number) = json, let value = control.numberSetting.onGrid(number) else { return nil }
        return .number(value)
    }

    func expectedJSON(for control: ControlDescription) -> String {
        let s = control.numberSetting
        return "a number from \(NumberSetting.fixed(s.min, decimals: s.decimals)) to \(NumberSetting.fixed(s.max, decimals: s.decimals)) in steps of \(NumberSetting.fixed(s.step, decimals: s.decimals))"
    }

    /// The value text of `control` as shown now.
    func valueText(_ control: ControlDescription, _ value: ControlValue) -> String {
        guard case .number(let number) = value else { return "" }
        return control.numberSetting.text(number)
    }

    private static func defaultNumber(_ node: YAMLNode, _ s: NumberSetting, id: String, kind: ControlKind,
                                      _ context: DecodingContext) throws(DescriptionError) -> Double {
        let number = try Conversion<Double>.number(in: -1e9...1e9).convert(node, "default", context)
        let shown = { (v: Double) in NumberSetting.fixed(v, decimals: s.decimals) }
        guard number >= s.min, number <= s.max else {
            throw context.error(node, "default \(shown(number)) of \(kind.rawValue) '\(id)' is outside its range \(shown(s.min)) to \(shown(s.max))")
        }
        guard let value = s.onGrid(number) else {
            let below = s.value(atIndex: Int(clamping: ((number - s.min) / s.step).rounded(.down)))
            throw context.error(node, "default \(NumberSetting.fixed(number, decimals: NumberSetting.decimals(of: number))) of \(kind.rawValue) '\(id)' is not on its steps of \(shown(s.step)) from \(shown(s.min)); use \(shown(below)) or \(shown(s.stepped(below, by: 1)))")
        }
        return value
    }
}
