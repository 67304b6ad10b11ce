/// A touch as the panel sees it: libinput's touch event with the position already
/// turned into logical coordinates.
public struct PanelTouch: Equatable, Sendable {
    public var phase: TouchPhase
    public var slot: Int
    public var position: Point

    public init(phase: TouchPhase, slot: Int, position: Point) {
        self.phase = phase
        self.slot = slot
        self.position = position
    }
}

/// A control's value changed (value-changed fires once per real change).
public struct ValueChange: Equatable, Sendable {
    public var controlIndex: Int
    public var id: String
    public var value: ControlValue
    public var previous: ControlValue
}

/// The live panel: control values, per-target touch tracking, animations and damage.
///
/// A value type driven by touches and a time passed in; the program owns one and feeds it
/// from libinput or a replay, the tests feed it directly. Every touch slot is routed to the
/// target it went down on, so fingers are independent.
public struct PanelModel: Sendable {
    public let description: PanelDescription
    public let layout: PanelLayout
    /// Per control, in `description.controls` order.
    public private(set) var values: [ControlValue]
    /// Per touch target, in `layout.targets` order.
    public private(set) var trackers: [ControlTracker]
    /// Per touch target: how "on" it is drawn, 0...1, animated.
    public private(set) var transitions: [Transition]
    /// Slot → touch target index, for touches that went down on an enabled target.
    private var trackedSlots: [Int: Int] = [:]
    /// Logical rectangles that must be redrawn; taken by the renderer.
    private var pendingDamage: [Rect] = []

    /// How far a finger may wander off a target and still count as inside it
    /// (UIKit uses a much larger margin; rows are stacked tightly here, so keep it to a third of a row).
    public static let trackingMargin = 24

    public init(description: PanelDescription, layout: PanelLayout, values: [ControlValue]? = nil) {
        self.description = description
        self.layout = layout
        let controls = description.controls
        let initial = values ?? controls.map(\.defaultValue)
        precondition(initial.count == controls.count, "one value per control")
        self.values = initial
        trackers = layout.targets.map { row in
            guard case .control(let index, _) = row.kind else { return ControlTracker(isEnabled: false) }
            return ControlTracker(isEnabled: controls[index].enabled)
        }
        transitions = []
        transitions = layout.targets.indices.map { .settled(at: onness(of: $0) ? 1 : 0) }
    }

    public func controlIndex(ofTarget target: Int) -> Int {
        guard case .control(let index, _) = layout.targets[target].kind else {
            preconditionFailure("touch targets are controls")
        }
        return index
    }

    /// Whether the target's value is on: a checked box, an on switch, the selected radio option.
    public func onness(of target: Int) -> Bool {
        guard case .control(let index, let option) = layout.targets[target].kind else { return false }
        switch values[index] {
        case .bool(let on): return on
        case .option(let selected):
            guard let option, let selected else { return false }
            return description.controls[index].options[option] == selected
        }
    }

    // MARK: Touches

    public mutating func handle(_ touch: PanelTouch, at now: Double) -> [ValueChange] {
        switch touch.phase {
        case .down:
            // A slot that is already down (a duplicated down) keeps its first target.
            guard trackedSlots[touch.slot] == nil,
                  let target = layout.targetIndex(at: touch.position),
                  !trackedSlots.values.contains(target) else { return [] }
            let events = track(target, .down(inside: true))
            if events.contains(.touchDown) { trackedSlots[touch.slot] = target }
            return []
        case .motion:
            guard let target = trackedSlots[touch.slot] else { return [] }
            _ = track(target, .move(inside: isInside(touch.position, target: target)))
            return []
        case .up:
            guard let target = trackedSlots.removeValue(forKey: touch.slot) else { return [] }
            let events = track(target, .up(inside: isInside(touch.position, target: target)))
            guard events.contains(.upInside) else { return [] }
            return activate(target, at: now)
        case .cancel:
            guard let target = trackedSlots.removeValue(forKey: touch.slot) else { return [] }
            _ = track(target, .cancel)
            return []
        case .frame:
            return []
        }
    }

