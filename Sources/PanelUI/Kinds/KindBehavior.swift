/// The kinds of control a description may name: the registry. Each kind's rules (its keys,
/// rows, widget size, what a tap does, how its value is saved and drawn) live in its own
/// folder beside this file, behind `KindBehavior`; a new kind is a folder and a line here.
public enum ControlKind: String, Sendable, CaseIterable {
    case checkbox, `switch`, radio, slider, stepper, button, value, page

    /// Where this kind's rules live.
    var behavior: any KindBehavior {
        switch self {
        case .checkbox: CheckboxKind()
        case .switch: SwitchKind()
        case .radio: RadioKind()
        case .slider: SliderKind()
        case .stepper: StepperKind()
        case .button: ButtonKind()
        case .value: ValueKind()
        case .page: PageKind()
        }
    }
}

/// Everything that differs between kinds of control, asked for by the decoder, the layout,
/// the model, the painter and the state file; nothing outside a kind's folder switches on it.
protocol KindBehavior: Sendable {
    /// For messages about several controls: "checkboxes and radio groups".
    var pluralName: String { get }
    /// Keys only some kinds take: a key one kind lists is refused on a kind that doesn't.
    var ownKeys: [String] { get }
    /// Which style a control's style keys set (and which style keys it takes).
    var look: KindLook { get }
    /// Whether it draws a knob (`thumb_color`, `thumb_image`): by default a track's kinds do.
    var hasThumb: Bool { get }

    // MARK: Description
    /// Finishes a control whose common keys are decoded: checks the kind's own keys and sets
    /// its default value and settings.
    func decode(into control: inout ControlDescription, _ keys: KindKeys) throws(DescriptionError)
    /// A control's value before any key says otherwise.
    func initialValue(options: [String], mustHaveSelection: Bool) -> ControlValue

    // MARK: Layout
    /// The rows a control adds to its section, top to bottom.
    func rows(of control: ControlDescription, index: Int) -> [RowPlan]
    /// The widget's box in a row of `rowHeight`: sizes follow the row.
    func widgetSize(rowHeight: Int) -> Size

    /// The widget's frame, the room around it and where its value is written, in a row
    /// `room.width` wide (a slider's track grows with the row); by default `widgetSize`.
    func placement(of control: ControlDescription, in room: RowRoom) -> WidgetPlacement

    // MARK: Touches and animation
    /// How "on" a target is drawn once settled, 0...1.
    func onness(of value: ControlValue, option: String?) -> Double
    /// As `onness(of:option:)`, for kinds whose look depends on the control (a slider's range).
    func onness(of value: ControlValue, option: String?, control: ControlDescription) -> Double
    /// What a tap on a target makes the value; nil changes nothing.
    func tapped(_ value: ControlValue, option: String?, control: ControlDescription) -> ControlValue?
    var curve: Transition.Curve { get }
    func animationDuration(of control: ControlDescription) -> Double
    /// Whether a sideways finger on the widget drags it (a switch's knob).
    var dragsKnob: Bool { get }
    /// Whether the value is the user's setting, kept in the state file; a value row's text
    /// is the device's and is not.
    var isSaved: Bool { get }
    /// Whether its rows are touch targets.
    var takesTouches: Bool { get }
    /// Whether a tap opens a page (its `sections`) instead of changing a value.
    var opensPage: Bool { get }
    /// Whether the widget draws its own pressed look (a slider's knob, a stepper's button)
    /// instead of the panel's halo or row highlight.
    var drawsOwnPressedLook: Bool { get }
    /// Whether the widget's look when fully on or off and untouched depends only on that and
    /// its control, so the painter may keep its pixels (`RestingWidgets`): not a slider or a
    /// stepper, whose look follows a value.
    var keepsRestingLook: Bool { get }
    /// What a finger down at `point` (content coordinates) on `target` is for this kind:
    /// the row's tap rule, nothing (the list may scroll), or a finger the widget follows.
    func claim(_ point: Point, target: Int, in model: PanelModel, at now: Double) -> FingerClaim
    /// What a change of the shown value from `old` to `new` (0...1, as `onness`) repaints;
    /// `animated`: frames will move it there (`motionDamage`). By default the widget and halo.
    func changeDamage(_ row: PanelLayout.Row, from old: Double, to new: Double, animated: Bool) -> [Rect]
    /// What a frame repaints while the widget animates from `old` to `new`: by default its frame.
    func motionDamage(_ row: PanelLayout.Row, from old: Double, to new: Double) -> Rect
    /// Every pixel the widget may draw in its row (a disabled widget is faded as one layer there).
    func paintedFrame(_ row: PanelLayout.Row) -> Rect

    // MARK: Values outside
    /// The value saved for `control`, or nil when it does not fit the control as described now.
    func value(fromJSON json: JSONValue, for control: ControlDescription) -> ControlValue?
    /// What `value(fromJSON:)` takes, for an error message: "true or false".
    func expectedJSON(for control: ControlDescription) -> String

    // MARK: Drawing
    /// Draws the widget of `target` into a frame; `context` has what the frame shows.
    func widget(_ control: ControlDescription, _ context: WidgetContext) -> (Canvas, Rect) -> Void

