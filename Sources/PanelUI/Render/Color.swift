/// An sRGB colour with straight (not premultiplied) alpha, as written in descriptions: `#RRGGBB` or `#RRGGBBAA`.
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// From `0xRRGGBB`.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(r: UInt8((rgb >> 16) & 0xFF), g: UInt8((rgb >> 8) & 0xFF), b: UInt8(rgb & 0xFF), a: alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        var digits: [UInt8] = []
        for ch in text.utf8.dropFirst() {
            switch ch {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(ch - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(ch - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(ch - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch digits.count {
        case 3:
            self.init(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17)
        case 6, 8:
            func byte(_ i: Int) -> UInt8 { digits[i] << 4 | digits[i + 1] }
            self.init(r: byte(0), g: byte(2), b: byte(4), a: digits.count == 8 ? byte(6) : 255)
        default:
            return nil
        }
    }

    /// The same colour with its alpha scaled by `factor` (0...1; NaN as 0): disabled controls, fades.
    public func withOpacity(_ factor: Double) -> Color {
        let f = factor.isNaN ? 0 : min(max(factor, 0), 1)
        return Color(r: r, g: g, b: b, a: UInt8((Double(a) * f).rounded()))
    }

    /// Linear blend towards `other` by `t` (0 gives self, 1 gives other; NaN as 0), alpha included.
    public func mixed(with other: Color, _ t: Double) -> Color {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        func lerp(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return Color(r: lerp(r, other.r), g: lerp(g, other.g), b: lerp(b, other.b), a: lerp(a, other.a))
    }

    /// The XRGB8888 pixel of the opaque colour.
    public var xrgb: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    public var description: String {
        let hex = Array("0123456789ABCDEF")
        var s = "#"
        for byte in a == 255 ? [r, g, b] : [r, g, b, a] {
            s.append(hex[Int(byte >> 4)])
            s.append(hex[Int(byte & 0xF)])
        }
        return s
    }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}
