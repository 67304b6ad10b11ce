import Testing
@testable import PanelUI

struct RotationTests {
    let logical = Size(width: 3, height: 2)

    @Test(arguments: Rotation.allCases)
    func pointsRoundTrip(_ rotation: Rotation) {
        let p = Point(x: 0.25, y: 1.5)
        let back = rotation.toLogical(rotation.toScreen(p, logical: logical), logical: logical)
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
    }

    @Test func quarterTurnClockwiseMovesTheTopToTheRight() {
        // Logical top-left corner goes to the screen's top-right corner.
        #expect(Rotation.r90.toScreen(Point(x: 0, y: 0), logical: logical) == Point(x: 2, y: 0))
        #expect(Rotation.r270.toScreen(Point(x: 0, y: 0), logical: logical) == Point(x: 0, y: 3))
        #expect(Rotation.r180.toScreen(Point(x: 0, y: 0), logical: logical) == Point(x: 3, y: 2))
        #expect(Rotation.r90.logicalSize(forScreen: Size(width: 800, height: 480)) == Size(width: 480, height: 800))
    }

    /// The rectangle transform, the point transform and the pixel copy must agree:
    /// each is checked against the pixel copy of a buffer whose pixels hold their own index.
    @Test(arguments: Rotation.allCases)
    func copyRectanglesAndPointsAgree(_ rotation: Rotation) {
        let source = PixelBuffer(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { source[x, y] = UInt32(y * 3 + x + 1) } }
        let screenSize = rotation.logicalSize(forScreen: logical)  // a quarter turn swaps either way
        let screen = PixelBuffer(size: screenSize)
        screen.copyRotated(from: source, rect: source.bounds, rotation: rotation)
        for y in 0..<2 {
            for x in 0..<3 {
                let centre = rotation.toScreen(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), logical: logical)
                #expect(screen[Int(centre.x), Int(centre.y)] == source[x, y], "\(rotation) pixel (\(x),\(y))")
                let pixelRect = rotation.toScreen(Rect(x: x, y: y, width: 1, height: 1), logical: logical)
                #expect(pixelRect == Rect(x: Int(centre.x), y: Int(centre.y), width: 1, height: 1))
            }
        }
    }

    @Test(arguments: Rotation.allCases)
    func partialCopyTouchesOnlyItsRectangle(_ rotation: Rotation) {
        let source = PixelBuffer(width: 3, height: 2, fill: 7)
        let screen = PixelBuffer(size: rotation.logicalSize(forScreen: logical))
        let rect = Rect(x: 1, y: 0, width: 2, height: 1)
        screen.copyRotated(from: source, rect: rect, rotation: rotation)
        let expected = rotation.toScreen(rect, logical: logical)
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                #expect(screen[x, y] == (expected.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) ? 7 : 0))
            }
        }
    }
}
