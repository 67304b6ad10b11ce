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

    /// Copies kept rows into `part` (inside the buffer): `source` is the pixel for its top
    /// left, and the rows are `pitch` pixels apart there (`panel_copy_rows`, no call per row).
    func copyRows(into part: Rect, from source: UnsafePointer<UInt32>, pitch: Int) {
        copyRows(into: part, from: source, pitch: pitch, copy: panel_copy_rows)
    }

    /// The same copy in the vectors every processor has: for tests.
    func copyRowsPortably(into part: Rect, from source: UnsafePointer<UInt32>, pitch: Int) {
        copyRows(into: part, from: source, pitch: pitch, copy: panel_copy_rows_portable)
    }

    private func copyRows(into part: Rect, from source: UnsafePointer<UInt32>, pitch: Int,
                          copy: (UnsafeMutablePointer<UInt32>?, Int, UnsafePointer<UInt32>?, Int, Int, Int) -> Void) {
        guard !part.isEmpty else { return }
        copy(pixels.baseAddress! + (part.minY * width + part.minX), width, source, pitch, part.width, part.height)
    }

    private func isFlat(_ rect: Rect, colour: UInt32,
                        check: (UnsafePointer<UInt32>?, Int, Int, Int, UInt32) -> Int32) -> Bool {
        guard !rect.isEmpty else { return true }
        return check(pixels.baseAddress! + (rect.minY * width + rect.minX), width, rect.width, rect.height, colour) != 0
    }
}
