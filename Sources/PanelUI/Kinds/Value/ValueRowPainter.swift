/// Draws a value row's text: right-aligned in the row's text frame, cut with "…" to it, in
/// the secondary colour, on the label's line.
enum ValueRowPainter {
    static func drawText(_ value: ControlValue, font: Font, in row: PanelLayout.Row, color: Color, canvas: Canvas) {
        guard case .text(let full) = value, !full.isEmpty else { return }
        let frame = row.controlFrame
        let text = font.truncated(full, toWidth: Double(frame.width))
        let x = Double(frame.maxX) - font.measure(text)
        let baseline = Double(row.frame.y) + (Double(row.frame.height) + font.ascent - font.descent) / 2
        canvas.drawText(text, font: font, origin: Point(x: x.rounded(), y: baseline.rounded()), color: color)
    }
}
