import Glibc  // links libm, which the rounding and square roots below need

/// Draws anti-aliased shapes, text and images into a `PixelBuffer`.
///
/// A cheap value: copy it to change the clip or opacity for one control. Every draw touches
/// only pixels inside `clip` ∩ buffer bounds and the shape's bounding box.
public struct Canvas {
    public let buffer: PixelBuffer
    public var clip: Rect
    /// 0...1, multiplies every colour's alpha (disabled controls draw at 0.6).
    public var opacity: Double = 1
    /// Where small shapes keep their coverage between frames; nil draws every shape directly.
    public var shapeMasks: ShapeMasks?
    /// Where text over one colour keeps the pixels it leaves there; nil blends every pixel.
    var blendedText: BlendedText?

    public init(buffer: PixelBuffer, clip: Rect? = nil) {
        self.buffer = buffer
        self.clip = clip ?? buffer.bounds
    }

    /// The pixels a draw may touch.
    var drawable: Rect { clip.intersection(buffer.bounds) }

    func paint(_ color: Color) -> Paint? { Paint(color, opacity: opacity) }

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        buffer.pixels.baseAddress! + y * buffer.width
    }

    /// Pixel-aligned fill, blended unless the colour is opaque.
    ///
    /// A rectangle as wide as the buffer is one run in memory and is filled as one, so a band
    /// of background costs one loop (one string store), not one per row.
    public func fill(_ rect: Rect, color: Color) {
        let area = rect.intersection(drawable)
        guard !area.isEmpty, let paint = paint(color) else { return }
        if area.width == buffer.width {
            paint.fillSpan(row(area.minY), count: area.width * area.height)
            return
        }
        for y in area.minY..<area.maxY {
            paint.fillSpan(row(y) + area.minX, count: area.width)
        }
    }
}

/// `v` turned into an Int inside `lo...hi`; a NaN gives `lo`, so odd input draws nothing instead of trapping.
@inline(__always)
func clampedInt(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    guard v > Double(lo) else { return lo }
    guard v < Double(hi) else { return hi }
    return Int(v)
}

/// The pixels whose centres lie in `[c - h, c + h]`, as a half-open range limited to `lo..<hi`.
@inline(__always)
func pixelRange(centre c: Double, halfWidth h: Double, within lo: Int, _ hi: Int) -> Range<Int> {
    let start = clampedInt((c - h - 0.5).rounded(.up), lo, hi)
    let end = clampedInt((c + h - 0.5).rounded(.down) + 1, lo, hi)
    return start < end ? start..<end : start..<start
}
