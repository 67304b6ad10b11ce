/// Where a row's failure badge and busy spinner go: right after the label, which is cut to
/// leave room for them. The layout works it out once (it has the fonts), the painter draws
/// there and the model hit-tests the badge and repaints the spinner there, so all three agree.
extension PanelLayout {
    /// The badge's left edge for a row whose label is set into `lines` by `font`: the last line
    /// cut to leave room for the badge, its measured end and the badge's gap; the label's start
    /// when the label is hidden. Exactly what the painter drew before the layout knew it.
    static func badgeX(lines: [String], font: Font, labelX: Int, labelWidth: Int, shown: Bool, metrics m: LayoutMetrics) -> Double {
        guard shown else { return Double(labelX) }
        let room = Double(labelWidth) - (m.badgeGap + m.badgeDiameter)
        let last = font.truncated(lines.last ?? "", toWidth: room)
        return Double(labelX) + font.measure(last).rounded() + m.badgeGap
    }
}

extension PanelLayout.Row {
    /// The pixels the badge or spinner may touch, in the row's coordinates (content, or as
    /// shown after `offsetBy(dy:)`): a whole-pixel box around its disc, one pixel wider for
    /// anti-aliasing.
    public func badgeFrame(_ m: LayoutMetrics) -> Rect {
        let x = badgeX ?? (isRightToLeft ? Double(labelX + labelWidth) - m.badgeDiameter : Double(labelX))
        let top = Double(frame.y) + Double(frame.height) / 2 - m.badgeDiameter / 2
        let left = Int(pixels: x.rounded(.down)) - 1, upper = Int(pixels: top.rounded(.down)) - 1
        let side = Int(pixels: m.badgeDiameter.rounded(.up)) + 3
        return Rect(x: left, y: upper, width: side, height: side).intersection(frame)
    }

    /// Where a finger opens the failure sheet: the badge grown to a fingertip (44 points
    /// across, as UIKit's smallest target), inside the row.
    public func badgeTarget(_ m: LayoutMetrics) -> Rect {
        let badge = badgeFrame(m)
        let reach = max(0, (m.pixels(44) - badge.width + 1) / 2)
        return badge.outsetBy(dx: reach, dy: reach).intersection(frame)
    }
}
