/// Drawing small shapes through `ShapeMasks`.
extension Canvas {
    /// Draws a small shape from its kept coverage, made by drawing it directly in opaque white
    /// at the mask's origin; false, drawing nothing, when the shape is too big to keep.
    ///
    /// Every pixel the shape touches has its centre within `left`...`right`, `top`...`bottom`.
    /// `moved(dx, dy)` gives the shape moved by (-dx, -dy) to the mask's origin: its key, and
    /// how to draw it there.
    func drawMasked(left: Double, top: Double, right: Double, bottom: Double, paint: Paint, masks: ShapeMasks, hole: Rect? = nil,
                    moved: (_ dx: Double, _ dy: Double) -> (key: ShapeMasks.Key, draw: (Canvas) -> Void)) -> Bool {
        let minX = left.rounded(.down), maxX = right.rounded(.up)
        let minY = top.rounded(.down), maxY = bottom.rounded(.up)
        let side = Double(ShapeMasks.maxSide)
        guard maxX - minX <= side, maxY - minY <= side, abs(minX) < 1e9, abs(minY) < 1e9 else { return false }
        let width = Int(maxX - minX), height = Int(maxY - minY)
        let shape = moved(minX, minY)
        let mask = masks.mask(shape.key, width: width, height: height, draw: shape.draw)
        mask.coverage.withUnsafeBufferPointer { coverage in
            blendCoverage(coverage, width: width, height: height, x: Int(minX), y: Int(minY), paint: paint, hole: hole)
        }
        return true
    }
}
