/// Scaled images (icons).
extension Canvas {
    /// Scales `image` to fill `rect` with bilinear filtering. Pixels only partly inside `rect`
    /// are weighted by the covered fraction, so fractional placement stays smooth.
    public func drawImage(_ image: Image, in rect: RectF) {
        guard image.width > 0, image.height > 0,
              rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0 else { return }
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        guard o > 0 else { return }
        let limit = 1 << 30
        let x0 = clampedInt(rect.minX.rounded(.down), -limit, limit)
        let y0 = clampedInt(rect.minY.rounded(.down), -limit, limit)
        let x1 = clampedInt(rect.maxX.rounded(.up), -limit, limit)
        let y1 = clampedInt(rect.maxY.rounded(.up), -limit, limit)
        let area = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(drawable)
        guard !area.isEmpty else { return }

        let columns = (area.minX..<area.maxX).map {
            Tap(pixel: $0, start: rect.minX, length: rect.width, samples: image.width)
        }
        let scale = 255 * o
        image.pixels.withUnsafeBufferPointer { src in
            for y in area.minY..<area.maxY {
                let tapY = Tap(pixel: y, start: rect.minY, length: rect.height, samples: image.height)
                let top = tapY.i0 * image.width, bottom = tapY.i1 * image.width
                let line = row(y) + area.minX
                for (i, tapX) in columns.enumerated() {
                    // Covers are 0...1 (`Tap`, from the finite rect checked above), scale at most 255.
                    let m = UInt32(tapX.cover * tapY.cover * scale + 0.5)
                    guard m > 0 else { continue }
                    let s = bilinear(src[top + tapX.i0], src[top + tapX.i1], src[bottom + tapX.i0], src[bottom + tapX.i1],
                                     fx: tapX.f, fy: tapY.f)
                    compositePremultiplied(line + i, s, weight: m)
                }
            }
        }
    }
}

/// Where one destination column (or row) samples the image: two neighbouring source indices,
/// the weight of the second in 1/256ths, and how much of the pixel the destination rect covers.
private struct Tap {
    let i0: Int
    let i1: Int
    let f: UInt32
    let cover: Double

    init(pixel: Int, start: Double, length: Double, samples: Int) {
        let p = Double(pixel)
        cover = min(max(min(p + 1, start + length) - max(p, start), 0), 1)
        // Pixel centres map to sample centres; edges clamp to the border samples.
        let u = min(max((p + 0.5 - start) * Double(samples) / length - 0.5, 0), Double(samples - 1))
        let whole = u.rounded(.down)
        i0 = clampedInt(whole, 0, samples - 1)
        i1 = min(i0 + 1, samples - 1)
        f = UInt32(clamping: ((u - whole) * 256).rounded())
    }
}

/// Bilinear mix of four premultiplied `0xAARRGGBB` pixels, weights in 1/256ths, rounded.
@inline(__always)
private func bilinear(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, fx: UInt32, fy: UInt32) -> UInt32 {
    @inline(__always)
    func channel(_ shift: UInt32) -> UInt32 {
        let c00 = (p00 >> shift) & 0xFF, c01 = (p01 >> shift) & 0xFF
        let c10 = (p10 >> shift) & 0xFF, c11 = (p11 >> shift) & 0xFF
        let upper = c00 * (256 - fx) + c01 * fx
        let lower = c10 * (256 - fx) + c11 * fx
        return ((upper * (256 - fy) + lower * fy + 32768) >> 16) << shift
    }
    return channel(24) | channel(16) | channel(8) | channel(0)
}

/// dst = src·w + dst·(1 − alpha·w) for premultiplied `src`, `w` in 0...255.
@inline(__always)
private func compositePremultiplied(_ p: UnsafeMutablePointer<UInt32>, _ src: UInt32, weight w: UInt32) {
    let a = div255((src >> 24) * w)
    let keep = 255 - a
    let d = p.pointee
    let r = div255(((src >> 16) & 0xFF) * w) + div255(((d >> 16) & 0xFF) * keep)
    let g = div255(((src >> 8) & 0xFF) * w) + div255(((d >> 8) & 0xFF) * keep)
    let b = div255((src & 0xFF) * w) + div255((d & 0xFF) * keep)
    p.pointee = min(r, 255) << 16 | min(g, 255) << 8 | min(b, 255)
}
