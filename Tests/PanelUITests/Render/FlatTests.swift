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
