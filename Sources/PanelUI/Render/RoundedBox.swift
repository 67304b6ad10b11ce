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
