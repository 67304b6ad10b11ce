extension Canvas {
    /// Draws `content` as one layer faded as a whole to `opacity`, as UIKit fades a view with
    /// group opacity: a disabled switch's knob then hides the track beneath it instead of
    /// letting it show through, which is what per-shape opacity would do.
    ///
    /// `content` gets a canvas over a scratch buffer the size of `frame` and the frame moved
    /// to that buffer's origin. The scratch starts as a copy of what is underneath, so pixels
    /// the content leaves alone fade into themselves and stay unchanged.
    public func drawLayer(_ frame: Rect, opacity layerOpacity: Double, _ content: (Canvas, Rect) -> Void) {
        let area = frame.intersection(drawable)
        guard !area.isEmpty else { return }
        let layer = PixelBuffer(width: frame.width, height: frame.height)
        let local = area.offsetBy(dx: -frame.x, dy: -frame.y)
        for y in area.minY..<area.maxY {
            (layer.pixels.baseAddress! + (y - frame.y) * layer.width + local.minX)
                .update(from: row(y) + area.minX, count: area.width)
        }
        var layerCanvas = Canvas(buffer: layer, clip: local)
        layerCanvas.opacity = opacity
        layerCanvas.shapeMasks = shapeMasks
        content(layerCanvas, Rect(x: 0, y: 0, width: frame.width, height: frame.height))

        let o = layerOpacity.isNaN ? 0 : min(max(layerOpacity, 0), 1)
        let a = UInt32((o * 255).rounded())
        for y in area.minY..<area.maxY {
            let source = layer.pixels.baseAddress! + (y - frame.y) * layer.width + local.minX
            let destination = row(y) + area.minX
            for i in 0..<area.width {
                destination[i] = mixPixels(destination[i], source[i], alpha: a)
            }
        }
    }
}

/// `d·(1 − a) + s·a` per channel of two XRGB pixels, rounded to nearest.
@inline(__always)
func mixPixels(_ d: UInt32, _ s: UInt32, alpha a: UInt32) -> UInt32 {
    let ia = 255 &- a
    let r = div255(((d >> 16) & 0xFF) &* ia &+ ((s >> 16) & 0xFF) &* a)
    let g = div255(((d >> 8) & 0xFF) &* ia &+ ((s >> 8) & 0xFF) &* a)
    let b = div255((d & 0xFF) &* ia &+ (s & 0xFF) &* a)
    return r << 16 | g << 8 | b
}
