import Testing
@testable import PanelUI

/// Promises of `CheckboxPainter` that pictures can't show: it stays in its frame through every
/// animation, all animations rest on the same pixels, and turning off replays turning on.
struct CheckboxPainterTests {
    static let background: UInt32 = 0x123456
    static let steps = (0...100).map { Double($0) / 100 }

    func style(_ boxType: BoxType, on: CheckboxAnimation, off: CheckboxAnimation, hideBox: Bool = false,
               lineWidth: Double = 2) -> CheckboxStyle {
        var style = CheckboxStyle.standard(boxType: boxType, accent: Color(rgb: 0x007AFF))
        style.onAnimation = on
        style.offAnimation = off
        style.hideBox = hideBox
        style.lineWidth = lineWidth
        style.boxFillColor = Color(rgb: 0xFFF4C2)
        return style
    }

    /// The pixels of one drawing on a plain background, frame at (6, 6).
    func pixels(_ painter: CheckboxPainter, side: Int = 32, onness: Double, turningOn: Bool) -> [UInt32] {
        let buffer = PixelBuffer(width: side + 12, height: side + 12, fill: Self.background)
        painter.draw(in: Canvas(buffer: buffer), frame: Rect(x: 6, y: 6, width: side, height: side), onness: onness, turningOn: turningOn)
        return Array(buffer.pixels)
    }

    @Test(arguments: CheckboxAnimation.allCases, [BoxType.square, .circle])
    func staysInsideItsFrame(_ animation: CheckboxAnimation, _ boxType: BoxType) {
        for (width, height, lineWidth, hideBox) in [(32, 32, 2.0, false), (33, 33, 4.0, false), (64, 48, 1.0, false), (24, 24, 2.0, true)] {
            let buffer = PixelBuffer(width: width + 4, height: height + 4, fill: Self.background)
            let frame = Rect(x: 2, y: 2, width: width, height: height)
            let painter = CheckboxPainter(style: style(boxType, on: animation, off: animation, hideBox: hideBox, lineWidth: lineWidth))
            for onness in Self.steps + [-0.5, 1.5, .nan] {
                for turningOn in [true, false] {
                    painter.draw(in: Canvas(buffer: buffer), frame: frame, onness: onness, turningOn: turningOn)
                }
            }
            var outside = 0, inside = 0
            for y in 0..<buffer.height {
                for x in 0..<buffer.width where buffer[x, y] != Self.background {
                    if frame.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { inside += 1 } else { outside += 1 }
                }
            }
            #expect(outside == 0, "\(animation) \(boxType) \(width)x\(height)")
            #expect(inside > width, "it drew something")
        }
    }

    /// Every animation starts on the off look and ends on the on look, pixel for pixel, so a
    /// settled checkbox looks the same whichever animation brought it there.
    @Test(arguments: [BoxType.square, .circle], [false, true])
    func allAnimationsRestOnTheSamePixels(_ boxType: BoxType, hideBox: Bool) {
        let reference = CheckboxPainter(style: style(boxType, on: .stroke, off: .stroke, hideBox: hideBox))
        let off = pixels(reference, onness: 0, turningOn: true), on = pixels(reference, onness: 1, turningOn: true)
        #expect(off != on)
        for animation in CheckboxAnimation.allCases {
            let painter = CheckboxPainter(style: style(boxType, on: animation, off: animation, hideBox: hideBox))
            for turningOn in [true, false] {
                #expect(pixels(painter, onness: 0, turningOn: turningOn) == off, "\(animation) off")
                #expect(pixels(painter, onness: 1, turningOn: turningOn) == on, "\(animation) on")
            }
        }
    }

