/// The row a kind places its widget in, for kinds whose widget follows the row's width or
/// the text it shows (`KindBehavior.placement`).
struct RowRoom {
    /// The row's width.
    var width: Int
    var metrics: LayoutMetrics
    /// The control's label pixel size.
    var fontSize: Int
    /// How wide `text` is in the control's label font: measured when the layout has fonts,
    /// else a generous estimate, so a value's text always fits the room it is given.
    var textWidth: (String) -> Int
}

/// Where a kind's widget goes in its row: its frame's size (`controlFrame`), the room it
/// draws in beyond that frame, and where its value is written.
public struct WidgetPlacement: Equatable, Sendable {
    public var size: Size
    /// Pixels the widget draws before its frame (a slider's knob at `min` reaches over the left edge).
    public var leading = 0
    /// Pixels kept after its frame (the knob at `max`, and the value text after the track).
    public var trailing = 0
    /// Where its value's text goes, in x from the frame's left edge; nil: no text.
    public var valueSpan: Range<Int>? = nil
    /// The widget goes under the label instead of beside it (the label would not fit its line).
    public var stacked = false
    /// Stacked, the value's text is written on the label's line, at the row's end.
    public var valueOnLabelLine = false

    public init(size: Size, leading: Int = 0, trailing: Int = 0, valueSpan: Range<Int>? = nil, stacked: Bool = false,
                valueOnLabelLine: Bool = false) {
        self.size = size
        self.leading = leading
        self.trailing = trailing
        self.valueSpan = valueSpan
        self.stacked = stacked
        self.valueOnLabelLine = valueOnLabelLine
    }
}

/// What a finger that goes down on a target is for its kind.
enum FingerClaim {
    /// The row's tap rule: highlight, and on up inside `tapped`.
    case row
    /// Not a touch for the control (beside a stepper's buttons): the list may still scroll with it.
    case none
    /// The widget follows the finger itself (a slider's knob, a stepper's held button).
    case widget(any WidgetFinger)
}

/// A finger that a kind's widget follows itself (a slider's knob, a stepper's held button)
/// instead of the row's tap rule. `PanelModel`'s touch router hands it every step of its touch
/// and the passing of time; it changes values through `PanelModel.showValue` and `report`,
/// so the model's damage and value-changed rules hold for it as for a tap.
protocol WidgetFinger: Sendable {
    /// The touch target it went down on.
    var target: Int { get }
    /// It has taken the gesture (a slider being dragged, a stepper repeating): the list no
    /// longer scrolls with this finger.
    var holdsGesture: Bool { get }
    /// Whether a move of `dx`, `dy` from where it went down takes the gesture now, before the
    /// list's slop can make it a scroll (a slider's sideways move).
    func takes(dx: Double, dy: Double) -> Bool
    /// Just after the down (the row already highlighted).
    mutating func began(_ model: inout PanelModel, at now: Double) -> [PanelEvent]
    /// A move to `point` (logical screen coordinates); `taken`: the gesture is the widget's.
    mutating func moved(to point: Point, taken: Bool, _ model: inout PanelModel, at now: Double) -> [PanelEvent]
    /// The finger lifted at `point`; `inside`: within the row's tracking bounds.
    mutating func lifted(at point: Point, inside: Bool, _ model: inout PanelModel, at now: Double) -> [PanelEvent]
    /// A touch cancel, or the list took the finger for a scroll.
    mutating func cancelled(_ model: inout PanelModel, at now: Double)
    /// Time passed to `now` without a touch: a held button repeats, a throttled value is sent.
    mutating func advance(to now: Double, _ model: inout PanelModel) -> [PanelEvent]
    /// When `advance` next has work; nil: only a touch can change anything.
    var deadline: Double? { get }
    /// What showing or clearing its pressed look repaints (the knob, the pressed button).
    func pressedDamage(in model: PanelModel) -> Rect
}
