/// Text from a `Font`'s cached glyph coverage.
extension Canvas {
    /// `origin` is the left end of the baseline. Each glyph is placed on whole pixels so the same
    /// text always gives the same bytes.
    public func drawText(_ text: String, font: Font, origin: Point, color: Color) {
        guard origin.x.isFinite, origin.y.isFinite, let paint = paint(color) else { return }
        guard !drawable.isEmpty else { return }
        let limit = 1 << 30
        let baseline = clampedInt(origin.y.rounded(), -limit, limit)
        for placed in font.placed(text) {
            let glyph = placed.glyph
            let left = clampedInt((origin.x + Double(placed.pen) / 64).rounded(), -limit, limit) + glyph.left
            let top = baseline - glyph.top
            glyph.coverage.withUnsafeBufferPointer { coverage in
                blendCoverage(coverage, width: glyph.width, height: glyph.rows, x: left, y: top, paint: paint)
            }
        }
    }
}
