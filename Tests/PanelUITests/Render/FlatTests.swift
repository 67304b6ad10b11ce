import Testing
@testable import PanelUI

/// The check before kept text or a kept widget is copied: every pixel of the rectangle, and
/// none beside it, decides. Widths around the vector sizes (4 and 8 pixels a load, the last
/// load overlapping the ones before it) and the 40 to 110 pixels of kept pictures.
struct FlatTests {
    static let colour: UInt32 = 0x00FF_FFFF
    static let widths = Array(1...34) + [40, 53, 91, 105]

    @Test(arguments: [false, true])
    func everyPixelOfTheRectangleDecides(portably: Bool) {
        for width in Self.widths {
            let rect = Rect(x: 3, y: 2, width: width, height: 3)
            let buffer = PixelBuffer(width: width + 7, height: 7, fill: Self.colour)
            func flat() -> Bool { portably ? buffer.isFlatPortably(rect, colour: Self.colour) : buffer.isFlat(rect, colour: Self.colour) }
            #expect(flat(), "an all-white \(width)-pixel rectangle")
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX {
                    // One bit off is enough.
                    buffer[x, y] = Self.colour ^ 0x0000_0100
                    #expect(!flat(), "pixel (\(x), \(y)) of a \(width)-pixel rectangle differs")
                    buffer[x, y] = Self.colour
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func pixelsBesideTheRectangleDoNot(portably: Bool) {
        for width in Self.widths {
            let rect = Rect(x: 3, y: 2, width: width, height: 3)
            let buffer = PixelBuffer(width: width + 7, height: 7, fill: 0x0012_3456)
            buffer.fill(rect, with: Self.colour)
            let flat = portably ? buffer.isFlatPortably(rect, colour: Self.colour) : buffer.isFlat(rect, colour: Self.colour)
            #expect(flat, "a \(width)-pixel rectangle framed by another colour")
        }
    }
}

/// Kept rows copied onto a buffer: every pixel of the rectangle from its place in the kept
/// picture, none beside it, at widths around the vector sizes.
struct CopyRowsTests {
    @Test(arguments: [false, true])
    func copiesExactlyTheRectangle(portably: Bool) {
        for width in FlatTests.widths {
            // The kept picture is wider than the part copied from it, which starts one pixel in.
            let pitch = width + 5
            let kept = (0..<(pitch * 4)).map { UInt32($0 &* 2_654_435_761 & 0x00FF_FFFF) }
            let buffer = PixelBuffer(width: width + 7, height: 8, fill: 0x0012_3456)
            let part = Rect(x: 3, y: 2, width: width, height: 3)
            kept.withUnsafeBufferPointer { kept in
                let source = kept.baseAddress! + pitch + 1
                if portably { buffer.copyRowsPortably(into: part, from: source, pitch: pitch) } else { buffer.copyRows(into: part, from: source, pitch: pitch) }
            }
            for y in 0..<buffer.height {
                for x in 0..<buffer.width {
                    let inside = (part.minX..<part.maxX).contains(x) && (part.minY..<part.maxY).contains(y)
                    let expected = inside
                        ? kept[(y - part.minY + 1) * pitch + (x - part.minX + 1)] : 0x0012_3456
                    #expect(buffer[x, y] == expected, "pixel (\(x), \(y)) of a \(width)-pixel copy")
                }
            }
        }
    }
}
