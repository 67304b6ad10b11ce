/// The title bar's title and the sections' headers.
extension PanelPainter {
    /// The title centred in `frame`, clear of a page's back control on either side, and the control.
    func drawTitle(_ fullTitle: String, in frame: Rect, model: PanelModel, canvas: Canvas) {
        let layout = model.layout
        let side = layout.backFrame.map { $0.width } ?? layout.metrics.sideMargin
        let title = titleFont.truncated(fullTitle, toWidth: Double(frame.width - 2 * side))
        let width = titleFont.measure(title)
        drawText(title, font: titleFont, in: frame, x: Double(frame.x) + (Double(frame.width) - width) / 2,
                 color: theme.text, canvas: canvas)
        if let back = layout.backFrame, let label = layout.backLabel {
            drawBack(label, in: back, highlighted: model.isBackHighlighted, metrics: layout.metrics,
                     rightToLeft: layout.direction.isRightToLeft, canvas: canvas)
        }
    }

    /// A section's header in `frame` (where it shows), its text near the group below it, as
    /// grouped tables do.
    func drawHeader(_ fullTitle: String, in frame: Rect, metrics m: LayoutMetrics, rightToLeft: Bool, canvas: Canvas) {
        let title = headerFont.truncated(fullTitle, toWidth: Double(frame.width - 2 * m.rowInset))
        let baseline = Double(frame.maxY) - headerFont.descent - Double(m.headerBaselineGap)
        let x = headerX(title, in: frame, metrics: m, rightToLeft: rightToLeft)
        canvas.drawText(title, font: headerFont, origin: Point(x: x, y: baseline.rounded()), color: theme.sectionText)
    }
}
