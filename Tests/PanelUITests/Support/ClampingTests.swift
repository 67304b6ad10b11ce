import Testing
import PanelUI

/// `init(clamping:)` of a floating-point number and `Int(pixels:)`: the extremes a file, a
/// message, a device or a clock can hand the program give an end of the range, never a trap.
struct ClampingTests {
    static let twoTo63 = 9_223_372_036_854_775_808.0
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, twoTo63, -twoTo63,
                                     Double(Int32.max) + 1, -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude]

    @Test func intSaturatesAtItsEndsAndTakesNaNAsZero() {
        #expect(Int(clamping: Double.nan) == 0)
        #expect(Int(clamping: Double.infinity) == .max)
        #expect(Int(clamping: -Double.infinity) == .min)
        #expect(Int(clamping: 1e300) == .max && Int(clamping: -1e300) == .min)
        #expect(Int(clamping: Self.twoTo63) == .max, "2^63 is Double(Int.max): one past Int")
        #expect(Int(clamping: -Self.twoTo63) == .min, "-2^63 is Int.min exactly")
        #expect(Int(clamping: Self.twoTo63.nextDown) == 9_223_372_036_854_774_784, "the largest Double below 2^63 fits")
        #expect(Int(clamping: -0.0) == 0)
        #expect(Int(clamping: 2.9) == 2 && Int(clamping: -2.9) == -2, "truncated towards zero, as Int(_:)")
    }

    @Test func narrowerIntegersSaturateAtTheirOwnEnds() {
        #expect(Int32(clamping: Double(Int32.max) + 1) == .max)
        #expect(Int32(clamping: Double(Int32.max)) == .max)
        #expect(Int32(clamping: Double(Int32.max) - 0.5) == Int32.max - 1)
        #expect(Int32(clamping: Double(Int32.min) - 1) == .min)
        #expect(UInt8(clamping: 255.9) == 255 && UInt8(clamping: 256.0) == 255 && UInt8(clamping: -1.0) == 0)
        #expect(UInt8(clamping: -0.0) == 0 && UInt8(clamping: Double.nan) == 0)
        #expect(UInt32(clamping: 1e300) == .max && UInt64(clamping: -1e300) == 0)
        #expect(Int64(clamping: Float.infinity) == .max && Int32(clamping: Float(Int32.max)) == .max, "Float(Int32.max) is 2^31")
    }

    @Test func theOrderOfNumbersIsKept() {
        let ordered = Self.extremes.filter { !$0.isNaN }.sorted()
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            #expect(Int(clamping: a) <= Int(clamping: b), "\(a) and \(b)")
            #expect(Int32(clamping: a) <= Int32(clamping: b) && UInt8(clamping: a) <= UInt8(clamping: b), "\(a) and \(b)")
            #expect(Int(pixels: a) <= Int(pixels: b), "\(a) and \(b)")
        }
    }

    @Test func pixelsStayWithinTheLimitEitherWay() {
        let limit = Int.pixelLimit
        #expect(limit == 1 << 30)
        #expect(Int(pixels: .nan) == 0)
        #expect(Int(pixels: .infinity) == limit && Int(pixels: -.infinity) == -limit)
        #expect(Int(pixels: 1e300) == limit && Int(pixels: -1e300) == -limit)
        #expect(Int(pixels: Self.twoTo63) == limit && Int(pixels: Double(Int32.max) + 1) == limit)
        #expect(Int(pixels: -0.0) == 0 && Int(pixels: 799.7) == 799 && Int(pixels: -3.5) == -3)
        // Sums and differences of a few such values never overflow.
        #expect(Int(pixels: 1e300) * 4 - Int(pixels: -1e300) * 4 > 0)
    }
}
