/// Text from a `Font`'s shaped, cached glyphs.
extension Canvas {
    /// `origin` is the left end of the baseline; the text runs right from it in visual order
    /// whatever its direction (`direction` forces the paragraph's, see `TextDirection`). Each
    /// glyph is placed on whole pixels so the same text always gives the same bytes.
    public func drawText(_ text: String, font: Font, origin: Point, color: Color, direction: TextDirection? = nil) {
        guard origin.x.isFinite, origin.y.isFinite, let paint = paint(color) else { return }
        guard !drawable.isEmpty else { return }
        let limit = 1 << 30
        let baseline = clampedInt(origin.y.rounded(), -limit, limit)
        for placed in font.placed(text, direction: direction).glyphs {
            let glyph = placed.glyph
            let left = clampedInt((origin.x + Double(placed.pen) / 64).rounded(), -limit, limit) + glyph.left
            let top = baseline - glyph.top - (placed.rise + 32) >> 6
            glyph.coverage.withUnsafeBufferPointer { coverage in
                blendCoverage(coverage, width: glyph.width, height: glyph.rows, x: left, y: top, paint: paint)
            }
        }
    }
}
