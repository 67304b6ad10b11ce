/// Rounded rectangles, capsules, circles and rings, all drawn from the signed distance of a `RoundedBox`.
extension Canvas {
    /// `radius` is clamped to half the shorter side, so a large radius gives a capsule.
    public func fillRoundedRect(_ rect: RectF, radius: Double, color: Color) {
        fill(RoundedBox(rect, radius: radius), color: color)
    }

    /// The same, but pixels in `hole` may be left alone: what is drawn next covers them whole
    /// in an opaque colour (a switch's shadow under its knob). Only kept masks skip them.
    func fillRoundedRect(_ rect: RectF, radius: Double, color: Color, leavingAlone hole: Rect) {
        fill(RoundedBox(rect, radius: radius), color: color, hole: hole)
    }

    /// The line is centred on the outline of `rect`.
    public func strokeRoundedRect(_ rect: RectF, radius: Double, lineWidth: Double, color: Color) {
        stroke(RoundedBox(rect, radius: radius), lineWidth: lineWidth, color: color)
    }

    public func fillCircle(center: Point, radius: Double, color: Color) {
        guard radius > 0 else { return }
        fill(RoundedBox(cx: center.x, cy: center.y, hx: radius, hy: radius, radius: radius), color: color)
    }

    public func strokeCircle(center: Point, radius: Double, lineWidth: Double, color: Color) {
        guard radius >= 0 else { return }
        stroke(RoundedBox(cx: center.x, cy: center.y, hx: radius, hy: radius, radius: radius),
               lineWidth: lineWidth, color: color)
    }

    /// A guard against float noise: a pixel counts as inside an analytic span only if clearly so.
    private static let spanEpsilon = 1e-7

    private func fill(_ box: RoundedBox, color: Color, hole: Rect? = nil) {
        guard box.isFinite, let paint = paint(color), let outer = box.offset(0.5) else { return }
        if let shapeMasks, drawMasked(box, lineWidth: 0, reach: outer, paint: paint, masks: shapeMasks, hole: hole) { return }
        // Coverage is 1 where distance <= -0.5: that region's rows are plain spans.
        draw(box, reach: outer, inside: box.offset(-0.5), fillsInside: true, paint: paint, coverage: Self.fillCoverage)
    }

    private func stroke(_ box: RoundedBox, lineWidth: Double, color: Color) {
        guard box.isFinite, lineWidth.isFinite, lineWidth > 0, let paint = paint(color) else { return }
        let half = lineWidth / 2
        guard let outer = box.offset(half + 0.5) else { return }
        if let shapeMasks, drawMasked(box, lineWidth: lineWidth, reach: outer, paint: paint, masks: shapeMasks) { return }
        // Inside the hole the coverage is 0: it is skipped, not visited. A line thinner than a
        // pixel covers at most its width.
        draw(box, reach: outer, inside: box.offset(-(half + 0.5)), fillsInside: false, paint: paint) { d in
            min(max(min(half + 0.5 - abs(d), lineWidth), 0), 1)
        }
    }

