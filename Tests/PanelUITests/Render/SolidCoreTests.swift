import Testing
@testable import PanelUI

/// The switch leaves its knob's shadow out where the knob covers whole: `Canvas.solidCore` must
/// name only pixels a fill of the box covers whole, and `Canvas.beside` must draw exactly what
/// the canvas draws, outside the hole.
@Suite struct SolidCoreTests {
    /// Boxes at odd positions and sizes, round and capsule-shaped, pressed knobs among them.
    static let boxes: [(rect: RectF, radius: Double)] = [
        (RectF(x: 10.3, y: 12.7, width: 27, height: 27), 13.5), (RectF(x: 4, y: 4, width: 26.999, height: 27), 13.5),
        (RectF(x: 5.5, y: 3.25, width: 33.75, height: 27), 13.5), (RectF(x: 2, y: 2, width: 3, height: 3), 1.5),
        (RectF(x: 7.1, y: 9.9, width: 40.6, height: 20.2), 10.1), (RectF(x: 1, y: 1, width: 12, height: 30), 0),
        (RectF(x: 3.5, y: 3.5, width: 1, height: 1), 0.5), (RectF(x: 20.49, y: 11.51, width: 14.02, height: 14.02), 7.01),
    ]

    @Test(arguments: 0..<8)
    func theCoreIsCoveredWhole(box: Int) {
        let (rect, radius) = Self.boxes[box]
        guard let core = Canvas.solidCore(of: rect, radius: radius) else {
            #expect(rect.width < 2 || rect.height < 2, "a box two pixels across has a core")
            return
        }
        for masks in [nil, ShapeMasks()] {
            var canvas = Canvas(buffer: PixelBuffer(width: 64, height: 48, fill: 0))
            canvas.shapeMasks = masks
            canvas.fillRoundedRect(rect, radius: radius, color: .white)
            for y in core.minY..<core.maxY {
                for x in core.minX..<core.maxX {
                    #expect(canvas.buffer[x, y] == Color.white.xrgb, "(\(x), \(y)) of \(rect) r \(radius)")
                }
            }
        }
    }

    /// A fill leaving a hole alone draws exactly the fill's pixels outside it, through a kept
    /// mask and clipped; drawn directly (a widget in motion) it draws the hole too.
    @Test func aFillLeavingAHoleAloneDrawsTheRestExactly() {
        func gradient() -> PixelBuffer {
            let buffer = PixelBuffer(width: 64, height: 48)
            for y in 0..<48 { for x in 0..<64 { buffer[x, y] = UInt32(x * 4) << 16 | UInt32(y * 5) << 8 | UInt32((x * y) & 0xFF) } }
            return buffer
        }
        let rect = RectF(x: 8.3, y: 6.6, width: 40, height: 30.5), color = Color(r: 0, g: 0, b: 0, a: 22)
        let hole = Rect(x: 17, y: 12, width: 21, height: 15)
        for clip in [nil, Rect(x: 12, y: 3, width: 30, height: 20), Rect(x: 20, y: 14, width: 9, height: 5)] as [Rect?] {
            let whole = Canvas(buffer: gradient(), clip: clip)
            whole.fillRoundedRect(rect, radius: 15.25, color: color)
            let untouched = gradient()
            for masks in [ShapeMasks(), nil] {
                var around = Canvas(buffer: gradient(), clip: clip)
                around.shapeMasks = masks
                around.fillRoundedRect(rect, radius: 15.25, color: color, leavingAlone: hole)
                var wrong = 0
                for y in 0..<48 {
                    for x in 0..<64 {
                        let inHole = masks != nil && hole.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                        if around.buffer[x, y] != (inHole ? untouched[x, y] : whole.buffer[x, y]) { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "clip \(String(describing: clip)), masks \(masks != nil)")
            }
        }
    }
}
