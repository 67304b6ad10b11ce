/// Open polylines with round caps and joins (check marks).
extension Canvas {
    /// The shape is the set of points within `lineWidth / 2` of any segment. Each pixel is blended
    /// once from its distance to the nearest segment, so joints of a translucent line don't darken.
    public func strokePolyline(_ points: [Point], lineWidth: Double, color: Color) {
        guard !points.isEmpty, lineWidth.isFinite, lineWidth > 0,
              points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              let paint = paint(color) else { return }
        let half = lineWidth / 2
        let reach = half + 0.5
        if let shapeMasks {
            let xs = points.map(\.x), ys = points.map(\.y)
            let kept = drawMasked(left: xs.min()! - reach, top: ys.min()! - reach, right: xs.max()! + reach, bottom: ys.max()! + reach,
                                  paint: paint, masks: shapeMasks) { dx, dy in
                let moved = points.map { Point(x: $0.x - dx, y: $0.y - dy) }
                return (.polyline(moved, lineWidth: lineWidth), { $0.strokePolyline(moved, lineWidth: lineWidth, color: .white) })
            }
            if kept { return }
        }
        // Inside this distance coverage is 1 whatever the other segments do.
        let solidReach = half - 0.5 - 1e-7
        let segments = points.count == 1
            ? [Segment(points[0], points[0])]
            : (1..<points.count).map { Segment(points[$0 - 1], points[$0]) }
        let area = drawable
        var top = Double.infinity, bottom = -Double.infinity
        for p in points {
            top = min(top, p.y)
            bottom = max(bottom, p.y)
        }
        let rows = pixelRange(centre: (top + bottom) / 2, halfWidth: (bottom - top) / 2 + reach, within: area.minY, area.maxY)
        guard !rows.isEmpty else { return }

        // Per row, each segment's touched and fully covered columns; reused, not reallocated.
        var touched = [Range<Int>](repeating: 0..<0, count: segments.count)
        var solid = touched
        for y in rows {
            let py = Double(y) + 0.5
            var first = area.maxX, last = area.minX
            for (k, s) in segments.enumerated() {
                touched[k] = s.columns(atY: py, reach: reach, within: area.minX, area.maxX)
                solid[k] = solidReach > 0 ? s.columns(atY: py, reach: solidReach, within: area.minX, area.maxX) : 0..<0
                if !touched[k].isEmpty {
                    first = min(first, touched[k].lowerBound)
                    last = max(last, touched[k].upperBound)
                }
            }
            guard first < last else { continue }
            let line = row(y)
            pixels: for x in first..<last {
                for k in solid.indices where solid[k].contains(x) {
                    paint.blend(line + x, alpha: paint.alpha)
                    continue pixels
                }
                let px = Double(x) + 0.5
                var nearest = Double.infinity
                for k in touched.indices where touched[k].contains(x) {
                    nearest = min(nearest, segments[k].distance(px, py))
                }
                let cover = min(reach - nearest, lineWidth)
                if cover > 0 {
                    paint.blend(line + x, alpha: paint.alpha(coverage: min(cover, 1)))
                }
            }
        }
    }
}

/// One segment of a polyline; with a radius, the capsule around it.
private struct Segment {
    let ax, ay, dx, dy: Double
    let length2: Double

    init(_ a: Point, _ b: Point) {
        ax = a.x
        ay = a.y
        dx = b.x - a.x
        dy = b.y - a.y
        length2 = dx * dx + dy * dy
    }

    @inline(__always)
    func distance(_ px: Double, _ py: Double) -> Double {
        let wx = px - ax, wy = py - ay
        let t = length2 > 0 ? min(max((wx * dx + wy * dy) / length2, 0), 1) : 0
        let ex = wx - dx * t, ey = wy - dy * t
        return (ex * ex + ey * ey).squareRoot()
    }

    /// The pixels whose centres on row `py` lie within `reach` of the segment. The capsule is
    /// convex, so this is one interval: the union of the two end discs and the straight body.
    func columns(atY py: Double, reach r: Double, within lo: Int, _ hi: Int) -> Range<Int> {
        var left = Double.infinity, right = -Double.infinity
        func disc(_ cx: Double, _ cy: Double) {
            guard abs(py - cy) <= r else { return }
            let h = (r * r - (py - cy) * (py - cy)).squareRoot()
            left = min(left, cx - h)
            right = max(right, cx + h)
        }
        disc(ax, ay)
        disc(ax + dx, ay + dy)
        if length2 > 0 {
            // Body: 0 ≤ (p − a)·d ≤ |d|² and |(p − a) × d| ≤ r·|d|, each solved for p.x − a.x.
            let wy = py - ay
            var body = (lower: -Double.infinity, upper: Double.infinity)
            func clamp(_ a: Double, _ b: Double) {
                body = (max(body.lower, min(a, b)), min(body.upper, max(a, b)))
            }
            if dx != 0 {
                clamp(-wy * dy / dx, (length2 - wy * dy) / dx)
            } else if wy * dy < 0 || wy * dy > length2 {
                body = (1, 0)
            }
            let band = r * length2.squareRoot()
            if dy != 0 {
                clamp((wy * dx - band) / dy, (wy * dx + band) / dy)
            } else if abs(wy * dx) > band {
                body = (1, 0)
            }
            if body.lower <= body.upper {
                left = min(left, ax + body.lower)
                right = max(right, ax + body.upper)
            }
        }
        guard left <= right else { return lo..<lo }
        return pixelRange(centre: (left + right) / 2, halfWidth: (right - left) / 2, within: lo, hi)
    }
}
