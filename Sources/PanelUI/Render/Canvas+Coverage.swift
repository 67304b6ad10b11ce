/// Blending 8-bit coverage (glyphs, shape masks) into the canvas.
extension Canvas {
    /// `coverage` rows of `width` bytes placed with their top-left pixel at `(x, y)`, clipped.
    /// Pixels in `hole` (what a later opaque draw covers whole) are left alone.
    func blendCoverage(_ coverage: UnsafeBufferPointer<UInt8>, width: Int, height: Int, x: Int, y: Int, paint: Paint,
                       hole: Rect? = nil) {
        let box = Rect(x: x, y: y, width: width, height: height).intersection(drawable)
        guard !box.isEmpty, let base = coverage.baseAddress else { return }
        let skipped = hole?.intersection(box) ?? Rect(x: box.x, y: box.y, width: 0, height: 0)
        for row in box.minY..<box.maxY {
            let source = base + (row - y) * width - x, line = self.row(row)
            guard !skipped.isEmpty, skipped.minY <= row, row < skipped.maxY else {
                blendCoverageRow(source + box.minX, into: line + box.minX, count: box.width, paint: paint)
                continue
            }
            blendCoverageRow(source + box.minX, into: line + box.minX, count: skipped.minX - box.minX, paint: paint)
            blendCoverageRow(source + skipped.maxX, into: line + skipped.maxX, count: box.maxX - skipped.maxX, paint: paint)
        }
    }

    /// One row of 8-bit coverage blended in `paint`, four pixels at a time: glyph and shape
    /// rows are mostly empty or solid stretches, which skip or store without the blend maths.
    @inline(__always)
    private func blendCoverageRow(_ coverage: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt32>, count: Int, paint: Paint) {
        var x = 0
        while x &+ 4 <= count {
            let four = UnsafeRawPointer(coverage + x).loadUnaligned(as: UInt32.self)
            if four != 0 {
                if four == .max && paint.isOpaque {
                    store(paint.pixel, line + x, 4)
                } else {
                    // The four bytes in memory order (little-endian), without a generic widening.
                    let c = SIMD4<UInt16>(UInt16(four & 0xFF), UInt16(four >> 8 & 0xFF), UInt16(four >> 16 & 0xFF), UInt16(four >> 24))
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
