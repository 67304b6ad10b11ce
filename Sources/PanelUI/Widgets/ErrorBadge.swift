/// The mark on a row whose action failed: a red disc with a white "!", drawn from shapes
/// (not a glyph) so it looks the same in every font. It sits beside the label, inside the row.
struct ErrorBadge {
    static let color = Color(rgb: 0xFF3B30)
    static let diameter = 22.0
    /// Space between the label's end and the badge.
    static let gap = 10.0

    /// Draws the badge with its left edge at `x`, centred on the row's middle.
    static func draw(in canvas: Canvas, x: Double, row: Rect) {
        let radius = diameter / 2
        let center = Point(x: x + radius, y: Double(row.y) + Double(row.height) / 2)
        canvas.fillCircle(center: center, radius: radius, color: color)
        let white = Color(rgb: 0xFFFFFF)
        let bar = RectF(x: center.x - 1.5, y: center.y - radius * 0.55, width: 3, height: radius * 0.7)
        canvas.fillRoundedRect(bar, radius: 1.5, color: white)
        canvas.fillCircle(center: Point(x: center.x, y: center.y + radius * 0.45), radius: 1.8, color: white)
    }
}
