/// A page row: a label and a chevron at the trailing edge, like a disclosure cell of iOS
/// Settings; a tap opens the page's own `sections` (PanelModel+Pages.swift), whose controls
/// keep their values in the one state file like any other. It has no value of its own.
struct PageKind: KindBehavior {
    var pluralName: String { "pages" }
    var ownKeys: [String] { ["sections"] }
    var look: KindLook { .text }
    var curve: Transition.Curve { .linear }
    var isSaved: Bool { false }
    var opensPage: Bool { true }

    /// Pages inside pages inside pages…: past this a panel is a maze, and a description that
    /// nests deeper (by mistake, or by an alias) is refused.
    static let deepest = 8

    func decode(into control: inout ControlDescription, _ k: KindKeys) throws(DescriptionError) {
        if control.action != nil, let key = k.keys.key("action") {
            throw k.context.error(key, "page '\(k.id)' opens its sections and runs no action; put the action on a control inside it")
        }
        guard let node = k.keys.value("sections") else {
            throw k.context.error(k.node, "page '\(k.id)' has no 'sections'; add the sections it opens, each with 'controls'")
        }
        guard k.context.ids.pageDepth < Self.deepest else {
            throw k.context.error(node, "page '\(k.id)' is nested \(Self.deepest + 1) pages deep; at most \(Self.deepest) are allowed")
        }
        k.context.ids.pageDepth += 1
        defer { k.context.ids.pageDepth -= 1 }
        control.page = try decodeSections(node, theme: k.theme, k.context)
        control.defaultValue = .none
    }

    func initialValue(options: [String], mustHaveSelection: Bool) -> ControlValue { .none }

    func rows(of control: ControlDescription, index: Int) -> [RowPlan] {
        [RowPlan(role: .target(option: nil), label: control.label, detail: control.detail, widget: .trailing)]
    }

    /// The chevron's box: a third of the row high, half as wide.
    func widgetSize(rowHeight: Int) -> Size {
        let height = max(6, rowHeight / 3)
        return Size(width: height / 2 + 2, height: height)
    }

    func onness(of value: ControlValue, option: String?) -> Double { 0 }
    func tapped(_ value: ControlValue, option: String?, control: ControlDescription) -> ControlValue? { nil }
    func animationDuration(of control: ControlDescription) -> Double { 0 }
    func value(fromJSON json: JSONValue, for control: ControlDescription) -> ControlValue? { nil }
    func expectedJSON(for control: ControlDescription) -> String { "nothing: a page has no value; set the controls inside it" }

    func widget(_ control: ControlDescription, _ c: WidgetContext) -> (Canvas, Rect) -> Void {
        let color = c.theme.sectionText.raisedToContrast(CheckboxStyle.minimumContrast, against: c.theme.rowBackground)
        return { canvas, frame in Chevron.draw(in: canvas, frame: frame, pointing: .right, color: color) }
    }
}

/// The disclosure chevron of a page row and the back control: two strokes meeting at a point.
enum Chevron {
    enum Direction { case left, right }

    static func draw(in canvas: Canvas, frame: Rect, pointing direction: Direction, color: Color) {
        let w = Double(frame.width), h = Double(frame.height)
        let line = max(1.5, h / 7)
        let inset = line / 2 + 0.5
        let left = Double(frame.x) + inset, right = Double(frame.maxX) - inset
        let top = Double(frame.y) + inset, bottom = Double(frame.maxY) - inset
        let tip = direction == .right ? right : left, tail = direction == .right ? left : right
        _ = w
        canvas.strokePolyline([Point(x: tail, y: top), Point(x: tip, y: (top + bottom) / 2), Point(x: tail, y: bottom)],
                              lineWidth: line, color: color)
    }
}
