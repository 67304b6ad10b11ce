import PanelUI

/// The renderer's documented maths done the slow, obvious way, to check its fast paths against:
/// coverage from the distance at the pixel centre, 8-bit coverage, a = alpha × coverage, rounded blend.
func referenceBlend(_ dst: UInt32, _ color: Color, coverage: Double, opacity: Double = 1) -> UInt32 {
    let alpha = Int((Double(color.a) * opacity).rounded())
    let c8 = Int(min(max(coverage, 0), 1) * 255 + 0.5 + 1e-7)  // halves round up despite float noise
    let a = (c8 * alpha + 127) / 255
    func channel(_ s: UInt8, _ shift: UInt32) -> UInt32 {
        let d = Int((dst >> shift) & 0xFF)
        return UInt32((Int(s) * a + d * (255 - a) + 127) / 255) << shift
    }
    return channel(color.r, 16) | channel(color.g, 8) | channel(color.b, 0)
}

/// Signed distance to a rounded rectangle, written independently of the renderer's.
func referenceRoundedRectDistance(_ px: Double, _ py: Double, _ r: RectF, radius: Double) -> Double {
    let rad = min(max(radius, 0), r.width / 2, r.height / 2)
    let cx = r.x + r.width / 2, cy = r.y + r.height / 2
    let qx = abs(px - cx) - r.width / 2 + rad, qy = abs(py - cy) - r.height / 2 + rad
    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
    return outside + min(max(qx, qy), 0) - rad
}

/// Every pixel of `buffer` painted by `coverage(x + 0.5, y + 0.5)`.
func referenceDraw(_ buffer: PixelBuffer, _ color: Color, opacity: Double = 1, coverage: (Double, Double) -> Double) {
    for y in 0..<buffer.height {
        for x in 0..<buffer.width {
            let c = coverage(Double(x) + 0.5, Double(y) + 0.5)
            if c > 0 { buffer[x, y] = referenceBlend(buffer[x, y], color, coverage: c, opacity: opacity) }
        }
    }
}

/// The pixels where two equal-sized buffers differ, as "(x,y) a≠b" lines (at most `limit`).
func differences(_ a: PixelBuffer, _ b: PixelBuffer, limit: Int = 5) -> [String] {
    var out: [String] = []
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] != b[x, y] {
            if out.count < limit { out.append("(\(x),\(y)) \(hex(a[x, y]))≠\(hex(b[x, y]))") }
        }
    }
    return out
}

func hex(_ pixel: UInt32) -> String {
    let digits = String(pixel, radix: 16)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}
