import Testing
@testable import PanelUI

/// Small shapes drawn through kept coverage masks must give exactly the pixels of drawing them
/// directly, on a first draw and on every draw after that reuses the mask.
@Suite struct ShapeMaskTests {
    /// Each draws one shape onto a canvas.
    static let shapes: [(String, @Sendable (Canvas) -> Void)] = [
        ("box", { $0.fillRoundedRect(RectF(x: 10.3, y: 12.7, width: 30.2, height: 20.4), radius: 6, color: Color(r: 220, g: 30, b: 40)) }),
        ("ring", { $0.strokeRoundedRect(RectF(x: 20, y: 8, width: 22, height: 22), radius: 4, lineWidth: 2, color: Color(r: 60, g: 60, b: 67, a: 90)) }),
        ("circle", { $0.fillCircle(center: Point(x: 31.5, y: 24.25), radius: 11.3, color: Color(r: 0, g: 122, b: 255)) }),
        ("circle ring", { $0.strokeCircle(center: Point(x: 30, y: 30), radius: 10.5, lineWidth: 1.25, color: .white) }),
        ("thin ring", { $0.strokeCircle(center: Point(x: 30.7, y: 29.1), radius: 6, lineWidth: 0.4, color: Color(r: 255, g: 200, b: 0)) }),
        ("capsule", { $0.fillRoundedRect(RectF(x: 4, y: 14, width: 51, height: 31), radius: 15.5, color: Color(r: 52, g: 199, b: 89)) }),
        ("check", { $0.strokePolyline([Point(x: 18.5, y: 30.2), Point(x: 26, y: 37.5), Point(x: 42.3, y: 19)], lineWidth: 3.2,
                                      color: Color(r: 255, g: 255, b: 255, a: 200)) }),
        ("dot", { $0.strokePolyline([Point(x: 30.25, y: 20.75)], lineWidth: 5, color: Color(r: 10, g: 20, b: 30)) }),
    ]

    /// A background that differs in every pixel, so any wrong blend shows.
    func gradient() -> PixelBuffer {
        let buffer = PixelBuffer(width: 64, height: 56)
        for y in 0..<56 { for x in 0..<64 { buffer[x, y] = UInt32(x * 4) << 16 | UInt32(y * 4) << 8 | UInt32((x * y) & 0xFF) } }
        return buffer
    }

    @Test(arguments: 0..<8)
    func maskedDrawsEqualDirectDraws(shape: Int) {
        let (name, draw) = Self.shapes[shape]
        let masks = ShapeMasks()
        for (opacity, clip) in [(1.0, nil), (0.6, Rect(x: 13, y: 9, width: 29, height: 17))] as [(Double, Rect?)] {
            var direct = Canvas(buffer: gradient(), clip: clip)
            direct.opacity = opacity
            draw(direct)
            for pass in ["first", "kept"] {
                var masked = Canvas(buffer: gradient(), clip: clip)
                masked.opacity = opacity
                masked.shapeMasks = masks
                draw(masked)
                #expect(differences(masked.buffer, direct.buffer).isEmpty, "\(name), opacity \(opacity), \(pass) mask")
            }
        }
        #expect(masks.count == 1, "one mask for one shape, whatever the colour, opacity and clip")
    }

    @Test func bigShapesAreDrawnDirectly() {
        var canvas = Canvas(buffer: PixelBuffer(width: 200, height: 100))
        canvas.shapeMasks = ShapeMasks()
        canvas.fillRoundedRect(RectF(x: 10, y: 10, width: 180, height: 40), radius: 10, color: .white)
        #expect(canvas.shapeMasks?.count == 0)
        #expect(canvas.buffer[100, 30] == Color.white.xrgb)
    }

    /// A scaling animation makes a new mask every frame; the cache empties instead of growing.
    @Test func theCacheStaysBounded() {
        var canvas = Canvas(buffer: PixelBuffer(width: 64, height: 64))
        canvas.shapeMasks = ShapeMasks()
        for step in 0..<(3 * ShapeMasks.maxCount) {
            canvas.fillCircle(center: Point(x: 32, y: 32), radius: 4 + Double(step) / 16, color: .white)
            #expect(canvas.shapeMasks!.count <= ShapeMasks.maxCount)
        }
        #expect(canvas.shapeMasks!.count > 0)
    }
}
