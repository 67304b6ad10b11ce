import CFill

/// The flat layers under a band of a panel: a background and opaque rounded boxes on it
/// (a list's groups), written a row at a time in address order.
///
/// Filled one layer after the other, the band's background is written whole and then the
/// boxes write most of it again. Row by row, each pixel between a box's corners is written
/// once, and each row's pixels are written left to right. On the build machine that order
/// matters as much as the count: a row written left, right, then middle took twice as long
/// from memory as the same stores in order.
extension Canvas {
    /// Exactly `fill(drawable, color: background)` followed by `fillRoundedRect(box, radius:,
    /// color: boxColor)` for each box, but each pixel of a row between a box's corners is written
    /// once. Boxes must not overlap. A translucent box colour is drawn in layers.
    public func fillBackdrop(background: Color, boxes: [RectF], radius: Double, boxColor: Color) {
        let area = drawable
        guard !area.isEmpty else { return }
        var shapes = boxes.compactMap { box -> RoundedBox? in
            let shape = RoundedBox(box, radius: radius)
            return shape.isFinite ? shape : nil
        }
        shapes.sort { $0.cx - $0.hx < $1.cx - $1.hx }
        guard let fill = paint(boxColor), fill.isOpaque, let ground = paint(background), !shapes.isEmpty else {
            return drawLayered(rows: area.minY..<area.maxY, background: background, boxes: boxes, radius: radius, boxColor: boxColor)
        }
        // A box's straight row is the same from row to row: kept while it stays straight.
        // Rows refer to them by index, so no row retains a kept row's arrays.
        var kept = [StraightRows?](repeating: nil, count: shapes.count)
        var crossing: [Int] = []
        crossing.reserveCapacity(shapes.count)
        // Rows across a box's corners, drawn in layers when the next straight row comes.
        var layeredFrom: Int?
        // On an opaque background a row is a function of which boxes cross it and their kept
        // rows alone: while neither changes, the row above is copied, from the cache, in one
        // string move instead of a store loop per span.
        var copySource: Int?
        var crossed = [Bool](repeating: false, count: shapes.count)
        // The rows below `copySource` that repeat it, copied all at once when the run ends.
        var repeats = 0
        func flushRepeats() {
            if let source = copySource { panel_repeat_row(row(source) + area.minX, area.width, buffer.width, repeats) }
            repeats = 0
        }
        var y = area.minY
        while y < area.maxY {
            defer { y += 1 }
            let line = row(y)
            let py = Double(y) + 0.5
            if copySource != nil, Self.sameRow(shapes, crossed: crossed, atY: py) {
                // The rows that stay the same are a run (each box's reach and straight part are
                // intervals of rows): its end is found by doubling steps, then halving them.
                let run = Self.sameRun(shapes, crossed: crossed, from: y, below: area.maxY)
                repeats += run
                y += run - 1
                continue
            }
            flushRepeats()
            copySource = nil
            crossing.removeAll(keepingCapacity: true)
            var layered = false
            for i in shapes.indices where Self.reaches(shapes[i], rowAt: py) {
                if kept[i] == nil || !shapes[i].isStraight(atY: py) { kept[i] = straightFillRow(of: shapes[i], atY: y, paint: fill) }
                // Each box right of the one before, so one pass left to right draws them in layers' order.
                guard let rows = kept[i], crossing.last.map({ kept[$0]!.cols.upperBound <= rows.cols.lowerBound }) ?? true else {
                    layered = true
                    break
                }
                crossing.append(i)
            }
            guard !layered else {
                layeredFrom = layeredFrom ?? y
                continue
            }
            if let top = layeredFrom {
                drawLayered(rows: top..<y, background: background, boxes: boxes, radius: radius, boxColor: boxColor)
                layeredFrom = nil
            }
            // Left to right: the background up to a box's inside (its left edge pixels blend
            // over it), the inside, then the background on to the next box and the right edge
            // pixels over it.
            var x = area.minX
            var pending: Int?
            for i in crossing {
                let inside = kept[i]!.inside
                ground.fillSpan(line + x, count: inside.lowerBound - x)
                if let pending { kept[pending]!.drawRight(line, paint: fill) }
                kept[i]!.drawLeft(line, paint: fill)
                fill.fillSpan(line + inside.lowerBound, count: inside.count)
                x = inside.upperBound
                pending = i
            }
            ground.fillSpan(line + x, count: area.maxX - x)
            if let pending { kept[pending]!.drawRight(line, paint: fill) }
            if ground.isOpaque {
                copySource = y
                for i in shapes.indices { crossed[i] = false }
                for i in crossing { crossed[i] = true }
            }
        }
        flushRepeats()
        if let top = layeredFrom {
            drawLayered(rows: top..<area.maxY, background: background, boxes: boxes, radius: radius, boxColor: boxColor)
        }
    }

    /// Whether row `py`'s centre lies, vertically, within half a pixel of `box`: a fill of it reaches the row.
    @inline(__always)
    private static func reaches(_ box: RoundedBox, rowAt py: Double) -> Bool {
        abs(py - box.cy) <= box.hy + 0.5
    }

    /// Whether row `py` meets the same boxes as the row `crossed` was taken on, each between
    /// its corners, so that it reuses their kept rows unchanged.
    @inline(__always)
    private static func sameRow(_ shapes: [RoundedBox], crossed: [Bool], atY py: Double) -> Bool {
        for i in shapes.indices {
            let crosses = reaches(shapes[i], rowAt: py)
            guard crosses == crossed[i], !crosses || shapes[i].isStraight(atY: py) else { return false }
        }
        return true
    }

    /// How many rows from `y` (which is one) on to `end` are `sameRow`s, in O(log n) tests.
    /// Before the first row a box not crossed now could reach, they are a run: a crossed box's
    /// straight part and a passed box's rows below it are intervals. The search stops there.
    private static func sameRun(_ shapes: [RoundedBox], crossed: [Bool], from y: Int, below end: Int) -> Int {
        var end = end
        for i in shapes.indices where !crossed[i] && shapes[i].cy > Double(y) + 0.5 {
            // No row above this one reaches the box (`reaches`: its centre within hy + 0.5), rounded down to be sure.
            end = clampedInt((shapes[i].cy - shapes[i].hy - 1).rounded(.down), y + 1, end)
        }
        func same(_ row: Int) -> Bool { sameRow(shapes, crossed: crossed, atY: Double(row) + 0.5) }
        // Rows y..<y + good are the same; y + bad - 1 is not, or is past the end.
        var good = 1, step = 1
        while y + good + step <= end, same(y + good + step - 1) {
            good += step
            step *= 2
        }
        var bad = min(good + step, end - y + 1)
        while bad - good > 1 {
            let middle = (good + bad) / 2
            if same(y + middle - 1) { good = middle } else { bad = middle }
        }
        return good
    }

    /// `rows` in layers, as `fill` and `fillRoundedRect` draw them: rows across a box's
    /// corners, and every row when the boxes are translucent.
    private func drawLayered(rows: Range<Int>, background: Color, boxes: [RectF], radius: Double, boxColor: Color) {
        var band = self
        band.clip = Rect(x: drawable.minX, y: rows.lowerBound, width: drawable.width, height: rows.count)
        band.shapeMasks = nil
        band.fill(band.clip, color: background)
        for box in boxes { band.fillRoundedRect(box, radius: radius, color: boxColor) }
    }
}
