/// The part of a shape that a fill covers whole, which draws before it may leave alone.
extension Canvas {
    /// The pixels whose centres lie at least half a pixel (and a little more, against float
    /// noise) inside the rounded box `rect`, `radius`: an axis-aligned rectangle the box's
    /// fill covers whole, so a fill of it in an opaque colour decides these pixels alone,
    /// whatever was drawn before. nil when the box has no such pixel.
    static func solidCore(of rect: RectF, radius: Double) -> Rect? {
        let box = RoundedBox(rect, radius: radius)
        guard box.isFinite, let inner = box.offset(-0.5 - Self.coreMargin) else { return nil }
        // The rectangle inscribed in the inner box: its straight part plus the corner circle's inscribed square.
        let corner = inner.radius * 0.5.squareRoot()
        let limit = 1 << 30
        let cols = pixelRange(centre: box.cx, halfWidth: inner.hx - inner.radius + corner, within: -limit, limit)
        let rows = pixelRange(centre: box.cy, halfWidth: inner.hy - inner.radius + corner, within: -limit, limit)
        guard !cols.isEmpty, !rows.isEmpty else { return nil }
        return Rect(x: cols.lowerBound, y: rows.lowerBound, width: cols.count, height: rows.count)
    }

    /// A distance far above the distance maths' rounding error and far below what moves a
    /// pixel's 8-bit coverage.
    static let coreMargin = 1e-3
}
