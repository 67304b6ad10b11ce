/// The mark on a row whose action failed: a red disc with a white "!", drawn from shapes
/// (not a glyph) so it looks the same in every font. It sits beside the label, inside the row,
/// and grows with the layout's scale.
struct ErrorBadge {
    static let color = Color(rgb: 0xFF3B30)
    /// At scale 1.
    static let diameter = 22.0
    /// Space between the label's end and the badge, at scale 1.
    static let gap = 10.0

    let diameter: Double
    let gap: Double
    let scale: Double

    init(metrics: LayoutMetrics) {
        diameter = metrics.badgeDiameter
        gap = metrics.badgeGap
        scale = metrics.scale
    }

    /// Draws the badge with its left edge at `x`, centred on the row's middle.
    func draw(in canvas: Canvas, x: Double, row: Rect) {
        let radius = diameter / 2
        let center = Point(x: x + radius, y: Double(row.y) + Double(row.height) / 2)
        canvas.fillCircle(center: center, radius: radius, color: Self.color)
        let white = Color(rgb: 0xFFFFFF)
        let bar = RectF(x: center.x - 1.5 * scale, y: center.y - radius * 0.55, width: 3 * scale, height: radius * 0.7)
        canvas.fillRoundedRect(bar, radius: 1.5 * scale, color: white)
        canvas.fillCircle(center: Point(x: center.x, y: center.y + radius * 0.45), radius: 1.8 * scale, color: white)
    }
}

extension ErrorBadge {
    /// The badge's left edge beside a label that ends at `end` in reading order: after it, or
    /// before it (to its left) in a right-to-left row.
    func x(after end: Double, in row: PanelLayout.Row) -> Double {
        row.isRightToLeft ? end - gap - diameter : end + gap
    }

    /// The badge's left edge in a row whose label is hidden: where the label would start.
    func xWithoutLabel(in row: PanelLayout.Row) -> Double {
        row.isRightToLeft ? Double(row.labelX + row.labelWidth) - diameter : Double(row.labelX)
    }
}
