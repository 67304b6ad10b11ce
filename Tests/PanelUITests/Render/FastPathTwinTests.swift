import CFill
import Testing

/// Each of CFill's processor-specific paths (x86's string stores, AVX2 where the processor has
/// it) against its portable twin (what aarch64 runs) and a plain Swift reference, over widths,
/// pitches and row counts around the vector sizes. On x86 both paths run; on arm64 (the suite
/// under qemu) the dispatching function is the twin, so the same cases check it there.
@Suite struct FastPathTwinTests {
    /// A deterministic pixel pattern that differs from `colour` only where `odd` says.
    private func rows(width: Int, pitch: Int, count: Int, colour: UInt32, odd: (x: Int, y: Int)?) -> [UInt32] {
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: pitch * count + 8)
        for y in 0..<count { for x in 0..<width { pixels[y * pitch + x] = colour } }
        if let odd { pixels[odd.y * pitch + odd.x] ^= 1 }
        return pixels
    }

    @Test func aFlatCheckAgreesWithItsTwinAndTheReference() {
        let colour: UInt32 = 0xFF20_4060
        var cases = 0
        for width in [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 40, 63, 64, 65, 110] {
            for pitch in [width, width + 3] {
                for count in [1, 2, 5] {
                    var odds: [(x: Int, y: Int)?] = [nil]
                    for y in Set([0, count - 1]) { for x in Set([0, width / 2, width - 1]) { odds.append((x, y)) } }
                    for odd in odds {
                        let pixels = rows(width: width, pitch: pitch, count: count, colour: colour, odd: odd)
                        let expected: Int32 = odd == nil ? 1 : 0
                        pixels.withUnsafeBufferPointer { p in
                            let fast = panel_rows_flat(p.baseAddress, pitch, width, count, colour)
                            let twin = panel_rows_flat_portable(p.baseAddress, pitch, width, count, colour)
                            #expect(fast == expected && twin == expected, "width \(width) pitch \(pitch) rows \(count) odd \(String(describing: odd))")
                        }
                        cases += 1
                    }
                }
            }
        }
        #expect(cases > 300)
    }

    @Test func aCopyOfRowsAgreesWithItsTwin() {
        for width in [1, 3, 4, 5, 8, 9, 17, 64, 65, 110] {
            for (toPitch, fromPitch) in [(width, width), (width + 5, width + 2)] {
                let count = 4
                let from = (0..<(fromPitch * count)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
                var fast = [UInt32](repeating: 7, count: toPitch * count)
                var twin = fast
                var reference = fast
                for y in 0..<count { for x in 0..<width { reference[y * toPitch + x] = from[y * fromPitch + x] } }
                from.withUnsafeBufferPointer { f in
                    fast.withUnsafeMutableBufferPointer { panel_copy_rows($0.baseAddress, toPitch, f.baseAddress, fromPitch, width, count) }
                    twin.withUnsafeMutableBufferPointer { panel_copy_rows_portable($0.baseAddress, toPitch, f.baseAddress, fromPitch, width, count) }
                }
                #expect(fast == reference, "copy: width \(width) pitches \(toPitch)/\(fromPitch)")
                #expect(twin == reference, "portable copy: width \(width) pitches \(toPitch)/\(fromPitch)")
            }
        }
    }

    @Test func aFillAndARepeatedRowAgreeWithTheirTwins() {
        for count in [0, 1, 3, 4, 31, 1000] {
            var fast = [UInt32](repeating: 1, count: count + 2)
            var twin = fast
            fast.withUnsafeMutableBufferPointer { panel_fill32($0.baseAddress! + 1, 0xCAFE_F00D, count) }
            twin.withUnsafeMutableBufferPointer { panel_fill32_portable($0.baseAddress! + 1, 0xCAFE_F00D, count) }
            let reference = [1] + [UInt32](repeating: 0xCAFE_F00D, count: count) + [1]
            #expect(fast == reference && twin == reference, "fill of \(count)")
        }
        for (width, pitch) in [(5, 5), (64, 64), (5, 9), (64, 70)] {
            for count in [0, 1, 2, 63] {
                var fast = (0..<(pitch * (count + 2))).map { UInt32($0) }
                var twin = fast
                var reference = fast
                for y in 1...max(count, 1) where count > 0 { for x in 0..<width { reference[y * pitch + x] = reference[x] } }
                fast.withUnsafeMutableBufferPointer { panel_repeat_row($0.baseAddress, width, pitch, count) }
                twin.withUnsafeMutableBufferPointer { panel_repeat_row_portable($0.baseAddress, width, pitch, count) }
                #expect(fast == reference, "repeat: width \(width) pitch \(pitch) count \(count)")
                #expect(twin == reference, "portable repeat: width \(width) pitch \(pitch) count \(count)")
            }
        }
    }
}
