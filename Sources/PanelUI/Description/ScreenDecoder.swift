/// The description's screen keys: `backlight:`, `idle:`, `night:` and `on_idle:`, decoded
/// into `ScreenSettings` (see `panelFields`), then joined with `blank_after:` and the
/// controls' `bind: backlight` by `finishedScreen`.
let screenFields: [Field<ScreenSettings>] = [
    Field("backlight", \.backlight, .backlight),
    Field("idle", \.idle, .idle),
    Field("night", \.night, .night),
    Field("on_idle", \.onIdle, .action),
]

/// `blank_after` becomes idle's `off_after`; at most one control binds the backlight.
func finishedScreen(_ screen: ScreenSettings, blankAfter: Double?, keys: DecodedKeys, controls: [ControlDescription],
                    _ context: DecodingContext) throws(DescriptionError) -> ScreenSettings {
    var screen = screen
    if let blankAfter {
        if screen.idle?.offAfter != nil, let key = keys.key("blank_after") {
            throw context.error(key, "'blank_after' is the older name of 'off_after' in 'idle'; give only 'off_after' there")
        }
        var idle = screen.idle ?? IdleSettings()
        idle.offAfter = blankAfter
        screen.idle = idle
    }
    if let idle = screen.idle, let dim = idle.dimAfter, let off = idle.offAfter, dim >= off,
       let node = keys.value("idle")?.value(forKey: "dim_after") {
        throw context.error(node, "'dim_after' (\(shownSeconds(dim)) s) must be less than 'off_after' (\(shownSeconds(off)) s): the screen dims before it goes off")
    }
    let bound = controls.filter { $0.backlightBinding != nil }
    if bound.count > 1, let second = bound[1].backlightBinding {
        throw context.error(at: second.location, "'bind: backlight' is already on '\(bound[0].id)' (at \(bound[0].backlightBinding!.location)); only one control can set the backlight")
    }
    return screen
}

private func shownSeconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// The `idle:` mapping as written.
private struct IdleDraft {
    var dimAfter: Double?
    var dimTo: Double?
    var offAfter: Double?
    var wake = IdleSettings.Wake.touch
}

private let idleFields: [Field<IdleDraft>] = [
    Field("dim_after", \.dimAfter, .seconds),
    Field("dim_to", \.dimTo, .percent(above: 0)),
    Field("off_after", \.offAfter, .seconds),
    Field("wake", \.wake, .choice),
]

/// The `night:` mapping as written.
private struct NightDraft {
    var from: Int?
    var until: Int?
    var brightness: Double?
}

private let nightFields: [Field<NightDraft>] = [
    Field("from", \.from, .timeOfDay),
    Field("until", \.until, .timeOfDay),
    Field("brightness", \.brightness, .percent(above: 0)),
]

extension Conversion<IdleSettings> {
    /// `{dim_after: 60, dim_to: 20%, off_after: 300, wake: touch}`.
    static var idle: Self {
        Self { (node, key, context) throws(DescriptionError) in
            var draft = IdleDraft()
            let keys = try decodeMapping(node, what: "'\(key)'", fields: idleFields, into: &draft, context)
            guard draft.dimAfter != nil || draft.offAfter != nil else {
                throw context.error(node, "'\(key)' needs 'dim_after', 'off_after' or both, like {dim_after: 60, dim_to: 20%, off_after: 300}")
            }
            if draft.dimTo != nil, draft.dimAfter == nil, let dimTo = keys.key("dim_to") {
                throw context.error(dimTo, "'dim_to' needs 'dim_after': the seconds without a touch before the screen dims")
            }
            return IdleSettings(dimAfter: draft.dimAfter, dimTo: draft.dimTo ?? IdleSettings.defaultDimTo,
                                offAfter: draft.offAfter, wake: draft.wake)
        }
    }
}

extension Conversion<NightSettings> {
    /// `{from: "22:00", until: "06:30", brightness: 10%}`.
    static var night: Self {
        Self { (node, key, context) throws(DescriptionError) in
            var draft = NightDraft()
            let keys = try decodeMapping(node, what: "'\(key)'", fields: nightFields, into: &draft, context)
            let example = "like {from: \"22:00\", until: \"06:30\", brightness: 10%}"
            guard let from = draft.from else { throw context.error(node, "'\(key)' has no 'from'; \(example)") }
            guard let until = draft.until else { throw context.error(node, "'\(key)' has no 'until'; \(example)") }
            guard let brightness = draft.brightness else { throw context.error(node, "'\(key)' has no 'brightness'; \(example)") }
            if from == until, let untilKey = keys.key("until") {
                throw context.error(untilKey, "'until' is the same time as 'from'; the night window would be empty")
            }
            return NightSettings(window: DailyWindow(from: from, until: until), brightness: brightness)
        }
    }
}

extension Conversion<BacklightSetting> {
    /// `auto`, `none`, a device's name under /sys/class/backlight, or a folder's path (with a
    /// `/`; a relative one is under the description's folder).
    static var backlight: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let text = try Conversion<String>.plain("'KEY'").convert(node, key, context)
            guard let setting = BacklightSetting(parsing: text) else {
                throw context.error(node, "'\(key)' must be auto, none, a device's name under /sys/class/backlight (like rpi_backlight) or a folder's path, not \(node.shownInMessage)")
            }
            if case .path(let path) = setting { return .path(resolvedPath(path, descriptionFile: context.file)) }
            return setting
        }
    }
}

extension Conversion<Double> {
    /// A percentage, `20%` (or `12.5 %`), as a fraction 0...1; `above: 0` refuses 0 %.
    static func percent(above lowest: Double? = nil) -> Self {
        Self { (node, key, context) throws(DescriptionError) in
            let range = lowest == nil ? "0% to 100%" : "above 0% and at most 100%"
            if case .scalar(let text, false, _) = node, text.hasSuffix("%") {
                var number = String(text.dropLast())
                while number.hasSuffix(" ") { number.removeLast() }
                if !number.isEmpty, number.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") }),
                   let value = Double(number), value <= 100, lowest.map({ value > $0 }) ?? true {
                    return value / 100
                }
            }
            throw context.error(node, "'\(key)' must be a percentage \(range), like 20%, not \(node.shownInMessage)")
        }
    }
}
let idleKeys = idleFields.map(\.key)
let nightKeys = nightFields.map(\.key)
