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
        let segments = points.count == 1
            ? [Segment(points[0], points[0], reach: reach)]
            : (1..<points.count).map { Segment(points[$0 - 1], points[$0], reach: reach) }
        var bounds = segments[0].bounds
        for s in segments.dropFirst() { bounds = bounds.union(s.bounds) }
        let area = bounds.intersection(drawable)
        guard !area.isEmpty else { return }

        segments.withUnsafeBufferPointer { segs in
            for y in area.minY..<area.maxY {
                let py = Double(y) + 0.5
                // Only the columns of segments that reach this row.
                var x0 = area.maxX, x1 = area.minX
                for s in segs where s.bounds.minY <= y && y < s.bounds.maxY {
                    x0 = min(x0, s.bounds.minX)
                    x1 = max(x1, s.bounds.maxX)
                }
                x0 = max(x0, area.minX)
                x1 = min(x1, area.maxX)
                guard x0 < x1 else { continue }
                let line = row(y)
                for x in x0..<x1 {
                    let px = Double(x) + 0.5
                    var nearest = Double.infinity
                    for s in segs where s.bounds.minY <= y && y < s.bounds.maxY {
                        nearest = min(nearest, s.distance(px, py))
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

/// One segment of a polyline with what its distance needs precomputed.
private struct Segment {
    let ax, ay, dx, dy: Double
    /// 1 / squared length, 0 for a zero-length segment (a dot).
    let inverseLength2: Double
    /// Pixels that may be touched: the segment's box grown by the line's half width and the AA half pixel.
    let bounds: Rect

    init(_ a: Point, _ b: Point, reach: Double) {
        ax = a.x
        ay = a.y
        dx = b.x - a.x
        dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        inverseLength2 = len2 > 0 ? 1 / len2 : 0
        // Far-off coordinates are clamped so the Int conversion can't trap; such pixels are clipped anyway.
        let limit = 1 << 30
        let minX = clampedInt((min(a.x, b.x) - reach).rounded(.down), -limit, limit)
        let maxX = clampedInt((max(a.x, b.x) + reach).rounded(.up), -limit, limit)
        let minY = clampedInt((min(a.y, b.y) - reach).rounded(.down), -limit, limit)
        let maxY = clampedInt((max(a.y, b.y) + reach).rounded(.up), -limit, limit)
        bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    @inline(__always)
    func distance(_ px: Double, _ py: Double) -> Double {
        let wx = px - ax, wy = py - ay
        let t = min(max((wx * dx + wy * dy) * inverseLength2, 0), 1)
        let ex = wx - dx * t, ey = wy - dy * t
        return (ex * ex + ey * ey).squareRoot()
    }
}
