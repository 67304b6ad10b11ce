/// What the panel painter draws differently in a right-to-left layout (`PanelLayout+Mirroring`):
/// the layout has mirrored the frames; text is right-aligned in them, separators are inset
/// from the right, and the back control's chevron points right with its title before it.
extension PanelPainter {
    /// Where a section header's text starts: a row inset in from the header's leading edge.
    func headerX(_ title: String, in frame: Rect, metrics m: LayoutMetrics, rightToLeft: Bool) -> Double {
        guard rightToLeft else { return Double(frame.x + m.rowInset) }
        return (Double(frame.maxX - m.rowInset) - headerFont.measure(title)).rounded()
    }

    /// The separator under a row, inset from the row's leading edge as the labels are.
    func separatorFrame(of row: PanelLayout.Row, metrics m: LayoutMetrics) -> Rect {
        let y = row.frame.maxY - m.hairline
        if row.isRightToLeft {
            return Rect(x: row.frame.x, y: y, width: row.frame.width - m.rowInset, height: m.hairline)
        }
        return Rect(x: row.frame.x + m.rowInset, y: y, width: row.frame.width - m.rowInset, height: m.hairline)
    }
}

/// Where a page's back control draws: its chevron half a margin in from the screen's leading
/// edge, pointing back (left, or right in a right-to-left layout), the title of the page it goes
/// back to beside it.
struct BackPlace {
    let chevron: Rect
    let pointing: Chevron.Direction
    /// The room for the title, beside the chevron.
    let textRoom: Rect
    let rightToLeft: Bool

    init(frame: Rect, chevronHeight height: Int, metrics m: LayoutMetrics, rightToLeft: Bool = false) {
        let width = height / 2 + 2, y = frame.y + (frame.height - height) / 2, gap = m.pixels(6)
        self.rightToLeft = rightToLeft
        if rightToLeft {
            chevron = Rect(x: frame.maxX - m.sideMargin / 2 - width, y: y, width: width, height: height)
            pointing = .right
            textRoom = Rect(x: frame.x, y: frame.y, width: max(0, chevron.minX - gap - frame.x), height: frame.height)
        } else {
            chevron = Rect(x: frame.x + m.sideMargin / 2, y: y, width: width, height: height)
            pointing = .left
            textRoom = Rect(x: chevron.maxX + gap, y: frame.y, width: max(0, frame.maxX - chevron.maxX - gap), height: frame.height)
        }
    }

    /// Where the title, `measured` pixels wide, starts: against the chevron either way.
    func textX(measured: @autoclosure () -> Double) -> Double {
        rightToLeft ? Double(textRoom.maxX) - measured() : Double(textRoom.x)
    }
}

extension NumberText.Alignment {
    /// At the frame's trailing edge in reading order: its right, or its left in a right-to-left row.
    static func trailingEdge(of row: PanelLayout.Row?) -> Self {
        row?.isRightToLeft == true ? .left : .trailing
    }
}
