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
                    blendCoverageRow(coverage.baseAddress! + (y - top) * glyph.width + (box.minX - left),
                                     into: row(y) + box.minX, count: box.width, paint: paint)
                }
            }
        }
    }

    /// One row of 8-bit coverage blended in `paint`, four pixels at a time: glyph rows are
    /// mostly empty or solid stretches, which skip or store without the blend maths.
    @inline(__always)
    private func blendCoverageRow(_ coverage: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt32>, count: Int, paint: Paint) {
        var x = 0
        while x &+ 4 <= count {
            let four = UnsafeRawPointer(coverage + x).loadUnaligned(as: UInt32.self)
            if four != 0 {
                if four == .max && paint.isOpaque {
                    store(paint.pixel, line + x, 4)
                } else {
                    let c = SIMD4<UInt32>(truncatingIfNeeded: UnsafeRawPointer(coverage + x).loadUnaligned(as: SIMD4<UInt8>.self))
                    // An opaque colour's blend alpha is the coverage itself.
                    paint.blend4(line + x, alphas: paint.isOpaque ? c : paint.alphas(coverage8: c))
                }
            }
            x &+= 4
        }
        while x < count {
            let c = UInt32(coverage[x])
            if c != 0 { paint.blend(line + x, alpha: paint.alpha(coverage8: c)) }
            x &+= 1
        }
    }
}
