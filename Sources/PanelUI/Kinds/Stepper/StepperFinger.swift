/// A finger on a stepper's − or + button (StepperFinger.md). Lifted on the button without
/// having repeated, it steps once; held, it steps at `delay` after the down and then every
/// `repeatInterval`, counted from the down on the clock the model is given (`advance`), so a
/// replay repeats exactly as the live loop does. Leaving the button stops it for the rest of
/// the touch; a list that takes the finger for a scroll before the first repeat cancels it.
struct StepperFinger: WidgetFinger {
    /// UIStepper's autorepeat: the first repeat after half a second, then ten a second.
    static let delay = 0.5
    static let repeatInterval = 0.1

    let target: Int
    let controlIndex: Int
    /// -1 for the − button, 1 for +.
    let direction: Int
    let downAt: Double
    let setting: NumberSetting
    /// Repeats made so far.
    var repeats = 0
    /// Still on its button; false once it left it (for the rest of the touch).
    var inside = true
    /// At the end it steps towards: a held button has nothing more to do.
    var blocked = false

    var holdsGesture: Bool { repeats > 0 }

    func takes(dx: Double, dy: Double) -> Bool { false }

    mutating func began(_ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        blocked = atEnd(model)
        return []
    }

    mutating func moved(to point: Point, taken: Bool, _ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        guard inside else { return [] }
        let content = Point(x: point.x, y: point.y + Double(model.scrollOffset(at: now)))
        let m = PanelModel.trackingMargin
        guard !StepperGeometry(model.layout.targets[target]).button(direction).outsetBy(dx: m, dy: m).contains(content) else { return [] }
        inside = false
        model.pendingDamage.append(pressedDamage(in: model))
        return []
    }

    mutating func lifted(at point: Point, inside lifted: Bool, _ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        guard repeats == 0, inside, lifted else { return [] }
        return step(&model, at: now)
    }

    mutating func cancelled(_ model: inout PanelModel, at now: Double) {}

    mutating func advance(to now: Double, _ model: inout PanelModel) -> [PanelEvent] {
        var events: [PanelEvent] = []
        while let due = deadline, now >= due {
            repeats += 1
            events += step(&model, at: now)
        }
        return events
    }

    var deadline: Double? {
        guard inside, !blocked else { return nil }
        return downAt + Self.delay + Double(repeats) * Self.repeatInterval
    }

    func pressedDamage(in model: PanelModel) -> Rect {
        StepperGeometry(model.layout.targets[target]).button(direction)
    }

    private mutating func step(_ model: inout PanelModel, at now: Double) -> [PanelEvent] {
        guard case .number(let number) = model.values[controlIndex] else { return [] }
        let next = ControlValue.number(setting.stepped(number, by: direction))
        let change = model.setValue(next, ofControl: controlIndex, animated: false, at: now)
        blocked = atEnd(model)
        return change.map { [.valueChanged($0)] } ?? []
    }

    private func atEnd(_ model: PanelModel) -> Bool {
        guard case .number(let number) = model.values[controlIndex] else { return true }
        let index = setting.index(of: number)
        return direction < 0 ? index == 0 : index == setting.lastIndex
    }
}
