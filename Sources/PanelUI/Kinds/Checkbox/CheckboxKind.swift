/// The checkbox seeds (UIControl checkbox, BEMCheckBox, the image checkbox): a box at the
/// row's leading edge whose check is drawn in by a linear-time animation the painter shapes.
struct CheckboxKind: OnOffKind {
    var pluralName: String { "checkboxes" }
    var look: KindLook { .box }
    var keepsRestingLook: Bool { true }
    var curve: Transition.Curve { .linear }

    func widgetSize(rowHeight: Int) -> Size { Self.boxSize(rowHeight: rowHeight) }

    /// The UIControl checkbox seed's 40x40 box in a 64 px row, growing with the row as the switch does.
    static func boxSize(rowHeight: Int) -> Size {
        let side = rowHeight * 5 / 8
        return Size(width: side, height: side)
    }

    func animationDuration(of control: ControlDescription) -> Double {
        control.checkboxStyle.animationDuration
    }

    func widget(_ control: ControlDescription, _ c: WidgetContext) -> (Canvas, Rect) -> Void {
        Self.boxDrawing(control, c)
    }

    /// A box at its raw animation time with the animation of the direction it moves
    /// (checkboxes and radio options).
    static func boxDrawing(_ control: ControlDescription, _ c: WidgetContext) -> (Canvas, Rect) -> Void {
        var style = control.checkboxStyle
        // The outline is a length like any other: it follows the scale factor.
        style.lineWidth *= c.model.layout.metrics.scale
        if let row = c.fadedOver { style = style.legible(fadedTo: PanelPainter.disabledOpacity, over: row, memo: c.contrast) }
        let painter = CheckboxPainter(style: style, onImage: c.image(style.onImage), offImage: c.image(style.offImage))
        let turningOn = c.model.transitions[c.target].wentUp
        let onness = c.onness
        return { canvas, frame in painter.draw(in: canvas, frame: frame, onness: onness, turningOn: turningOn) }
    }
}
