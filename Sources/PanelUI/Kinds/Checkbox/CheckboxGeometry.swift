import Glibc

/// Where a checkbox's parts sit inside its frame, for one style.
///
/// The at-rest box is a little smaller than the frame so that the bounce animation's overshoot
/// (`peakScale`) still fits inside it: animation damage is only the frame. Every animation
/// shares this geometry, so all of them rest on exactly the same pixels.
struct CheckboxGeometry {
    /// How far past its size the bounce animation grows the on look.
    static let peakScale = 1.14
    /// Corner radius of a square box's outer edge, as a fraction of its side.
    static let squareCornerFraction = 0.2
    /// The check mark's left end, valley and right end, as fractions of the box side
    /// (the proportions of iOS's check mark, centred in the box).
    static let checkFractions = [Point(x: 0.27, y: 0.52), Point(x: 0.43, y: 0.68), Point(x: 0.74, y: 0.35)]

    let isCircle: Bool
    /// The box's outer edge, on whole pixels so a straight outline is crisp at 1x.
    let box: RectF
    /// Of the outer edge.
    let cornerRadius: Double
    let lineWidth: Double
    let checkWidth: Double
    /// `checkFractions` placed in the box.
    let check: [Point]

    init(frame: Rect, boxType: BoxType, lineWidth: Double) {
        let side = Double(min(frame.width, frame.height))
        // Whole pixels of inset, rounded up: the peak can only end up smaller than the frame.
        let inset = (side * (1 - 1 / Self.peakScale) / 2).rounded(.up)
        let boxSide = max(side - 2 * inset, 0)
        let x = (Double(frame.x) + (Double(frame.width) - boxSide) / 2).rounded(.down)
        let y = (Double(frame.y) + (Double(frame.height) - boxSide) / 2).rounded(.down)
        box = RectF(x: x, y: y, width: boxSide, height: boxSide)
        isCircle = boxType == .circle
        cornerRadius = isCircle ? boxSide / 2 : boxSide * Self.squareCornerFraction
        self.lineWidth = lineWidth.isFinite ? min(max(lineWidth, 0), boxSide / 4) : 0
        // BEMCheckBox strokes the check with the box's line width; at 1x that is too thin
        // to read on a 28 px box, so the check is at least a tenth of the box.
        checkWidth = max(self.lineWidth, boxSide / 10)
        check = Self.checkFractions.map { Point(x: x + $0.x * boxSide, y: y + $0.y * boxSide) }
    }

    var center: Point { box.center }

    /// The outline's centre line: the stroke of `lineWidth` then ends exactly on the box's outer edge.
    var outlineRect: RectF { box.insetBy(lineWidth / 2) }
    var outlineRadius: Double { max(cornerRadius - lineWidth / 2, 0) }

    /// The check lying flat: a horizontal line through the box centre with the check's x positions.
    var flatCheck: [Point] { check.map { Point(x: $0.x, y: center.y) } }

    /// Where the check's long arm, carried on past its end, meets the outline's centre line:
    /// the one-stroke path turns from the box into the check there.
    var entry: Point {
        let valley = check[1], direction = check[2] - check[1]
        let r = outlineRect, radius = outlineRadius
        func outside(_ s: Double) -> Bool {
            let p = valley + direction * s
            let qx = abs(p.x - r.center.x) - (r.width / 2 - radius), qy = abs(p.y - r.center.y) - (r.height / 2 - radius)
            // The rounded rectangle's signed distance (split up: as one expression Swift 6.2's type
            // checker gives up on it).
            let ox: Double = max(qx, 0), oy: Double = max(qy, 0)
            let outsideDistance: Double = (ox * ox + oy * oy).squareRoot()
            let insideDistance: Double = min(max(qx, qy), 0)
            return outsideDistance + insideDistance - radius > 0
        }
        // Bisection between the check's end (inside) and a point surely past the box.
        var inside = 1.0, past = 1 + 2 * box.width / max(Polyline.length([valley, check[2]]), 1e-9)
        for _ in 0..<40 {
            let mid = (inside + past) / 2
            if outside(mid) { past = mid } else { inside = mid }
        }
        return valley + direction * inside
    }

    /// The outline's centre line as a closed polyline, clockwise on screen from `start` (a point
    /// on it) back to `start`. Arcs are flattened finely enough to look round at 80 px.
    func outline(from start: Point) -> [Point] {
        let r = outlineRect, radius = outlineRadius
        let hx = r.width / 2 - radius, hy = r.height / 2 - radius
        let c = r.center
        // Sagitta under 0.1 px, in at most 1024 segments a quarter (an 8192 px box needs 160).
        let step = radius > 0.1 ? 2 * acos(1 - 0.1 / radius) : Double.pi / 2
        let perQuarter = min(max(1, Int(clamping: (Double.pi / 2 / step).rounded(.up))), 1024)
        // Corners clockwise from the top right; screen y points down, so angles grow clockwise.
        let corners = [(hx, -hy, -Double.pi / 2), (hx, hy, 0.0), (-hx, hy, Double.pi / 2), (-hx, -hy, Double.pi)]
        var loop: [Point] = []
        loop.reserveCapacity(4 * perQuarter + 6)
        for (ox, oy, a0) in corners {
            for k in 0...perQuarter {
                let a = a0 + Double.pi / 2 * Double(k) / Double(perQuarter)
                let p = Point(x: c.x + ox + radius * cos(a), y: c.y + oy + radius * sin(a))
                if let last = loop.last, last.distance(to: p) < 1e-9 { continue }
                loop.append(p)
            }
        }
        if let first = loop.first, let last = loop.last, first.distance(to: last) < 1e-9 { loop.removeLast() }
        // Start on the segment nearest `start`, so the loop runs start → … → start.
        var nearest = 0, best = Double.infinity
        for i in loop.indices {
            let a = loop[i], b = loop[(i + 1) % loop.count]
            let d = distance(from: start, toSegment: a, b)
            if d < best { best = d; nearest = i }
        }
        var path = [start]
        path.reserveCapacity(loop.count + 2)
        for k in 1...loop.count { path.append(loop[(nearest + k) % loop.count]) }
        path.append(start)
        return path
    }

    private func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let d = b - a, w = p - a
        let l2 = d.x * d.x + d.y * d.y
        let t = l2 > 0 ? min(max((w.x * d.x + w.y * d.y) / l2, 0), 1) : 0
        return p.distance(to: a + d * t)
    }
}
