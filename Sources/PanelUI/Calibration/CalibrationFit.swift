/// libinput's touchscreen calibration: the first two rows `[a, b, c, d, e, f]` of a 3x3 matrix
/// over coordinates normalised to 0…1, mapping where the device says a finger is to where it
/// is on the (unrotated) screen: `x' = a·x + b·y + c`, `y' = d·x + e·y + f`. The same six
/// numbers go into udev's `LIBINPUT_CALIBRATION_MATRIX` and the description's `calibration:`.
public struct CalibrationMatrix: Equatable, Sendable, CustomStringConvertible {
    public var values: [Double]

    public static let identity = CalibrationMatrix([1, 0, 0, 0, 1, 0])

    /// `values` must hold 6 numbers.
    public init(_ values: [Double]) {
        precondition(values.count == 6, "a calibration matrix has 6 numbers")
        self.values = values
    }

    /// Where a device point (normalised) lands on the screen (normalised).
    public func apply(_ p: Point) -> Point {
        let m = values
        return Point(x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5])
    }

    /// Each value with at most 6 decimals, trailing zeros cut: "0.000213", "-1", "0.5".
    public var shownValues: [String] { values.map(Self.shown) }

    /// `a b c d e f`, as udev's LIBINPUT_CALIBRATION_MATRIX takes it.
    public var description: String { shownValues.joined(separator: " ") }

    /// A number with at most 6 decimals, without Foundation's formatters; never "-0".
    public static func shown(_ value: Double) -> String {
        let millionths = (value * 1_000_000).rounded()
        guard millionths.isFinite, abs(millionths) < 9e15 else { return "\(value)" }
        let whole = Int64(millionths)
        if whole == 0 { return "0" }
        let magnitude = whole.magnitude
        var text = (whole < 0 ? "-" : "") + String(magnitude / 1_000_000)
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return text
    }
}

/// Fitting a `CalibrationMatrix` to pressed points: pure arithmetic, no devices.
public enum CalibrationFit {
    /// One press: where the device put it (normalised, through an identity calibration) and
    /// where the crosshair it was aimed at is on the screen (normalised, unrotated).
    public struct Pair: Equatable, Sendable {
        public var device: Point
        public var screen: Point

        public init(device: Point, screen: Point) {
            self.device = device
            self.screen = screen
        }
    }

    /// The affine matrix minimising the squared screen distance over `pairs` (each output row
    /// is an ordinary least-squares fit over [x, y, 1]); exact through 3 pairs. nil for fewer
    /// than 3, or when the device points lie (nearly) on one line, where no single matrix fits.
    public static func fit(_ pairs: [Pair]) -> CalibrationMatrix? {
        guard pairs.count >= 3 else { return nil }
        // Centred on the points' mean, the normal equations stay well conditioned.
        let n = Double(pairs.count)
        let mean = Point(x: pairs.reduce(0) { $0 + $1.device.x } / n, y: pairs.reduce(0) { $0 + $1.device.y } / n)
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        var sx = (x: 0.0, y: 0.0), sy = (x: 0.0, y: 0.0), s1 = (x: 0.0, y: 0.0)
        for pair in pairs {
            let u = pair.device.x - mean.x, v = pair.device.y - mean.y
            sxx += u * u; sxy += u * v; syy += v * v
            sx.x += u * pair.screen.x; sx.y += u * pair.screen.y
            sy.x += v * pair.screen.x; sy.y += v * pair.screen.y
            s1.x += pair.screen.x; s1.y += pair.screen.y
        }
        // With centred inputs the constant term separates: [sxx sxy; sxy syy]·[a; b] = [Σu·X; Σv·X].
        let determinant = sxx * syy - sxy * sxy
        // The spread's area, squared: points along a line (or all at one place) have none.
        let scale = max(sxx, syy)
        guard determinant.isFinite, scale > 1e-12, determinant > 1e-9 * scale * scale else { return nil }
        func solve(_ bu: Double, _ bv: Double, _ total: Double) -> (Double, Double, Double) {
            let a = (bu * syy - bv * sxy) / determinant
            let b = (bv * sxx - bu * sxy) / determinant
            // Back from centred coordinates: X = a·(x - mx) + b·(y - my) + mean(X).
            return (a, b, total / n - a * mean.x - b * mean.y)
        }
        let (a, b, c) = solve(sx.x, sy.x, s1.x)
        let (d, e, f) = solve(sx.y, sy.y, s1.y)
        let values = [a, b, c, d, e, f]
        guard values.allSatisfy(\.isFinite) else { return nil }
        return CalibrationMatrix(values)
    }

    /// How far, in screen pixels, `matrix` puts `pair`'s device point from its crosshair.
    public static func error(of pair: Pair, through matrix: CalibrationMatrix, screen: Size) -> Double {
        let landed = matrix.apply(pair.device)
        let dx = (landed.x - pair.screen.x) * Double(screen.width), dy = (landed.y - pair.screen.y) * Double(screen.height)
        return (dx * dx + dy * dy).squareRoot()
    }
}
