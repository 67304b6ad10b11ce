/// The back control of a page's title bar.
extension PanelPainter {
    /// A page's back control: a chevron and the title of the page it goes back to, in the
    /// accent colour (made legible against the background), dimmed while a finger is on it.
    func drawBack(_ label: String, in frame: Rect, highlighted: Bool, metrics m: LayoutMetrics, rightToLeft: Bool,
                  canvas: Canvas) {
        var color = theme.accent.raisedToContrast(Self.minimumTextContrast, against: theme.background)
        if highlighted { color = color.withOpacity(0.5) }
        let height = max(8, Int(pixels: (headerFont.ascent + headerFont.descent).rounded()) + m.pixels(4))
        let place = BackPlace(frame: frame, chevronHeight: height, metrics: m, rightToLeft: rightToLeft)
        Chevron.draw(in: canvas, frame: place.chevron, pointing: place.pointing, color: color)
        let text = titleFont.truncated(label, toWidth: Double(place.textRoom.width))
        drawText(text, font: titleFont, in: frame, x: place.textX(measured: titleFont.measure(text)), color: color, canvas: canvas)
    }
}
