/// A rounded rectangle in centre / half-extent form: the one shape behind rects, capsules,
/// circles and rings, so they share one signed distance and one span computation.
struct RoundedBox {
    var cx, cy: Double
    var hx, hy: Double
    var radius: Double

    init(cx: Double, cy: Double, hx: Double, hy: Double, radius: Double) {
        self.cx = cx
        self.cy = cy
        self.hx = hx
        self.hy = hy
        self.radius = min(max(radius, 0), min(hx, hy))
    }

    init(_ r: RectF, radius: Double) {
        self.init(cx: r.x + r.width / 2, cy: r.y + r.height / 2, hx: r.width / 2, hy: r.height / 2, radius: radius)
    }

    var isFinite: Bool {
        cx.isFinite && cy.isFinite && hx.isFinite && hy.isFinite && radius.isFinite
    }

    /// Signed distance from the outline: negative inside.
    @inline(__always)
    func distance(_ px: Double, _ py: Double) -> Double {
        let qx = abs(px - cx) - (hx - radius), qy = abs(py - cy) - (hy - radius)
        let ox = max(qx, 0), oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
    }

    /// The region where `distance <= k`, which is again a rounded box (inward, the corner radius
    /// shrinks to a sharp corner); nil when it is empty.
    func offset(_ k: Double) -> RoundedBox? {
        guard hx + k > 0, hy + k > 0 else { return nil }
        return RoundedBox(cx: cx, cy: cy, hx: hx + k, hy: hy + k, radius: max(radius + k, 0))
    }

    /// True when the line `y = py` crosses the box between its corners, where `halfWidth` is
    /// `hx` and `distance` ignores `py` for points beyond the corners' centres horizontally.
    @inline(__always)
    func isStraight(atY py: Double) -> Bool {
        abs(py - cy) <= hy - radius
    }

    /// The columns of `cols` whose pixel centres on row `py` are all as far from the outline
    /// (empty when none are): those no further from the centre horizontally, past the corners'
    /// centres, than the row is vertically (qx <= min(qy, 0) in `distance`), where `distance`
    /// depends on `py` alone. Both ends are checked with `distance`'s own arithmetic, which
    /// only grows away from the centre, so every column between them qualifies too.
    func levelColumns(atY py: Double, within cols: Range<Int>) -> Range<Int> {
        let limit = min(abs(py - cy) - (hy - radius), 0)
        func level(_ x: Int) -> Bool { abs(Double(x) + 0.5 - cx) - (hx - radius) <= limit }
        let reach = limit + (hx - radius)
        guard reach >= 0, reach.isFinite else { return cols.lowerBound..<cols.lowerBound }
        var lo = clampedInt((cx - reach - 0.5).rounded(.up), cols.lowerBound, cols.upperBound)
        var hi = clampedInt((cx + reach - 0.5).rounded(.down) + 1, lo, cols.upperBound)
        // The estimate is off by a rounding at most: a step or two in from either end.
        for _ in 0..<2 where lo < hi && !level(lo) { lo += 1 }
        for _ in 0..<2 where lo < hi && !level(hi - 1) { hi -= 1 }
        guard lo < hi, level(lo), level(hi - 1) else { return cols.lowerBound..<cols.lowerBound }
        return lo..<hi
    }

    /// Half the width of the box along the horizontal line `y = py`; nil when the line misses it.
    @inline(__always)
    func halfWidth(atY py: Double) -> Double? {
        let dy = abs(py - cy)
        guard dy <= hy else { return nil }
        let straight = hy - radius
        guard dy > straight else { return hx }
        let t = dy - straight
        return hx - radius + max(radius * radius - t * t, 0).squareRoot()
    }
}
