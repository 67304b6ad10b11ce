/// UIControl's touch tracking for one touch target, as a pure value type.
///
/// Inputs say where the finger is relative to the target (the caller decides
/// "inside" with the target's expanded tracking bounds); outputs are the UIControl
/// events the move produced. The diagram is in ControlTracker.md beside this file.
/// What an up-inside *does* (toggle, select) is the panel model's business, not the tracker's.
public struct ControlTracker: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        /// No finger on the target.
        case idle
        /// A finger went down on the target and is within its tracking bounds: drawn highlighted.
        case trackingInside
        /// The finger that went down here has moved out of the tracking bounds.
        case trackingOutside
    }

    public enum Input: Equatable, Sendable {
        case down(inside: Bool)
        case move(inside: Bool)
        case up(inside: Bool)
        /// The device or a gesture took the touch away (libinput touch cancel, scroll, device removed).
        case cancel
    }

    /// UIControl.Event, minus value-changed, which the panel model emits.
    public enum Event: Equatable, Sendable {
        case touchDown, dragInside, dragOutside, dragEnter, dragExit, upInside, upOutside, cancel
    }

    public private(set) var phase: Phase = .idle

    /// A disabled target ignores new touches; disabling it while tracked cancels the touch.
    public private(set) var isEnabled: Bool

    public init(isEnabled: Bool = true) {
        self.isEnabled = isEnabled
    }

    public var isHighlighted: Bool { phase == .trackingInside }
    public var isTracking: Bool { phase != .idle }

    public mutating func setEnabled(_ enabled: Bool) -> [Event] {
        isEnabled = enabled
        return enabled ? [] : handle(.cancel)
    }

    public mutating func handle(_ input: Input) -> [Event] {
        switch phase {
        case .idle: return handleIdle(input)
        case .trackingInside: return handleTrackingInside(input)
        case .trackingOutside: return handleTrackingOutside(input)
        }
    }

    private mutating func handleIdle(_ input: Input) -> [Event] {
        switch input {
        case .down(let inside):
            // A down outside the target never reaches it (hit testing picks the target),
            // but the tracker stays total: it is simply not a touch for this target.
            guard isEnabled, inside else { return [] }
            phase = .trackingInside
            return [.touchDown]
        case .move, .up, .cancel:
            // Not our touch: moves and ups of fingers that went down elsewhere.
            return []
        }
    }

    private mutating func handleTrackingInside(_ input: Input) -> [Event] {
        switch input {
        case .down:
            // A second down for a tracked target is a duplicate (a second finger is routed away
            // before it gets here); ignore it rather than restarting.
            return []
        case .move(let inside):
            if inside { return [.dragInside] }
            phase = .trackingOutside
            return [.dragExit, .dragOutside]
        case .up(let inside):
            phase = .idle
            return inside ? [.upInside] : [.upOutside]
        case .cancel:
            phase = .idle
            return [.cancel]
        }
    }

    private mutating func handleTrackingOutside(_ input: Input) -> [Event] {
        switch input {
        case .down:
            return []
        case .move(let inside):
            if !inside { return [.dragOutside] }
            phase = .trackingInside
            return [.dragEnter, .dragInside]
        case .up(let inside):
            phase = .idle
            return inside ? [.upInside] : [.upOutside]
        case .cancel:
            phase = .idle
            return [.cancel]
        }
    }
}
