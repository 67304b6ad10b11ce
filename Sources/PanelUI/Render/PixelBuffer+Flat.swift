import CFill

extension PixelBuffer {
    /// Whether every pixel of `rect` (inside the buffer) is `colour`: whether something kept
    /// as drawn over that colour (a widget, a line of text) may be copied there
    /// (`panel_rows_flat`: eight pixels a load where the processor has AVX2).
    func isFlat(_ rect: Rect, colour: UInt32) -> Bool {
        isFlat(rect, colour: colour, check: panel_rows_flat)
    }

    /// The check in the vectors every processor has, whatever this one has: for tests.
    func isFlatPortably(_ rect: Rect, colour: UInt32) -> Bool {
        isFlat(rect, colour: colour, check: panel_rows_flat_portable)
    }

    private func isFlat(_ rect: Rect, colour: UInt32,
                        check: (UnsafePointer<UInt32>?, Int, Int, Int, UInt32) -> Int32) -> Bool {
        guard !rect.isEmpty else { return true }
        return check(pixels.baseAddress! + (rect.minY * width + rect.minX), width, rect.width, rect.height, colour) != 0
    }
}
