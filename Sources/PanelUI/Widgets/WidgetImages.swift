/// Pictures in widgets: placed without distortion, and blended from one state's look to the other's.
extension RectF {
    /// The largest rectangle of the image's proportions centred in this one (aspect fit).
    func aspectFit(_ image: Image) -> RectF {
        guard image.width > 0, image.height > 0 else { return self }
        let scale = min(width / Double(image.width), height / Double(image.height))
        let w = Double(image.width) * scale, h = Double(image.height) * scale
        return RectF(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }
}

extension Canvas {
    /// Blends from the `under` look (t = 0) to the `over` look (t = 1), each drawn exactly at its end.
    /// `over` comes in at `t`; `under` stays whole until half way and then fades out, so opaque
    /// pictures cross-fade without the background showing through, and transparent parts of
    /// `over` don't keep `under` visible at the end.
    func crossFade(_ t: Double, under: (Canvas) -> Void, over: (Canvas) -> Void) {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        var faded = self
        if t < 1 {
            faded.opacity = opacity * min(1, 2 * (1 - t))
            under(faded)
        }
        if t > 0 {
            faded.opacity = opacity * t
            over(faded)
        }
    }
}