    /// Turning off draws the off animation's on mapping at the same onness: with one animation
    /// both ways a reversal mid-way doesn't jump; with two, only the animation differs.
    @Test(arguments: CheckboxAnimation.allCases)
    func turningOffPlaysTheOnMappingBackwards(_ offAnimation: CheckboxAnimation) {
        for onAnimation in CheckboxAnimation.allCases {
            let mixed = CheckboxPainter(style: style(.square, on: onAnimation, off: offAnimation))
            let offOnly = CheckboxPainter(style: style(.square, on: offAnimation, off: .fade))
            for onness in [0.1, 0.3, 0.5, 0.7, 0.9] {
                let falling = pixels(mixed, onness: onness, turningOn: false)
                #expect(falling == pixels(offOnly, onness: onness, turningOn: true), "\(onAnimation)/\(offAnimation) at \(onness)")
                if onAnimation == offAnimation {
                    #expect(falling == pixels(mixed, onness: onness, turningOn: true))
                }
            }
        }
    }

    /// No frame of an animation jumps: between steps of 1/100 of the time the picture changes by
    /// far less than the whole change from off to on.
    @Test(arguments: CheckboxAnimation.allCases)
    func animationsMoveSmoothly(_ animation: CheckboxAnimation) {
        let painter = CheckboxPainter(style: style(.circle, on: animation, off: animation), onImage: nil)
        func difference(_ a: [UInt32], _ b: [UInt32]) -> Int {
            zip(a, b).reduce(0) { sum, pair in
                sum + [16, 8, 0].reduce(0) { $0 + abs(Int(pair.0 >> $1 & 0xFF) - Int(pair.1 >> $1 & 0xFF)) }
            }
        }
        let whole = difference(pixels(painter, onness: 0, turningOn: true), pixels(painter, onness: 1, turningOn: true))
        var previous = pixels(painter, onness: 0, turningOn: true)
        for onness in Self.steps.dropFirst() {
            let current = pixels(painter, onness: onness, turningOn: true)
            #expect(difference(previous, current) < whole / 8, "\(animation) at \(onness)")
            previous = current
        }
    }

    /// With hide_box the standard look's white check would vanish on a white row: it takes the
    /// outline colour, while a check on a clear fill keeps its own colour.
    @Test func hiddenBoxKeepsTheCheckVisible() {
        var standard = style(.square, on: .stroke, off: .stroke, hideBox: true)
        #expect(CheckboxPainter(style: standard).checkColor == standard.onTintColor)
        standard.onFillColor = .clear
        standard.onCheckColor = Color(rgb: 0x34C759)
        #expect(CheckboxPainter(style: standard).checkColor == Color(rgb: 0x34C759))
        standard.hideBox = false
        standard.onFillColor = Color(rgb: 0x007AFF)
        #expect(CheckboxPainter(style: standard).checkColor == Color(rgb: 0x34C759))
    }

    /// With pictures the vector box is not drawn: at rest exactly the picture, aspect-fit and centred.
    @Test func picturesRestOnThePictureAlone() throws {
        let on = try FixtureImages.load("checkbox-on"), off = try FixtureImages.load("checkbox-off")
        let painter = CheckboxPainter(style: style(.square, on: .bounce, off: .bounce), onImage: on, offImage: off)
        for (onness, image) in [(0.0, off), (1.0, on)] {
            let buffer = PixelBuffer(width: 44, height: 44, fill: Self.background)
            Canvas(buffer: buffer).drawImage(image, in: RectF(x: 6, y: 6, width: 32, height: 32))
            #expect(pixels(painter, onness: onness, turningOn: true) == Array(buffer.pixels))
        }
    }

    @Test func intrinsicSizeIsTheSeeds() {
        #expect(CheckboxPainter.intrinsicSize(labelWidth: nil) == Size(width: 40, height: 40))
        #expect(CheckboxPainter.intrinsicSize(labelWidth: 0) == Size(width: 40, height: 40))
        #expect(CheckboxPainter.intrinsicSize(labelWidth: 112) == Size(width: 160, height: 40))
        #expect(CheckboxPainter.intrinsicSize(labelWidth: 111.2) == Size(width: 160, height: 40))
    }
}
