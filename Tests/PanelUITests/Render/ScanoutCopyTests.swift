import Testing
@testable import PanelUI

/// The damage copy into scanout memory: every rotation, both formats, padded rows.
struct ScanoutCopyTests {
    static func frame(_ logical: Size) -> PixelBuffer {
        let frame = PixelBuffer(size: logical)
        for i in frame.pixels.indices { frame.pixels[i] = UInt32(truncatingIfNeeded: i &* 0x9E3779B1) & 0xFFFFFF }
        return frame
    }

    /// A damaged rectangle inside a small frame, and one across several of the quarter turn's
    /// 16-pixel tiles starting and ending mid-tile.
    static let cases = [(Size(width: 7, height: 5), Rect(x: 2, y: 1, width: 4, height: 3)),
                        (Size(width: 53, height: 41), Rect(x: 3, y: 5, width: 45, height: 33)),
                        (Size(width: 53, height: 41), Rect(x: 0, y: 0, width: 53, height: 41))]

    @Test(arguments: Rotation.allCases, ScanoutFormat.allCases)
    func damagedRectangleMatchesTheReferenceCopy(rotation: Rotation, format: ScanoutFormat) {
        for (logical, damage) in Self.cases {
            check(logical: logical, damage: damage, rotation: rotation, format: format)
        }
    }

    func check(logical: Size, damage: Rect, rotation: Rotation, format: ScanoutFormat) {
        let frame = Self.frame(logical)
        let screen = rotation == .r0 || rotation == .r180 ? logical : Size(width: logical.height, height: logical.width)
        let expected = PixelBuffer(size: screen, fill: 0xABCDEF)
        expected.copyRotated(from: frame, rect: damage, rotation: rotation)

        let pitch = screen.width * format.bytesPerPixel + 8  // drivers pad rows (to whole words)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * screen.height, alignment: 4)
        defer { memory.deallocate() }
        let fill = ScanoutTarget(base: memory, pitch: pitch, size: screen, format: format)
        let background = PixelBuffer(size: screen, fill: 0xABCDEF)
        background.copyRotated(rect: background.bounds, rotation: .r0, into: fill)
        frame.copyRotated(rect: damage, rotation: rotation, into: fill)

        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let row = memory + y * pitch
                let actual: UInt32, wanted: UInt32
                switch format {
                case .xrgb8888:
                    actual = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    wanted = expected[x, y]
                case .rgb565:
                    actual = UInt32(row.load(fromByteOffset: x * 2, as: UInt16.self))
                    wanted = UInt32(ScanoutFormat.rgb565(expected[x, y]))
                }
                #expect(actual == wanted, "(\(x), \(y)) at \(rotation) in \(format), \(damage) of \(logical)")
            }
        }
    }

    @Test func rgb565KeepsTheTopBitsOfEachChannel() {
        #expect(ScanoutFormat.rgb565(0xFFFFFF) == 0xFFFF)
        #expect(ScanoutFormat.rgb565(0xF80000) == 0xF800)
        #expect(ScanoutFormat.rgb565(0x00FC00) == 0x07E0)
        #expect(ScanoutFormat.rgb565(0x0000F8) == 0x001F)
        #expect(ScanoutFormat.rgb565(0x070307) == 0)
    }
}