    /// The rows of a shape around `box`: every pixel whose centre is in `reach` gets
    /// `coverage(distance from box's outline)`, except those in `inside`, which a fill covers
    /// whole and a stroke leaves alone.
    ///
    /// The rows between the corners all have the same spans and edge coverage: worked out on
    /// the first of them and reused, so a tall box costs a store loop per row, not square roots
    /// and roundings.
    @inline(__always)
    private func draw(_ box: RoundedBox, reach: RoundedBox, inside: RoundedBox?, fillsInside: Bool, paint: Paint,
                      coverage: (Double) -> Double) {
        let area = drawable
        let rows = pixelRange(centre: box.cy, halfWidth: reach.hy, within: area.minY, area.maxY)
        var middle: StraightRows?
        for y in rows {
            let py = Double(y) + 0.5
            let straight = Self.isStraight(box, reach: reach, inside: inside, atY: py)
            if straight, let middle {
                middle.draw(row(y), paint: paint)
                continue
            }
            guard let (cols, inner) = rowSpans(box, reach: reach, inside: inside, atY: py) else { continue }
            let line = row(y)
            func edge(_ x: Int) {
                paint.blend(line + x, alpha: paint.alpha(coverage: coverage(box.distance(Double(x) + 0.5, py))))
            }
            // Across the box's straight part a row's pixels are all as far from the outline (a
            // top or bottom edge row, or a ring's): one alpha for all of them.
            let level = box.levelColumns(atY: py, within: cols)
            let levelAlpha = level.isEmpty ? 0 : paint.alpha(coverage: coverage(box.distance(Double(level.lowerBound) + 0.5, py)))
            func edges(_ span: Range<Int>) {
                let flat = span.clamped(to: level)
                guard !flat.isEmpty else {
                    for x in span { edge(x) }
                    return
                }
                for x in span.lowerBound..<flat.lowerBound { edge(x) }
                paint.blendSpan(line + flat.lowerBound, count: flat.count, alpha: levelAlpha)
                for x in flat.upperBound..<span.upperBound { edge(x) }
            }
            edges(cols.lowerBound..<inner.lowerBound)
            if fillsInside { paint.fillSpan(line + inner.lowerBound, count: inner.count) }
            edges(inner.upperBound..<cols.upperBound)
            if straight {
                middle = StraightRows(box: box, py: py, cols: cols, inside: inner, fillsInside: fillsInside, paint: paint,
                                      coverage: coverage)
            }
        }
    }

    /// Whether row `py` lies between the corners of the box and of the outlines around and
    /// inside it: its edge pixels are then those of every such row.
    @inline(__always)
    static func isStraight(_ box: RoundedBox, reach: RoundedBox, inside: RoundedBox?, atY py: Double) -> Bool {
        box.isStraight(atY: py) && reach.isStraight(atY: py) && inside?.isStraight(atY: py) ?? true
    }

    /// The columns of row `py` whose pixel centres lie in `reach`, within the canvas, and the
    /// span among them `inside` covers (empty at their right end when it covers none); nil when
    /// the row misses `reach` or the canvas.
    @inline(__always)
    func rowSpans(_ box: RoundedBox, reach: RoundedBox, inside: RoundedBox?, atY py: Double) -> (cols: Range<Int>, inside: Range<Int>)? {
        guard let reachHalfWidth = reach.halfWidth(atY: py) else { return nil }
        let area = drawable
        let cols = pixelRange(centre: box.cx, halfWidth: reachHalfWidth, within: area.minX, area.maxX)
        guard !cols.isEmpty else { return nil }
        var inner = cols.upperBound..<cols.upperBound
        if let insideHalfWidth = inside?.halfWidth(atY: py) {
            inner = pixelRange(centre: box.cx, halfWidth: insideHalfWidth - Self.spanEpsilon, within: cols.lowerBound, cols.upperBound)
            if inner.isEmpty { inner = cols.upperBound..<cols.upperBound }
        }
        return (cols, inner)
    }

    /// Draws a small box from its kept coverage; false, drawing nothing, when it is too big
    /// to keep. `reach` is the box every pixel the shape touches has its centre in.
    private func drawMasked(_ box: RoundedBox, lineWidth: Double, reach: RoundedBox, paint: Paint, masks: ShapeMasks,
                            hole: Rect? = nil) -> Bool {
        drawMasked(left: box.cx - reach.hx, top: box.cy - reach.hy, right: box.cx + reach.hx, bottom: box.cy + reach.hy,
                   paint: paint, masks: masks, hole: hole) { dx, dy in
            var moved = box
            moved.cx -= dx
            moved.cy -= dy
            let key = ShapeMasks.Key.box(cx: moved.cx, cy: moved.cy, hx: moved.hx, hy: moved.hy, radius: moved.radius, lineWidth: lineWidth)
            return (key, { scratch in
                if lineWidth > 0 {
                    scratch.stroke(moved, lineWidth: lineWidth, color: .white)
                } else {
                    scratch.fill(moved, color: .white)
                }
            })
        }
    }

