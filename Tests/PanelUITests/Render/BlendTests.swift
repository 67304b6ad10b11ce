import Testing
@testable import PanelUI

/// The four-pixel blend is the one-pixel blend lane by lane, bit for bit: every coverage with
/// every colour alpha, and many random pixels, colours and alphas (X byte of the destination set too).
struct BlendTests {
    @Test func fourCoveragesGiveTheAlphasOfOne() {
        for alpha in 1...255 {
            let paint = Paint(Color(r: 10, g: 20, b: 30, a: UInt8(alpha)), opacity: 1)!
            for c in stride(from: 0, through: 255, by: 4) {
                let four = SIMD4<UInt16>(UInt16(c), UInt16(c + 1), UInt16(c + 2), UInt16(min(c + 3, 255)))
                let got = paint.alphas(coverage8: four)
                for lane in 0..<4 {
                    #expect(UInt32(got[lane]) == paint.alpha(coverage8: UInt32(four[lane])), "alpha \(alpha), coverage \(four[lane])")
                }
            }
        }
    }

    @Test func fourPixelsBlendAsOne() {
        var random = SplitMix64(seed: 0xB1E4D)
        for round in 0..<20_000 {
            let color = Color(r: UInt8(truncatingIfNeeded: random.next()), g: UInt8(truncatingIfNeeded: random.next()),
                              b: UInt8(truncatingIfNeeded: random.next()), a: UInt8(truncatingIfNeeded: random.next() | 1))
            let paint = Paint(color, opacity: 1)!
            // Edge alphas often: 0, 1, 254, 255.
            let alphas = SIMD4<UInt16>((0..<4).map { _ in
                let r = random.next()
                return UInt16(r % 5 == 0 ? [0, 1, 254, 255][Int(r / 5 % 4)] : r % 256)
            })
            var four = (0..<4).map { _ in UInt32(truncatingIfNeeded: random.next()) & (round % 2 == 0 ? 0x00FF_FFFF : 0xFFFF_FFFF) }
            var one = four
            four.withUnsafeMutableBufferPointer { paint.blend4($0.baseAddress!, alphas: alphas) }
            one.withUnsafeMutableBufferPointer { p in
                for lane in 0..<4 { paint.blend(p.baseAddress! + lane, alpha: UInt32(alphas[lane])) }
            }
            if four != one {
                Issue.record("colour \(color), alphas \(alphas): \(four) != \(one)")
                return
            }
        }
    }
}
