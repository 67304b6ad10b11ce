/// Text from a `Font`'s shaped, cached glyphs.
extension Canvas {
    /// `origin` is the left end of the baseline; the text runs right from it in visual order
    /// whatever its direction (`direction` forces the paragraph's, see `TextDirection`). Each
    /// glyph is placed on whole pixels so the same text always gives the same bytes.
    public func drawText(_ text: String, font: Font, origin: Point, color: Color, direction: TextDirection? = nil) {
        drawText(text, font: font, origin: origin, color: color, direction: direction, slot: nil)
    }

    /// The same; `slot` names where this text was drawn last (`BlendedText`'s slots: a row's label).
    func drawText(_ text: String, font: Font, origin: Point, color: Color, direction: TextDirection?, slot: Int?) {
        guard origin.x.isFinite, origin.y.isFinite, let paint = paint(color) else { return }
        guard !drawable.isEmpty else { return }
        let limit = 1 << 30
        let baseline = clampedInt(origin.y.rounded(), -limit, limit)
        if let cache = blendedText {
            if copyKept(text, direction: direction, font: font, paint: paint, from: cache, origin: origin.x, baseline: baseline, slot: slot) {
                return
            }
            cache.blended()
        }
        for placed in font.placed(text, direction: direction).glyphs {
            let left = clampedInt((origin.x + Double(placed.pen) / 64).rounded(), -limit, limit) + placed.glyph.left
            let top = baseline - placed.glyph.top - (placed.rise + 32) >> 6
            placed.glyph.coverage.withUnsafeBufferPointer { coverage in
                blendCoverage(coverage, width: placed.glyph.width, height: placed.glyph.rows, x: left, y: top, paint: paint)
            }
        }
    }

    /// Where `placed`'s coverage lies for a pen starting at whole pixel `x` on `baseline`.
    static func glyphBox(_ placed: PlacedGlyph, x: Int, baseline: Int) -> Rect {
        let glyph = placed.glyph
        return Rect(x: x + Int((Double(placed.pen) / 64).rounded()) + glyph.left,
                    y: baseline - glyph.top - (placed.rise + 32) >> 6, width: glyph.width, height: glyph.rows)
    }

    /// The text from its kept pixels (`BlendedText`) when it starts on a whole pixel and the
    /// rectangle its ink covers is all the colour under that start, as far as the clip shows
    /// it; false, drawing nothing, otherwise.
    private func copyKept(_ text: String, direction: TextDirection?, font: Font, paint: Paint, from cache: BlendedText,
                          origin: Double, baseline: Int, slot: Int?) -> Bool {
        let area = drawable
        // A pen at a whole pixel places each glyph at that pixel plus its own rounded offset.
        guard origin == origin.rounded(), Double(area.minX) <= origin, origin < Double(area.maxX),
              area.minY <= baseline, baseline < area.maxY else { return false }
        let x = Int(origin)
        let under = row(baseline)[x]
        guard let kept = cache.rows(of: text, direction: direction, font: font, paint: paint, under: under, slot: slot) else { return false }
        let box = kept.box.offsetBy(dx: x, dy: baseline)
        let part = box.intersection(area)
        guard !part.isEmpty else { return true }
        guard buffer.isFlat(part, colour: under) else { return false }
        let source = kept.pixels + ((part.minY - box.minY) * box.width + part.minX - box.minX)
        buffer.copyRows(into: part, from: source, pitch: box.width)
        cache.copied(into: part, from: source, pitch: box.width, over: under, whole: part == box)
        return true
    }
}
