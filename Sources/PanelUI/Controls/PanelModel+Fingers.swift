/// Fingers that a widget follows itself (`WidgetFinger`: a slider's knob, a stepper's held
/// button): how the touch router and the clock reach them.
extension PanelModel {
    /// Runs `body` on the finger of `slot` with the model, and keeps the finger as it leaves it.
    mutating func withFinger(_ slot: Int, _ body: (inout any WidgetFinger, inout PanelModel) -> [PanelEvent]) -> [PanelEvent] {
        guard var finger = fingers.removeValue(forKey: slot) else { return [] }
        let events = body(&finger, &self)
        fingers[slot] = finger
        return events
    }

    /// The finger a widget follows on `target`, if one is down there.
    func finger(onTarget target: Int) -> (any WidgetFinger)? {
        fingers.values.first { $0.target == target }
    }

    /// Time passed to `now` with no touch: held stepper buttons repeat, a slider sends the
    /// value it holds once its interval is over. Returns the value changes, in slot order.
    /// The program calls it at every wake-up and frame; nothing here runs a timer.
    public mutating func advance(to now: Double) -> [PanelEvent] {
        fingers.keys.sorted().flatMap { slot in withFinger(slot) { finger, model in finger.advance(to: now, &model) } }
    }

    /// The next time `advance(to:)` has work, or nil when only a touch can change anything:
    /// the program wakes then (a held button repeats with no frames to draw).
    public var nextDeadline: Double? {
        fingers.values.compactMap(\.deadline).min()
    }

    /// A value change that a finger reports (the value is already shown).
    func report(_ value: ControlValue, previous: ControlValue, ofControl index: Int) -> PanelEvent {
        .valueChanged(ValueChange(controlIndex: index, id: description.controls[index].id, value: value, previous: previous))
    }
}
