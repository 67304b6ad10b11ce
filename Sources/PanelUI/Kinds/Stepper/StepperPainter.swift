/// Draws a stepper: two rounded buttons outlined in `tintColor` with a − and a + in
/// `onTintColor`, the value's text between them. A pressed button fills with the theme's
/// highlight; a button that can't step (at `min` or `max`) is faded as disabled widgets are,
/// its colours first made legible for the fade.
struct StepperPainter {
    let style: SwitchStyle
    let row: Color
    let highlight: Color
    /// The whole control is disabled and faded as one layer already: no second fade.
    let controlDisabled: Bool

    func draw(in canvas: Canvas, geometry g: StepperGeometry, pressed: Int?, atMin: Bool, atMax: Bool) {
        for direction in [-1, 1] {
            let blocked = !controlDisabled && (direction < 0 ? atMin : atMax)
            let frame = g.button(direction)
            if blocked {
                let faded = style.legible(fadedTo: PanelPainter.disabledOpacity, over: row)
                canvas.drawLayer(frame, opacity: PanelPainter.disabledOpacity) { layer, local in
                    Self.button(direction, in: local, style: faded, pressed: false, highlight: highlight, canvas: layer)
                }
            } else {
                Self.button(direction, in: frame, style: style, pressed: pressed == direction, highlight: highlight, canvas: canvas)
            }
        }
    }

    private static func button(_ direction: Int, in frame: Rect, style: SwitchStyle, pressed: Bool, highlight: Color,
                               canvas: Canvas) {
        let box = RectF(frame), radius = box.height / 4
        let line = max(1, (box.height / 24).rounded())
        if pressed { canvas.fillRoundedRect(box, radius: radius, color: highlight) }
        canvas.strokeRoundedRect(box.insetBy(line / 2), radius: radius - line / 2, lineWidth: line, color: style.tintColor)
        // The sign: a bar 40 % of the button's height, a tenth of it thick.
        let c = box.center, half = (box.height * 0.2).rounded(), thick = max(2, (box.height / 10).rounded())
        canvas.fillRoundedRect(RectF(x: c.x - half, y: c.y - thick / 2, width: 2 * half, height: thick), radius: thick / 2,
                               color: style.onTintColor)
        if direction > 0 {
            canvas.fillRoundedRect(RectF(x: c.x - thick / 2, y: c.y - half, width: thick, height: 2 * half), radius: thick / 2,
                                   color: style.onTintColor)
        }
    }
}
