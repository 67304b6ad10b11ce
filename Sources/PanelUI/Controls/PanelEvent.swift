/// A control's value changed (value-changed fires once per real change).
public struct ValueChange: Equatable, Sendable {
    public var controlIndex: Int
    public var id: String
    public var value: ControlValue
    public var previous: ControlValue

    public init(controlIndex: Int, id: String, value: ControlValue, previous: ControlValue) {
        self.controlIndex = controlIndex
        self.id = id
        self.value = value
        self.previous = previous
    }
}

/// What the panel model reports, in the order it happened: UIControl's events per control
/// (`upInside` is BEMCheckBox's "did tap"), value changes, and finished animations
/// (BEMCheckBox's "animation did stop").
public enum PanelEvent: Equatable, Sendable {
    case control(id: String, option: String?, event: ControlTracker.Event)
    case valueChanged(ValueChange)
    case animationDidStop(id: String, option: String?)
    /// A button was tapped (after its dialog's go-ahead, with `confirm:`): its action runs; no value changes.
    case pressed(controlIndex: Int, id: String)
    /// A page slid in over the one that showed (a tap on its row).
    case pageOpened(id: String)
    /// The page on top went back (its back control, a swipe from the left edge).
    case pageClosed(id: String)

    public var valueChange: ValueChange? {
        if case .valueChanged(let change) = self { return change }
        return nil
    }

    /// The control a press is of.
    public var pressedControl: Int? {
        if case .pressed(let index, _) = self { return index }
        return nil
    }
}

extension Array where Element == PanelEvent {
    /// Just the value changes, for callers that only save values.
    public var valueChanges: [ValueChange] { compactMap(\.valueChange) }
    /// The controls pressed, in order.
    public var presses: [Int] { compactMap(\.pressedControl) }
}

/// UIControl.State as the panel draws it: the empty set is `normal`.
public struct ControlState: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A finger is down on it and inside its tracking bounds.
    public static let highlighted = ControlState(rawValue: 1 << 0)
    /// It is on: a checked box, an on switch, the selected radio option.
    public static let selected = ControlState(rawValue: 1 << 1)
    /// It ignores touches and draws faded.
    public static let disabled = ControlState(rawValue: 1 << 2)
}