    /// Cancels every touch in progress (the device went away, the screen blanked).
    public mutating func cancelAllTouches() {
        for (_, target) in trackedSlots { _ = track(target, .cancel) }
        trackedSlots.removeAll()
    }

    private func isInside(_ p: Point, target: Int) -> Bool {
        let m = Self.trackingMargin
        return layout.targets[target].frame.outsetBy(dx: m, dy: m).contains(p)
    }

    private mutating func track(_ target: Int, _ input: ControlTracker.Input) -> [ControlTracker.Event] {
        let wasHighlighted = trackers[target].isHighlighted
        let events = trackers[target].handle(input)
        if trackers[target].isHighlighted != wasHighlighted {
            pendingDamage.append(layout.targets[target].frame)
        }
        return events
    }

    /// What a tap does: toggle a checkbox or switch, select a radio option (or clear it
    /// when it was selected and the group may be empty).
    private mutating func activate(_ target: Int, at now: Double) -> [ValueChange] {
        guard case .control(let index, let option) = layout.targets[target].kind else { return [] }
        let control = description.controls[index]
        let newValue: ControlValue
        switch values[index] {
        case .bool(let on):
            newValue = .bool(!on)
        case .option(let selected):
            guard let option else { return [] }
            let name = control.options[option]
            if selected == name {
                guard !control.mustHaveSelection else { return [] }
                newValue = .option(nil)
            } else {
                newValue = .option(name)
            }
        }
        return setValue(newValue, ofControl: index, animated: true, at: now).map { [$0] } ?? []
    }

    // MARK: Values

    /// Sets a control's value (a tap, the state file, later the control socket). Returns the
    /// change, or nil when the value was already that (value-changed fires only on real changes).
    public mutating func setValue(_ value: ControlValue, ofControl index: Int, animated: Bool, at now: Double) -> ValueChange? {
        let previous = values[index]
        guard value != previous else { return nil }
        values[index] = value
        let duration = animated ? Self.animationDuration(description.controls[index].kind) : 0
        for target in layout.targets.indices where controlIndex(ofTarget: target) == index {
            let goal: Double = onness(of: target) ? 1 : 0
            if transitions[target].to != goal {
                transitions[target] = transitions[target].retargeted(to: goal, at: now, duration: duration)
                pendingDamage.append(layout.targets[target].frame)
            }
        }
        return ValueChange(controlIndex: index, id: description.controls[index].id, value: value, previous: previous)
    }

    /// UISwitch's 0.2 s; BEMCheckBox's 0.5 s for boxes and radio options.
    public static func animationDuration(_ kind: ControlKind) -> Double {
        kind == .switch ? 0.2 : 0.5
    }

    // MARK: Animation and damage

    public func isAnimating(at now: Double) -> Bool {
        transitions.contains { $0.isRunning(at: now) }
    }

    /// Takes what must be redrawn for a frame at `now` whose previous frame was at `previous`:
    /// rows whose highlight or value changed, and the widget boxes that moved in between.
    public mutating func takeDamage(previousFrame previous: Double, now: Double) -> [Rect] {
        var damage = pendingDamage
        pendingDamage.removeAll()
        for (target, transition) in transitions.enumerated() where transition.moved(between: previous, and: now) {
            damage.append(layout.targets[target].controlFrame)
        }
        return Self.withoutCoveredRects(damage)
    }

    /// Drops rectangles that another one covers (a row damaged for its highlight and its
    /// value, a widget inside its damaged row), so no pixel is painted twice for them.
    static func withoutCoveredRects(_ rects: [Rect]) -> [Rect] {
        var kept: [Rect] = []
        for (i, rect) in rects.enumerated() where !rect.isEmpty {
            let covered = rects.enumerated().contains { j, other in
                j != i && other.contains(rect) && (other != rect || j < i)
            }
            if !covered { kept.append(rect) }
        }
        return kept
    }
}
