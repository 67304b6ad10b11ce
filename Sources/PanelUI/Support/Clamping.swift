/// Floating-point numbers turned into integers without trapping.
///
/// Swift's `Int(x)` stops the process (SIGILL) when `x` is NaN, infinite or outside the
/// integer's range, and a Double in this program can come from outside: a description, a
/// socket or MQTT message, the state file, a device's attribute, a clock, a touch through a
/// calibration matrix. Every Double that becomes an integer goes through `init(clamping:)`
/// (or is range-checked right where it is converted), so the worst odd input can do is give
/// an end of the range.
extension FixedWidthInteger {
    /// `value` truncated towards zero, as `Self(value)`, but saturating instead of trapping:
    /// a value at or past an end of the integer's range (±infinity included) gives `min` or
    /// `max`, and NaN gives 0. `Int(clamping: 1e300) == Int.max`, `UInt8(clamping: -3.0) == 0`.
    @inlinable
    public init<Source: BinaryFloatingPoint>(clamping value: Source) {
        if value.isNaN {
            self = 0
        } else if value <= Source(Self.min) {
            // Self.min is 0 or -2^(bits-1): exact in any binary floating-point type.
            self = Self.min
        } else if value >= Source(Self.max) {
            // Source(Self.max) is Self.max or, rounded up, 2^bits(-1): every value below it fits.
            self = Self.max
        } else {
            self = Self(value)
        }
    }
}

extension Int {
    /// How far a pixel coordinate or length made from a Double may go either way: 2^30, past
    /// any screen, list or font, and far enough from Int's ends that the sums and differences
    /// layout takes of a few such values never overflow.
    public static let pixelLimit = 1 << 30

    /// `value` (rounded as the caller wants first) as whole pixels: truncated towards zero,
    /// held to -`pixelLimit`...`pixelLimit`, NaN as 0.
    @inlinable
    public init(pixels value: Double) {
        let limit = Double(Int.pixelLimit)
        self = value.isNaN ? 0 : Int(Swift.min(Swift.max(value, -limit), limit))
    }
}
