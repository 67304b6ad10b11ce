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
        let glyphs = font.placed(text, direction: direction).glyphs
        // Over the colour at the start of its baseline (before any of it is drawn), the text
        // nearly always is: its glyphs blended over it are kept (`BlendedText`).
        let kept = blendedText.flatMap { cache -> BlendedText.Images? in
            let x = clampedInt(origin.x.rounded(), -limit, limit), area = drawable
            guard area.minX <= x, x < area.maxX, area.minY <= baseline, baseline < area.maxY else { return nil }
            return cache.images(of: text, direction: direction, glyphs: glyphs, font: font, paint: paint, under: row(baseline)[x])
        }
        // Where the glyph's pixels start in `kept`: after the coverage of the glyphs before it.
        var start = 0
        for placed in glyphs {
            let glyph = placed.glyph
            defer { start += glyph.coverage.count }
            let left = clampedInt((origin.x + Double(placed.pen) / 64).rounded(), -limit, limit) + glyph.left
            let top = baseline - glyph.top - (placed.rise + 32) >> 6
            glyph.coverage.withUnsafeBufferPointer { coverage in
                guard let kept else {
                    return blendCoverage(coverage, width: glyph.width, height: glyph.rows, x: left, y: top, paint: paint)
                }
                kept.pixels.withUnsafeBufferPointer { pixels in
                    blendCoverage(coverage, width: glyph.width, height: glyph.rows, x: left, y: top, paint: paint,
                                  over: (kept.under, pixels.baseAddress! + start))
                }
            }
        }
    }
}
