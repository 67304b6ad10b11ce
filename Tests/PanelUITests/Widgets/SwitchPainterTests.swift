import Testing
@testable import PanelUI

struct SwitchPainterTests {
    static let background: UInt32 = 0x123456

    @Test(arguments: [48, 64, 128], [false, true])
    func staysInsideItsFrame(rowHeight: Int, withPictures: Bool) throws {
        let size = SwitchPainter.intrinsicSize(rowHeight: rowHeight)
        let painter = withPictures
            ? SwitchPainter(style: .standard(accent: Color(rgb: 0x007AFF)), onImage: try FixtureImages.load("switch-on"),
                            offImage: try FixtureImages.load("switch-off"), thumbImage: try FixtureImages.load("switch-thumb"))
            : SwitchPainter(style: .standard(accent: Color(rgb: 0x007AFF)))
        let buffer = PixelBuffer(width: size.width + 4, height: size.height + 4, fill: Self.background)
        let frame = Rect(x: 2, y: 2, width: size.width, height: size.height)
        for step in -10...110 {
            for pressed in [false, true] {
                painter.draw(in: Canvas(buffer: buffer), frame: frame, position: Double(step) / 100, pressed: pressed)
            }
        }
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where !frame.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                #expect(buffer[x, y] == Self.background, "(\(x), \(y))")
            }
        }
    }

    /// The program makes a dragged knob follow the finger with these two.
    @Test(arguments: [48, 64, 128])
    func knobCentreAndPositionRoundTrip(rowHeight: Int) {
        let size = SwitchPainter.intrinsicSize(rowHeight: rowHeight)
        let frame = Rect(x: 100, y: 20, width: size.width, height: size.height)
        var last = -Double.infinity
        for step in 0...100 {
            let position = Double(step) / 100
            let x = SwitchPainter.knobCenterX(frame: frame, position: position)
            #expect(x > last)
            #expect(abs(SwitchPainter.position(knobCenterX: x, frame: frame) - position) < 1e-12)
            last = x
        }
        #expect(SwitchPainter.position(knobCenterX: Double(frame.x) - 50, frame: frame) == 0)
        #expect(SwitchPainter.position(knobCenterX: Double(frame.maxX) + 50, frame: frame) == 1)
        #expect(SwitchPainter.knobCenterX(frame: frame, position: 0) > Double(frame.x))
        #expect(SwitchPainter.knobCenterX(frame: frame, position: 1) < Double(frame.maxX))
    }

    @Test func intrinsicSizeHasUISwitchProportions() {
        #expect(SwitchPainter.intrinsicSize(rowHeight: 62) == Size(width: 51, height: 31))
        #expect(SwitchPainter.intrinsicSize(rowHeight: 64) == Size(width: 53, height: 32))
        #expect(SwitchPainter.intrinsicSize(rowHeight: 128) == Size(width: 105, height: 64))
    }

    /// UISwitch's knob widens while touched; released and pressed draws differ only by that.
    @Test func pressedKnobIsWider() {
        let size = SwitchPainter.intrinsicSize(rowHeight: 64)
        let frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        func whiteColumns(pressed: Bool) -> Int {
            let buffer = PixelBuffer(size: size)
            SwitchPainter(style: .standard(accent: Color(rgb: 0x007AFF))).draw(in: Canvas(buffer: buffer), frame: frame, position: 0, pressed: pressed)
            return (0..<size.width).filter { buffer[$0, size.height / 2] == 0xFFFFFF }.count
        }
        #expect(whiteColumns(pressed: true) >= whiteColumns(pressed: false) + 6)
    }
}
