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
