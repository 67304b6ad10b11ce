/// A row's label: its lines, cut to fit, and the detail line under it.
extension PanelPainter {
    /// The label's look of control `index` (`KindBehavior.labelStyle`), read field by field.
    func labelStyle(ofControl index: Int, behavior: any KindBehavior, in description: PanelDescription) -> LabelStyle {
        behavior.labelStyle(description.controls[index].labelStyle, ownColor: description.controls[index].styleOverrides.labelColor != nil,
                            button: description.controls[index].buttonStyle, theme: theme)
    }

    /// A row's label cut with an ellipsis to the row's label width, less room for the error
    /// badge after it when the badge shows.
    func fitted(_ label: String, font: Font, in row: PanelLayout.Row, leavingRoomFor badge: ErrorBadge?) -> String {
        guard badge != nil || row.labelLines.isEmpty else { return label }
        counters.labelsFitted += 1
        let room = Double(row.labelWidth) - (badge.map { $0.gap + $0.diameter } ?? 0)
        return font.truncated(label, toWidth: room)
    }

    /// Draws a row's label (its lines, or the label cut to one line when the layout set none)
    /// and its detail line in `detail`; returns where the last line ends (its left edge when the
    /// row is right to left), for the badge after it. Without a badge nothing goes after the
    /// label: a single line is then measured only when it is right to left (its start depends on
    /// its width), and the label's start is returned.
    func drawLabel(_ row: PanelLayout.Row, font: Font, color: Color, detail detailColor: Color, badge: ErrorBadge?,
                   canvas: Canvas) -> Double {
        guard row.labelLines.count > 1 || row.detail != nil || row.labelOnTop else {
            // One line in the row's middle, made with no array of lines.
            let line = fitted(row.labelLines.first ?? row.label, font: font, in: row, leavingRoomFor: badge)
            var measured: Double?
            func width() -> Double {
                if let measured { return measured }
                let width = font.measure(line).rounded()
                measured = width
                return width
            }
            // A row's own slot of kept text: a target's, else its control's (captions, displays).
            let slot = row.target.map { 2 * $0 + 1 } ?? 2 * row.kind.controlIndex
            drawText(line, font: font, in: row.frame, x: row.labelLineX(measured: width()), color: color, slot: slot, canvas: canvas)
            return badge == nil ? Double(row.labelX) : row.labelEnd(measured: width())
        }
        // The lines as laid out, the last cut to fit; no array is made for them.
        let lineHeight = font.lineHeight.rounded(.up)
        var top = row.labelFrame.minY
        var lastWidth = 0.0
        row.forEachLabelLine(fitting: { fitted($0, font: font, in: row, leavingRoomFor: badge) }) { line in
            lastWidth = font.measure(line).rounded()
            drawText(line, font: font, in: Rect(x: row.labelFrame.x, y: top, width: row.labelWidth, height: Int(lineHeight)),
                     x: row.labelLineX(measured: lastWidth), color: color, canvas: canvas)
            top += Int(lineHeight)
        }
        if let detail = row.detail {
            let height = Int(headerFont.lineHeight.rounded(.up))
            drawText(detail, font: headerFont, in: Rect(x: row.labelFrame.x, y: top, width: row.labelWidth, height: height),
                     x: row.labelLineX(measured: headerFont.measure(detail).rounded()), color: detailColor, canvas: canvas)
        }
        return row.labelEnd(measured: lastWidth)
    }

    /// Draws one line of text centred vertically in `frame`, starting at `x`.
    /// `slot`: where kept text finds this text again without hashing it (`BlendedText`).
    func drawText(_ text: String, font: Font, in frame: Rect, x: Double, color: Color, slot: Int? = nil, canvas: Canvas) {
        let baseline = Double(frame.y) + (Double(frame.height) + font.ascent - font.descent) / 2
        canvas.drawText(text, font: font, origin: Point(x: x.rounded(), y: baseline.rounded()), color: color, direction: nil, slot: slot)
    }
}

extension PanelLayout.Row {
    /// The label's lines as laid out (the label itself when the layout set none), top to
    /// bottom, the last one passed through `fitting` first: what a label drawn in lines shows.
    func forEachLabelLine(fitting: (String) -> String, _ body: (String) -> Void) {
        guard !labelLines.isEmpty else { return body(fitting(label)) }
        for index in labelLines.indices {
            body(index == labelLines.count - 1 ? fitting(labelLines[index]) : labelLines[index])
        }
    }
}
