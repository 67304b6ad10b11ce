extension PixelBuffer {
    /// Whether every pixel of `rect` (inside the buffer) is `colour`: whether something kept
    /// as drawn over that colour (a widget, a line of text) may be copied there. Each row's
    /// differences are gathered (or-ed) sixteen pixels at a time and tested once per row.
    func isFlat(_ rect: Rect, colour: UInt32) -> Bool {
        let wide = SIMD16<UInt32>(repeating: colour)
        let zero = SIMD16<UInt32>(repeating: 0)
        for y in rect.minY..<rect.maxY {
            let row = UnsafeRawPointer(pixels.baseAddress! + y * width + rect.minX)
            var differs = zero
            var x = 0
            while x &+ 16 <= rect.width {
                differs |= row.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt32>.self) ^ wide
                x &+= 16
            }
            var tail: UInt32 = 0
            while x < rect.width {
                tail |= row.load(fromByteOffset: x &* 4, as: UInt32.self) ^ colour
                x &+= 1
            }
            guard differs == zero, tail == 0 else { return false }
        }
        return true
    }
}
