/// A value written in its row (a slider's or stepper's "60 %", a page row's summary, a value
/// row's text): one line in the control's label font, cut with "…" to its frame and clipped to
/// it, so a repaint of that frame always covers every pixel the text touches.
struct NumberText {
    /// `trailing`: against the frame's right edge; `left`: against its left edge (the trailing
    /// edge of a right-to-left row, `Alignment.trailingEdge(of:)`).
    enum Alignment { case trailing, center, left }

    let text: String
    let font: Font?
    let color: Color

    /// The text colour as the control draws it; legible after the fade when the widget is
    /// faded over `fadedOver` (a disabled control).
    static func color(_ control: ControlDescription, fadedOver row: Color?) -> Color {
        guard let row else { return control.labelStyle.color }
        return control.labelStyle.color.raisedToContrast(PanelPainter.minimumTextContrast, against: row,
                                                         opacity: PanelPainter.disabledOpacity)
    }

    func draw(in canvas: Canvas, frame: Rect, alignment: Alignment) {
        guard let font, !frame.isEmpty else { return }
        var canvas = canvas
        canvas.clip = canvas.clip.intersection(frame)
        guard !canvas.clip.isEmpty else { return }
        let shown = font.truncated(text, toWidth: Double(frame.width))
        let width = font.measure(shown)
        let x = switch alignment {
        case .trailing: Double(frame.maxX) - width
        case .center: Double(frame.x) + (Double(frame.width) - width) / 2
        case .left: Double(frame.x)
        }
        let baseline = Double(frame.y) + (Double(frame.height) + font.ascent - font.descent) / 2
        canvas.drawText(shown, font: font, origin: Point(x: x.rounded(), y: baseline.rounded()), color: color)
    }
}
