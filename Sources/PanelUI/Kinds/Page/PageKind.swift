/// A page row: a label and a chevron at the trailing edge, like a disclosure cell of iOS
/// Settings; a tap opens the page's own `sections` (PanelModel+Pages.swift), whose controls
/// keep their values in the one state file like any other. It has no value of its own.
struct PageKind: KindBehavior {
    var pluralName: String { "pages" }
    /// `summary: ID`: a control inside the page whose value the row shows before its chevron.
    var ownKeys: [String] { ["sections", "summary"] }
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
        if let summary = try k.value("summary", .line), let at = k.keys.value("summary") {
            let inside = Self.controls(in: control.page ?? [])
            guard inside.contains(where: { $0.id == summary }) else {
                throw k.context.error(at, "summary '\(summary)' of page '\(k.id)' is not a control on that page; its controls: "
                    + inside.map(\.id).joined(separator: ", "))
            }
            control.summary = summary
        }
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
        var summary: NumberText?
        if let id = control.summary, let index = c.model.description.controls.firstIndex(where: { $0.id == id }) {
            let inside = c.model.description.controls[index]
            let textColor = c.theme.sectionText.raisedToContrast(PanelPainter.minimumTextContrast, against: c.theme.rowBackground)
            summary = NumberText(text: Self.summaryText(inside, c.model.values[index]), font: c.font, color: textColor)
        }
        let valueFrame = c.row?.valueFrame ?? .empty
        return { canvas, frame in
            Chevron.draw(in: canvas, frame: frame, pointing: c.row?.isRightToLeft == true ? .left : .right, color: color)
            summary?.draw(in: canvas, frame: valueFrame, alignment: .trailingEdge(of: c.row))
        }
    }

    /// With a summary, the trailing third of the row before the chevron holds its text.
    func placement(of control: ControlDescription, in room: RowRoom) -> WidgetPlacement {
        let size = widgetSize(rowHeight: room.metrics.rowHeight)
        guard control.summary != nil else { return WidgetPlacement(size: size) }
        let text = (room.width - 2 * room.metrics.rowInset) / 3, gap = room.metrics.labelGap
        return WidgetPlacement(size: size, leading: text + gap, valueSpan: -(text + gap) ..< -gap)
    }

    func paintedFrame(_ row: PanelLayout.Row) -> Rect {
        row.valueFrame.isEmpty ? row.controlFrame : row.controlFrame.union(row.valueFrame)
    }

    /// A control's value as a page row shows it: On or Off, the option, the number with its unit, the text.
    static func summaryText(_ control: ControlDescription, _ value: ControlValue) -> String {
        if let number = control.kind.behavior as? any NumberKind { return number.valueText(control, value) }
        switch value {
        case .bool(let on): return on ? "On" : "Off"
        case .option(let option): return option ?? ""
        case .number(let n): return JSONValue.number(n).serialized()
        case .text(let text): return text
        case .none: return ""
        }
    }

    /// Every control on a page and on the pages inside it.
    static func controls(in sections: [SectionDescription]) -> [ControlDescription] {
        sections.flatMap(\.controls).flatMap { [$0] + controls(in: $0.page ?? []) }
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
