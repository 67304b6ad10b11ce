/// A finger on a slider (SliderFinger.md). Until it moves sideways past the knob slop the
/// list may still take it for a scroll (a scrollable list only); once taken, the knob follows
/// it, kept under the finger where it was grabbed, each position snapped to the step grid.
/// With `send: release` the value is reported once at touch up; with `continuous` also during
/// the drag, at most every `interval` seconds (the last one when the interval is over, by
/// `advance`), and always at up when it differs from what was reported last.
struct SliderFinger: WidgetFinger {
    let target: Int
    let controlIndex: Int
    /// The knob's centre minus the finger's x when it went down on the knob; 0 elsewhere.
    let grab: Double
    /// Where it went down (x is the same on screen and in the content: the list scrolls vertically).
    let startX: Double
    let setting: NumberSetting
    /// The value last reported (at first the value before the touch) and when.
    var sent: ControlValue
    var sentAt: Double?
    /// The knob follows the finger.
    var dragging = false
    /// A value is shown that was not reported yet (`deadline` is asked without the model).
    var pendingSend = false

    var holdsGesture: Bool { dragging }

    func takes(dx: Double, dy: Double) -> Bool {
        abs(dx) > PanelModel.knobSlop && abs(dx) >= abs(dy)
    }

    mutating func began(_ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        // A list that can't scroll has nothing to wait for: the knob comes at once.
        guard !model.scroll.isScrollable else { return [] }
        dragging = true
        return follow(startX, &model, at: now)
    }

    mutating func moved(to point: Point, taken: Bool, _ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        guard taken else { return [] }
        dragging = true
        return follow(point.x, &model, at: now)
    }

    mutating func lifted(at point: Point, inside: Bool, _ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        // A tap (no drag) puts the knob where it lifted, when it lifted on the row.
        guard dragging || inside else { return [] }
        _ = show(point.x, &model, at: now)
        return send(&model, at: now)
    }

    mutating func cancelled(_ model: inout PanelModel, at now: Double) {
        // Nothing more is reported: the knob goes back to the value last reported.
        _ = model.setValue(sent, ofControl: controlIndex, animated: true, at: now)
    }

    mutating func advance(to now: Double, _ model: inout PanelModel) -> [PanelEvent] {
        guard let due = deadline, now >= due else { return [] }
        return send(&model, at: now)
    }

    var deadline: Double? {
        guard dragging, setting.send == .continuous, let sentAt, pendingSend else { return nil }
        return sentAt + setting.interval
    }

    func pressedDamage(in model: PanelModel) -> Rect {
        // The knob where it rests, or anywhere on an animation's way (the frame's time is not known here).
        let t = model.transitions[target], from = t.duration > 0 ? t.from : t.to
        return SliderGeometry(model.layout.targets[target]).span(min(from, t.to), max(from, t.to))
    }

    /// Shows the value under `x` and, with `send: continuous`, reports it unless the interval since the last report is not over.
    private mutating func follow(_ x: Double, _ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        guard show(x, &model, at: now), setting.send == .continuous else { return [] }
        if let sentAt, now - sentAt < setting.interval { return [] }
        return send(&model, at: now)
    }

    /// Puts the knob on the grid value under `x`; true when the value changed.
    private mutating func show(_ x: Double, _ model: inout PanelModel, at now: Double) -> Bool {
        let geometry = SliderGeometry(model.layout.targets[target])
        let value = ControlValue.number(setting.value(atFraction: geometry.fraction(atX: x + grab)))
        guard model.setValue(value, ofControl: controlIndex, animated: false, at: now) != nil else { return false }
        pendingSend = value != sent
        return true
    }

    /// Reports the value shown when it differs from the last one reported.
    private mutating func send(_ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        let value = model.values[controlIndex]
        pendingSend = false
        guard value != sent else { return [] }
        let event = model.report(value, previous: sent, ofControl: controlIndex)
        sent = value
        sentAt = now
        return [event]
    }
}
