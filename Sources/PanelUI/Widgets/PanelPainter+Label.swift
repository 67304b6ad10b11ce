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
        guard row.labelIsInLines else {
            // One line in the row's middle, made with no array of lines.
            let line = labelLine(0, of: row, font: font, leavingRoomFor: badge)
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
        let lineHeight = Int(pixels: font.lineHeight.rounded(.up))
        var lastWidth = 0.0
        for index in 0..<row.labelLineCount {
            let line = labelLine(index, of: row, font: font, leavingRoomFor: badge)
            lastWidth = font.measure(line).rounded()
            drawText(line, font: font, in: row.labelLineFrame(index, lineHeight: lineHeight), x: row.labelLineX(measured: lastWidth),
                     color: color, canvas: canvas)
        }
        if let detail = row.detail {
            drawText(detail, font: headerFont, in: row.detailLineFrame(lineHeight: lineHeight, height: Int(pixels: headerFont.lineHeight.rounded(.up))),
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

extension PanelPainter {
    /// Line `index` of a row's label as it shows: as laid out (the label itself when the
    /// layout set none), the last line cut to fit with room for `badge`.
    func labelLine(_ index: Int, of row: PanelLayout.Row, font: Font, leavingRoomFor badge: ErrorBadge?) -> String {
        let line = row.labelLines.isEmpty ? row.label : row.labelLines[index]
        return index == row.labelLineCount - 1 ? fitted(line, font: font, in: row, leavingRoomFor: badge) : line
    }
}

/// Where a label drawn in lines puts them: shared by the painter, a scroll's ink and the
/// benchmark's cairo scene.
extension PanelLayout.Row {
    /// Whether the label is drawn in lines down its frame (wrapped, with a detail line under
    /// it, or above its widget) rather than as one line in the row's middle.
    public var labelIsInLines: Bool { labelLines.count > 1 || detail != nil || labelOnTop }

    /// How many lines of label text it shows, the detail line aside.
    public var labelLineCount: Int { max(labelLines.count, 1) }

    /// The frame label line `index` is centred in, the lines `lineHeight` apart from the top of
    /// the label's frame.
    public func labelLineFrame(_ index: Int, lineHeight: Int) -> Rect {
        Rect(x: labelFrame.x, y: labelFrame.minY + index * lineHeight, width: labelWidth, height: lineHeight)
    }

    /// The frame the detail line is centred in, `height` high, under the label's lines.
    public func detailLineFrame(lineHeight: Int, height: Int) -> Rect {
        Rect(x: labelFrame.x, y: labelFrame.minY + labelLineCount * lineHeight, width: labelWidth, height: height)
    }
}