    // MARK: Presses and confirmation (Overlay/, Kinds/Button/)
    /// A tap runs the action and changes no value (a button): the model reports a press.
    var presses: Bool { get }
    /// The value is kept: written to the state file and listed by the socket's `get`.
    var savesValue: Bool { get }
    /// A finger down highlights the whole row, as an iOS Settings cell, whatever the theme's `pressed`.
    var highlightsRow: Bool { get }
    /// The label's look in `theme` (a button's is the accent or the theme's red), from the
    /// control's own look, whether it wrote its own label colour, and its button style. The
    /// painter asks for every row: given whole, the control would be copied for the call.
    func labelStyle(_ own: LabelStyle, ownColor: Bool, button: ButtonStyle, theme: Theme) -> LabelStyle
    /// The name of the confirm dialog's button that goes ahead with a tap changing the value
    /// to `value` (nil for a press): "Turn Off", a button's label.
    func confirmTitle(of control: ControlDescription, changingTo value: ControlValue?) -> String
}

/// Which of a control's styles its keys set.
enum KindLook: Sendable {
    /// A checkbox's or radio option's box (`CheckboxStyle`).
    case box
    /// A switch's track and knob (`SwitchStyle`).
    case track
    /// Text only (a value row, a page's row, a button): no widget style, only the label's keys.
    case text
}

/// A control's keys as the decoder found them, for its kind to finish.
struct KindKeys {
    let id: String
    let node: YAMLNode
    let keys: DecodedKeys
    let context: DecodingContext
    /// The theme the control's styles are made from (a page's controls use it too).
    let theme: Theme

    /// The value of the kind's own key `key`, converted; nil when the control doesn't write it.
    func value<Value>(_ key: String, _ conversion: Conversion<Value>) throws(DescriptionError) -> Value? {
        guard let node = keys.value(key) else { return nil }
        return try conversion.convert(node, key, context)
    }
}

/// One row a control adds to its section.
public struct RowPlan: Sendable {
    public enum Role: Sendable {
        /// A touch target; `option` for one option of a radio group.
        case target(option: Int?)
        /// A heading above the control's targets, in the header font; not touchable.
        case caption
        /// A row that shows its control's value as text at its trailing edge; not touchable.
        case display
    }

    /// Which side of the row the widget sits.
    public enum Side: Sendable { case leading, trailing }

    public var role: Role
    public var label: String
    public var detail: String?
    /// nil: no widget (a caption).
    public var widget: Side?
}

/// What drawing one widget needs from the frame: where it is in its animation and whether a
/// finger is on it.
struct WidgetContext {
    public var target: Int
    /// The row as it shows (scrolled), for widgets that draw beside their frame (a value's text).
    public var row: PanelLayout.Row? = nil
    /// The control's label font, for a value written beside or in the widget.
    public var font: Font? = nil
    /// How far on it is drawn, 0...1, at the frame's time.
    public var onness: Double
    public var model: PanelModel
    /// The row's colour when the widget is disabled and faded as one layer; its colours are
    /// first made legible for that fade.
    public var fadedOver: Color?
    /// The description's images, by resolved path.
    var images: [String: Image]
    var theme: Theme
    /// The painter's raised colours, kept between frames.
    var contrast: ContrastMemo? = nil

    func image(_ path: String?) -> Image? { path.flatMap { images[$0] } }
}

extension KindBehavior {
    var dragsKnob: Bool { false }
    var isSaved: Bool { true }
    var takesTouches: Bool { true }
    var opensPage: Bool { false }
    var hasThumb: Bool { look == .track }
    var drawsOwnPressedLook: Bool { false }
    var keepsRestingLook: Bool { false }

    func placement(of control: ControlDescription, in room: RowRoom) -> WidgetPlacement {
        WidgetPlacement(size: widgetSize(rowHeight: room.metrics.rowHeight))
    }

    func onness(of value: ControlValue, option: String?, control: ControlDescription) -> Double {
        onness(of: value, option: option)
    }

    func claim(_ point: Point, target: Int, in model: PanelModel, at now: Double) -> FingerClaim { .row }

    func changeDamage(_ row: PanelLayout.Row, from old: Double, to new: Double, animated: Bool) -> [Rect] { [row.pressedFrame] }

    func motionDamage(_ row: PanelLayout.Row, from old: Double, to new: Double) -> Rect { row.controlFrame }

    func paintedFrame(_ row: PanelLayout.Row) -> Rect { row.controlFrame }

    var presses: Bool { false }
    var savesValue: Bool { true }
    var highlightsRow: Bool { false }
    func labelStyle(_ own: LabelStyle, ownColor: Bool, button: ButtonStyle, theme: Theme) -> LabelStyle { own }
    func confirmTitle(of control: ControlDescription, changingTo value: ControlValue?) -> String { "OK" }
}

extension ControlKind {
    /// A tap on it runs its action without changing a value (a button).
    public var presses: Bool { behavior.presses }
    /// It has a value: listed by the socket's `get` (and, with `isSaved`, kept in the state file).
    public var savesValue: Bool { behavior.savesValue }
}

extension ControlDescription {
    /// The values this control takes from outside (state file, socket), for an error message.
    public var expectedValues: String { kind.behavior.expectedJSON(for: self) }
    /// Whether its value is a setting kept in the state file.
    public var isSaved: Bool { kind.behavior.isSaved }
}
