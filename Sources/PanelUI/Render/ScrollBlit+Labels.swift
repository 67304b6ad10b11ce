extension PanelPainter {
    /// Where a row's label puts ink, line by line as `drawLabel` places it: each line (the label
    /// cut to one line, its wrapped lines, the detail line under them) from its pen position as
    /// wide as measured, and from the font's ascent above its baseline to its descent below, a
    /// quarter of the font's size more all round for glyphs reaching past those; within the row.
    /// A scroll frame moves these pixels and not the rest of the label's room, which is flat.
    /// Rows showing a badge or a spinner (whose label is cut shorter) are ink whole instead.
    func labelInk(of row: PanelLayout.Row, font: Font, into ink: inout [Rect]) {
        func line(_ text: String, font: Font, in frame: Rect) {
            let pad = max(2, font.pixelSize / 4)
            let measured = font.measure(text).rounded()
            let x = Int(pixels: row.labelLineX(measured: measured).rounded())
            let baseline = Int(pixels: (Double(frame.y) + (Double(frame.height) + font.ascent - font.descent) / 2).rounded())
            let top = baseline - Int(pixels: font.ascent.rounded(.up)) - pad, bottom = baseline + Int(pixels: font.descent.rounded(.up)) + pad
            ink.append(Rect(x: x - pad, y: top, width: Int(pixels: measured) + 2 * pad, height: bottom - top).intersection(row.frame))
        }
        guard row.labelIsInLines else {
            return line(labelLine(0, of: row, font: font, leavingRoomFor: nil), font: font, in: row.frame)
        }
        let lineHeight = Int(pixels: font.lineHeight.rounded(.up))
        for index in 0..<row.labelLineCount {
            line(labelLine(index, of: row, font: font, leavingRoomFor: nil), font: font, in: row.labelLineFrame(index, lineHeight: lineHeight))
        }
        if let detail = row.detail {
            line(detail, font: headerFont, in: row.detailLineFrame(lineHeight: lineHeight, height: Int(pixels: headerFont.lineHeight.rounded(.up))))
        }
    }
}
