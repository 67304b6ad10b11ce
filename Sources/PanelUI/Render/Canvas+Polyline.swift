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

        // Per row, the segments that reach it, with their touched and fully covered columns;
        // reused, not reallocated. A segment's rows are its end points' rows give or take the
        // reach (one more pixel of margin: outside them its columns are surely empty).
        let lows = segments.map { min($0.ay, $0.ay + $0.dy) - reach - 1 }
        let highs = segments.map { max($0.ay, $0.ay + $0.dy) + reach + 1 }
        var near = [Int](repeating: 0, count: segments.count)
        var touched = [Range<Int>](repeating: 0..<0, count: segments.count)
        var solid = touched
        var spans = touched
        for y in rows {
            let py = Double(y) + 0.5
            var count = 0
            for k in segments.indices where lows[k] <= py && py <= highs[k] {
                let columns = segments[k].columns(atY: py, reach: reach, within: area.minX, area.maxX)
                guard !columns.isEmpty else { continue }
                near[count] = k
                touched[count] = columns
                solid[count] = solidReach > 0 ? segments[k].columns(atY: py, reach: solidReach, within: area.minX, area.maxX) : 0..<0
                count += 1
            }
            guard count > 0 else { continue }
            // Only the columns some segment touches: the inside of a ring is skipped.
            var spanCount = 0
            for i in 0..<count {
                var merged = touched[i]
                var j = 0
                while j < spanCount {
                    if spans[j].lowerBound <= merged.upperBound && merged.lowerBound <= spans[j].upperBound {
                        merged = min(merged.lowerBound, spans[j].lowerBound)..<max(merged.upperBound, spans[j].upperBound)
                        spanCount -= 1
                        spans[j] = spans[spanCount]
                    } else {
                        j += 1
                    }
                }
                spans[spanCount] = merged
                spanCount += 1
            }
            let line = row(y)
            for span in spans[0..<spanCount] {
                pixels: for x in span {
                    for i in 0..<count where solid[i].contains(x) {
                        paint.blend(line + x, alpha: paint.alpha)
                        continue pixels
                    }
                    let px = Double(x) + 0.5
                    var nearest = Double.infinity
                    for i in 0..<count where touched[i].contains(x) {
                        nearest = min(nearest, segments[near[i]].distance(px, py))
                    }
                    let cover = min(reach - nearest, lineWidth)
                    if cover > 0 {
                        paint.blend(line + x, alpha: paint.alpha(coverage: min(cover, 1)))
                    }
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
