/// Text from a `Font`'s cached glyph coverage.
extension Canvas {
    /// `origin` is the left end of the baseline. Each glyph is placed on whole pixels so the same
    /// text always gives the same bytes.
    public func drawText(_ text: String, font: Font, origin: Point, color: Color) {
        guard origin.x.isFinite, origin.y.isFinite, let paint = paint(color) else { return }
        let area = drawable
        guard !area.isEmpty else { return }
        let limit = 1 << 30
        let baseline = clampedInt(origin.y.rounded(), -limit, limit)
        _ = font.layout(text) { glyph, pen in
            let left = clampedInt((origin.x + Double(pen) / 64).rounded(), -limit, limit) + glyph.left
            let top = baseline - glyph.top
            let box = Rect(x: left, y: top, width: glyph.width, height: glyph.rows).intersection(area)
            guard !box.isEmpty else { return }
            glyph.coverage.withUnsafeBufferPointer { coverage in
                for y in box.minY..<box.maxY {
                    let source = (y - top) * glyph.width - left
                    let line = row(y)
                    for x in box.minX..<box.maxX {
                        let c = UInt32(coverage[source + x])
                        if c != 0 { paint.blend(line + x, alpha: paint.alpha(coverage8: c)) }
                    }
                }
            }
        }
    }
}
