import Glibc

/// WCAG 2.1 contrast: relative luminance of sRGB colours and the ratio of two of them, and
/// the small corrections the theme and the painters make so a widget's edges stay visible.
extension Color {
    /// WCAG 2.1's relative luminance of the colour as an opaque one (alpha ignored): 0 black … 1 white.
    public var relativeLuminance: Double {
        let linear = Self.linearChannels
        return 0.2126 * linear[Int(r)] + 0.7152 * linear[Int(g)] + 0.0722 * linear[Int(b)]
    }

    /// Each 8-bit sRGB channel value made linear, worked out once: the painters ask for the
    /// contrast of the same few colours on every frame (a disabled widget's raised colours take
    /// some twenty luminances each), and `pow` per channel was a few per cent of a frame.
    private static let linearChannels: [Double] = (0...255).map { channel in
        let c = Double(channel) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// WCAG 2.1's contrast ratio, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: 1 … 21.
    public func contrast(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The opaque colour the canvas makes of this one drawn at `opacity` (times its own alpha)
    /// over `background`: straight sRGB mixing, as the painters blend.
    public func composited(over background: Color, opacity: Double = 1) -> Color {
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        let t = Double(a) / 255 * o
        func mix(_ s: UInt8, _ d: UInt8) -> UInt8 { UInt8((Double(d) + (Double(s) - Double(d)) * t).rounded()) }
        return Color(r: mix(r, background.r), g: mix(g, background.g), b: mix(b, background.b))
    }

    /// This colour, or the nearest one towards black (on a light background) or white (on a
    /// dark one) whose composite at `opacity` over `background` reaches `minimum` contrast.
    /// A clear colour stays clear: it draws nothing to see. Used for looks the theme fades
    /// (disabled widgets) and for the pressed halo, so they keep WCAG's 3:1 for non-text parts.
    public func raisedToContrast(_ minimum: Double, against background: Color, opacity: Double = 1) -> Color {
        guard a > 0 else { return self }
        func reaches(_ c: Color) -> Bool { c.composited(over: background, opacity: opacity).contrast(with: background) >= minimum }
        if reaches(self) { return self }
        // Towards whichever extreme contrasts more with the background.
        let extreme: Color = Color.black.contrast(with: background) >= Color.white.contrast(with: background) ? .black : .white
        let target = Color(r: extreme.r, g: extreme.g, b: extreme.b, a: 255)
        guard reaches(target) else { return target }
        var low = 0.0, high = 1.0
        for _ in 0..<20 {
            let mid = (low + high) / 2
            if reaches(opaqueMix(toward: target, mid)) { high = mid } else { low = mid }
        }
        return opaqueMix(toward: target, high)
    }

    /// The one of black and white that contrasts more with this colour: a mark drawn on it.
    public var legibleMark: Color {
        Color.black.contrast(with: self) >= Color.white.contrast(with: self) ? .black : .white
    }

    /// `mark` when it reaches `minimum` contrast against this opaque fill, else black or white,
    /// whichever shows more: a white check on a light accent becomes dark. A fill that isn't
    /// opaque shows what is behind it, so the mark is left as it is.
    public func mark(_ mark: Color, legibleAt minimum: Double = 3) -> Color {
        guard a == 255, mark.a == 255, mark.contrast(with: self) < minimum else { return mark }
        return legibleMark
    }

    /// Blends the colour channels towards `target` by `t` and makes the result opaque.
    private func opaqueMix(toward target: Color, _ t: Double) -> Color {
        var c = Color(r: r, g: g, b: b).mixed(with: target, t)
        c.a = 255
        return c
    }
}