    /// A filled shape's coverage of the pixel whose centre is `distance` from its outline.
    static func fillCoverage(distance: Double) -> Double {
        min(max(0.5 - distance, 0), 1)
    }
}

/// One row between a box's corners, kept to draw the rows like it: its columns, the span
/// inside its edges (filled for a fill, the hole of a ring for a stroke) and its edge pixels'
/// blend alphas. The alphas are kept inline, so keeping a row allocates nothing: a fill's edge
/// is at most two pixels wide, a stroke's about its width plus one; wider edges are not kept.
struct StraightRows {
    /// Edge pixels kept on each side, at most.
    static let maxEdge = 8

    let cols: Range<Int>
    let inside: Range<Int>
    let fillsInside: Bool
    private var leftAlphas = SIMD8<UInt32>()
    private var rightAlphas = SIMD8<UInt32>()

    /// nil when an edge pixel's coverage could depend on the row (a pixel inside the straight
    /// sides' reach, which only boxes with a corner radius under the edge's width have), or
    /// when an edge is wider than `maxEdge`. `coverage` maps a pixel centre's distance from the
    /// outline to its coverage.
    init?(box: RoundedBox, py: Double, cols: Range<Int>, inside: Range<Int>, fillsInside: Bool, paint: Paint,
          coverage: (Double) -> Double) {
        guard inside.lowerBound - cols.lowerBound <= Self.maxEdge, cols.upperBound - inside.upperBound <= Self.maxEdge else {
            return nil
        }
        // In a straight row the distance is the same for every row when the pixel lies past
        // the corners' centres horizontally (qx >= 0): it is then qx - radius whatever y is.
        func alpha(_ x: Int) -> UInt32? {
            let px = Double(x) + 0.5
            guard abs(px - box.cx) - (box.hx - box.radius) >= 0 else { return nil }
            return paint.alpha(coverage: coverage(box.distance(px, py)))
        }
        for x in cols.lowerBound..<inside.lowerBound {
            guard let a = alpha(x) else { return nil }
            leftAlphas[x - cols.lowerBound] = a
        }
        for x in inside.upperBound..<cols.upperBound {
            guard let a = alpha(x) else { return nil }
            rightAlphas[x - inside.upperBound] = a
        }
        self.cols = cols
        self.inside = inside
        self.fillsInside = fillsInside
    }

    @inline(__always)
    func draw(_ line: UnsafeMutablePointer<UInt32>, paint: Paint) {
        drawLeft(line, paint: paint)
        if fillsInside { paint.fillSpan(line + inside.lowerBound, count: inside.count) }
        drawRight(line, paint: paint)
    }

    /// The edge pixels left of `inside`.
    @inline(__always)
    func drawLeft(_ line: UnsafeMutablePointer<UInt32>, paint: Paint) {
        for i in 0..<(inside.lowerBound - cols.lowerBound) { paint.blend(line + cols.lowerBound + i, alpha: leftAlphas[i]) }
    }

    /// The edge pixels right of `inside`.
    @inline(__always)
    func drawRight(_ line: UnsafeMutablePointer<UInt32>, paint: Paint) {
        for i in 0..<(cols.upperBound - inside.upperBound) { paint.blend(line + inside.upperBound + i, alpha: rightAlphas[i]) }
    }
}

extension Canvas {
    /// A filled box's row at pixel row `y` when it lies between the corners, as `fill` draws
    /// it in this canvas: the same for every such row. nil for a row in or beyond the corners,
    /// or a box whose edge pixels change from row to row.
    func straightFillRow(of box: RoundedBox, atY y: Int, paint: Paint) -> StraightRows? {
        // As `fill` draws a box.
        guard box.isFinite, let reach = box.offset(0.5) else { return nil }
        let inside = box.offset(-0.5), py = Double(y) + 0.5
        guard Self.isStraight(box, reach: reach, inside: inside, atY: py),
              let (cols, inner) = rowSpans(box, reach: reach, inside: inside, atY: py) else { return nil }
        return StraightRows(box: box, py: py, cols: cols, inside: inner, fillsInside: true, paint: paint, coverage: Self.fillCoverage)
    }
}
