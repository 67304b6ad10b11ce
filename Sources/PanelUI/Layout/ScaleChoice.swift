/// `scale:` in a description (and `--scale`): a factor, or `auto` to pick one from the
/// screen's pixels per millimetre.
public enum ScaleSetting: Equatable, Sendable {
    case auto
    case fixed(Double)

    /// The factors a description or `--scale` may give.
    public static let allowed = 0.5...4.0

    /// `auto` or a number in `allowed`; nil for anything else.
    public init?(parsing text: String) {
        if text == "auto" { self = .auto; return }
        guard let value = Double(text), value.isFinite, Self.allowed.contains(value) else { return nil }
        self = .fixed(value)
    }
}

/// A screen's size in millimetres (DRM's connector mm, `physical_size:`, or `@DPI`).
public struct PhysicalSize: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size a screen of `pixels` has at `dpi` dots per inch.
    public init(pixels: Size, dpi: Double) {
        self.init(width: Double(pixels.width) * 25.4 / dpi, height: Double(pixels.height) * 25.4 / dpi)
    }

    /// Pixels per millimetre along the diagonal (the same whichever way the screen is turned).
    public func pixelsPerMillimetre(screen: Size) -> Double? {
        let millimetres = (width * width + height * height).squareRoot()
        guard millimetres > 0, millimetres.isFinite else { return nil }
        let pixels = (Double(screen.width * screen.width) + Double(screen.height * screen.height)).squareRoot()
        return pixels / millimetres
    }
}

/// The factor a panel draws at and the sentence saying why, for the log and `panel outputs`.
public struct ScaleChoice: Equatable, Sendable {
    public var factor: Double
    public var reason: String

    /// A 48 px row (the touch minimum at scale 1) is made about this tall.
    public static let targetRowMillimetres = 9.0
    /// `auto` rounds to quarter steps and stays in this range.
    public static let autoRange = 0.75...4.0

    /// `override` (`--scale`) wins over `setting` (`scale:`); `auto` uses `physical` (where it
    /// came from in `source`), and is 1 without one.
    public static func choose(setting: ScaleSetting, override: ScaleSetting? = nil, screen: Size,
                              physical: PhysicalSize?, source: String) -> ScaleChoice {
        let given = override ?? setting
        let origin = override != nil ? "--scale" : "scale:"
        if case .fixed(let factor) = given {
            return ScaleChoice(factor: factor, reason: "\(origin) \(shown(factor))")
        }
        guard let physical, let density = physical.pixelsPerMillimetre(screen: screen) else {
            return ScaleChoice(factor: 1, reason: "auto: the screen's physical size is unknown (give physical_size: [W_mm, H_mm] or --display headless:WxH@DPI)")
        }
        let factor = autoFactor(pixelsPerMillimetre: density)
        let size = "\(shown(physical.width))x\(shown(physical.height)) mm"
        return ScaleChoice(factor: factor, reason: "auto: \(screen.width)x\(screen.height) px on \(size) (\(source)) is \(shown(density)) px/mm; a 48 px row is \(shown(targetRowMillimetres)) mm at \(shown(factor))")
    }

    /// The quarter step that makes a 48 px row closest to `targetRowMillimetres`, in `autoRange`.
    public static func autoFactor(pixelsPerMillimetre density: Double) -> Double {
        let exact = targetRowMillimetres * density / Double(LayoutMetrics.minimumRowHeight)
        guard exact.isFinite else { return 1 }
        return min(max((exact * 4).rounded() / 4, autoRange.lowerBound), autoRange.upperBound)
    }

    /// A number with at most two decimals and no trailing zeros: 2, 0.75, 5.19.
    public static func shown(_ value: Double) -> String {
        let scaled = (value * 100).rounded()
        guard scaled.magnitude < 1e15 else { return "\(value)" }
        let hundredths = Int(scaled)
        let whole = hundredths / 100, rest = hundredths % 100
        if rest == 0 { return "\(whole)" }
        return rest % 10 == 0 ? "\(whole).\(rest / 10)" : "\(whole).\(rest < 10 ? "0" : "")\(rest)"
    }
}
