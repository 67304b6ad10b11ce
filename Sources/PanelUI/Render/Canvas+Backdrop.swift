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
    ///
    /// A panel draws its list in bands of a row or a few, so this runs ten or twenty times a
    /// frame: its state lives on the stack (one `Lane` per box, kept rows inline), and it
    /// allocates nothing.
    public func fillBackdrop(background: Color, boxes: [RectF], radius: Double, boxColor: Color) {
        boxes.withUnsafeBufferPointer { fillBackdrop(background: background, boxes: $0, radius: radius, boxColor: boxColor) }
    }

    /// The same, for boxes a caller keeps on its stack.
    func fillBackdrop(background: Color, boxes: UnsafeBufferPointer<RectF>, radius: Double, boxColor: Color) {
        let area = drawable
        guard !area.isEmpty else { return }
        guard let fill = paint(boxColor), fill.isOpaque, let ground = paint(background), !boxes.isEmpty else {
            return drawLayered(rows: area.minY..<area.maxY, background: background, boxes: boxes, radius: radius, boxColor: boxColor)
        }
        withUnsafeTemporaryAllocation(of: Lane.self, capacity: boxes.count) { storage in
            var count = 0
            for box in boxes {
                let shape = RoundedBox(box, radius: radius)
                guard shape.isFinite else { continue }
                storage.initializeElement(at: count, to: Lane(shape: shape))
                count += 1
            }
            var lanes = UnsafeMutableBufferPointer(rebasing: storage[0..<count])
            lanes.sort { $0.shape.cx - $0.shape.hx < $1.shape.cx - $1.shape.hx }
            fillBackdrop(lanes, ground: ground, fill: fill, layers: (background, boxes, radius, boxColor))
        }
    }

    /// One box of a backdrop as the rows go down: its kept straight row (while it stays
    /// straight), whether the row being drawn crosses it, and whether the row being repeated did.
    private struct Lane {
        let shape: RoundedBox
        var kept: StraightRows?
        var crossing = false
        var crossed = false

        init(shape: RoundedBox) { self.shape = shape }
    }

    private func fillBackdrop(_ lanes: UnsafeMutableBufferPointer<Lane>, ground: Paint, fill: Paint,
                              layers: (background: Color, boxes: UnsafeBufferPointer<RectF>, radius: Double, boxColor: Color)) {
        let area = drawable
        func drawLayered(_ rows: Range<Int>) {
            self.drawLayered(rows: rows, background: layers.background, boxes: layers.boxes, radius: layers.radius, boxColor: layers.boxColor)
        }
        // Rows across a box's corners, drawn in layers when the next straight row comes.
        var layeredFrom: Int?
        // On an opaque background a row is a function of which boxes cross it and their kept
        // rows alone: while neither changes, the row above is copied, from the cache, in one
        // string move instead of a store loop per span.
        var copySource: Int?
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
            if copySource != nil, Self.sameRow(lanes, atY: py) {
                // The rows that stay the same are a run (each box's reach and straight part are
                // intervals of rows): its end is found by doubling steps, then halving them.
                let run = Self.sameRun(lanes, from: y, below: area.maxY)
                repeats += run
                y += run - 1
                continue
            }
            flushRepeats()
            copySource = nil
            // Each box crossed right of the one before, so one pass left to right draws them in layers' order.
            var layered = false, rightEnd = Int.min
            for i in lanes.indices {
                lanes[i].crossing = Self.reaches(lanes[i].shape, rowAt: py)
                guard lanes[i].crossing, !layered else { continue }
                if lanes[i].kept == nil || !lanes[i].shape.isStraight(atY: py) {
                    lanes[i].kept = straightFillRow(of: lanes[i].shape, atY: y, paint: fill)
                }
                guard let rows = lanes[i].kept, rightEnd <= rows.cols.lowerBound else {
                    layered = true
                    continue
                }
                rightEnd = rows.cols.upperBound
            }
            guard !layered else {
                layeredFrom = layeredFrom ?? y
                continue
            }
            if let top = layeredFrom {
                drawLayered(top..<y)
                layeredFrom = nil
            }
            // Left to right: the background up to a box's inside (its left edge pixels blend
            // over it), the inside, then the background on to the next box and the right edge
            // pixels over it.
            var x = area.minX
            var pending: StraightRows?
            for lane in lanes where lane.crossing {
                let rows = lane.kept!
                ground.fillSpan(line + x, count: rows.inside.lowerBound - x)
                pending?.drawRight(line, paint: fill)
                rows.drawLeft(line, paint: fill)
                fill.fillSpan(line + rows.inside.lowerBound, count: rows.inside.count)
                x = rows.inside.upperBound
                pending = rows
            }
            ground.fillSpan(line + x, count: area.maxX - x)
            pending?.drawRight(line, paint: fill)
            if ground.isOpaque {
                copySource = y
                for i in lanes.indices { lanes[i].crossed = lanes[i].crossing }
            }
        }
        flushRepeats()
        if let top = layeredFrom { drawLayered(top..<area.maxY) }
    }

    /// Whether row `py`'s centre lies, vertically, within half a pixel of `box`: a fill of it reaches the row.
    @inline(__always)
    private static func reaches(_ box: RoundedBox, rowAt py: Double) -> Bool {
        abs(py - box.cy) <= box.hy + 0.5
    }

    /// Whether row `py` meets the same boxes as the row `crossed` was taken on, each between
    /// its corners, so that it reuses their kept rows unchanged.
    @inline(__always)
    private static func sameRow(_ lanes: UnsafeMutableBufferPointer<Lane>, atY py: Double) -> Bool {
        for lane in lanes {
            let crosses = reaches(lane.shape, rowAt: py)
            guard crosses == lane.crossed, !crosses || lane.shape.isStraight(atY: py) else { return false }
        }
        return true
    }

    /// How many rows from `y` (which is one) on to `end` are `sameRow`s, in O(log n) tests.
    /// Before the first row a box not crossed now could reach, they are a run: a crossed box's
    /// straight part and a passed box's rows below it are intervals. The search stops there.
    private static func sameRun(_ lanes: UnsafeMutableBufferPointer<Lane>, from y: Int, below end: Int) -> Int {
        var end = end
        for lane in lanes where !lane.crossed && lane.shape.cy > Double(y) + 0.5 {
            // No row above this one reaches the box (`reaches`: its centre within hy + 0.5), rounded down to be sure.
            end = clampedInt((lane.shape.cy - lane.shape.hy - 1).rounded(.down), y + 1, end)
        }
        func same(_ row: Int) -> Bool { sameRow(lanes, atY: Double(row) + 0.5) }
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
    private func drawLayered(rows: Range<Int>, background: Color, boxes: UnsafeBufferPointer<RectF>, radius: Double, boxColor: Color) {
        var band = self
        band.clip = Rect(x: drawable.minX, y: rows.lowerBound, width: drawable.width, height: rows.count)
        band.shapeMasks = nil
        band.fill(band.clip, color: background)
        for box in boxes { band.fillRoundedRect(box, radius: radius, color: boxColor) }
    }
}
