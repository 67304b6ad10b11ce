import PanelUI
import Testing

@Suite struct ShapeTests {
    let background: UInt32 = 0x203040
    let red = Color(r: 220, g: 30, b: 40)

    func canvas(width: Int = 80, height: Int = 60) -> Canvas {
        Canvas(buffer: PixelBuffer(width: width, height: height, fill: background))
    }

    /// Pixels outside `box` that differ from the background.
    func touchedOutside(_ buffer: PixelBuffer, _ box: Rect) -> Int {
        var count = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where !box.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                if buffer[x, y] != background { count += 1 }
            }
        }
        return count
    }

    @Test func roundedRectInteriorIsExactAndNothingOutsideItsBox() {
        let c = canvas()
        c.fillRoundedRect(RectF(x: 10.3, y: 12.7, width: 50.2, height: 30.4), radius: 8, color: red)
        #expect(c.buffer[35, 27] == red.xrgb)
        #expect(c.buffer[12, 28] == red.xrgb)
        #expect(touchedOutside(c.buffer, Rect(x: 10, y: 12, width: 51, height: 32)) == 0)
        // Corners are cut: the bounding box's corner pixel keeps the background.
        #expect(c.buffer[10, 12] == background)
    }

    @Test func partiallyCoveredEdgePixelIsStrictlyBetween() {
        let c = canvas()
        c.fillRoundedRect(RectF(x: 10.5, y: 10, width: 30, height: 20), radius: 0, color: .white)
        let edge = c.buffer[10, 20]
        #expect(edge == referenceBlend(background, .white, coverage: 0.5))
        #expect(edge != background && edge != Color.white.xrgb)
        #expect(c.buffer[11, 20] == Color.white.xrgb)
    }

    @Test func circleCoverageIsSymmetric() {
        let c = canvas(width: 40, height: 40)
        c.fillCircle(center: Point(x: 20, y: 20), radius: 13.3, color: red)
        for y in 0..<40 {
            for x in 0..<40 {
                let p = c.buffer[x, y]
                #expect(p == c.buffer[39 - x, y] && p == c.buffer[x, 39 - y] && p == c.buffer[y, x], "at (\(x),\(y))")
            }
        }
        #expect(c.buffer[20, 20] == red.xrgb)
        #expect(c.buffer[20, 6] != background && c.buffer[20, 6] != red.xrgb, "edge pixel is anti-aliased")
    }

    @Test func opacityScalesAlpha() {
        var c = Canvas(buffer: PixelBuffer(width: 10, height: 10, fill: 0))
        c.opacity = 0.6
        c.fill(Rect(x: 0, y: 0, width: 5, height: 10), color: .white)
        c.fillRoundedRect(RectF(x: 5, y: 0, width: 5, height: 10), radius: 0, color: Color(r: 255, g: 255, b: 255, a: 128))
        #expect(c.buffer[2, 5] == 0x999999)  // 255 × 0.6 = 153
        #expect(c.buffer[7, 5] == 0x4D4D4D)  // 128 × 0.6 = 76.8 → 77
    }

    @Test func translucentFillBlendsOverBackground() {
        let c = canvas()
        let half = Color(r: 255, g: 0, b: 0, a: 128)
        c.fill(Rect(x: 5, y: 5, width: 10, height: 10), color: half)
        #expect(c.buffer[7, 7] == referenceBlend(background, half, coverage: 1))
        #expect(c.buffer[4, 7] == background && c.buffer[15, 7] == background)
    }

    @Test(arguments: [
        (RectF(x: 3.25, y: 4.6, width: 60.3, height: 40.1), 9.7),
        (RectF(x: 5, y: 5, width: 70, height: 20), 100.0),   // capsule
        (RectF(x: 10.5, y: 8.5, width: 30, height: 30), 0.3),
        (RectF(x: 20.1, y: 20.2, width: 0.8, height: 15), 2.0),
    ])
    func filledShapesMatchTheReference(rect: RectF, radius: Double) {
        for color in [red, Color(r: 10, g: 200, b: 90, a: 170)] {
            for opacity in [1.0, 0.6] {
                var c = canvas()
                c.opacity = opacity
                c.fillRoundedRect(rect, radius: radius, color: color)
                let expected = PixelBuffer(width: 80, height: 60, fill: background)
                referenceDraw(expected, color, opacity: opacity) { x, y in
                    0.5 - referenceRoundedRectDistance(x, y, rect, radius: radius)
                }
                #expect(differences(c.buffer, expected).isEmpty, "\(differences(c.buffer, expected))")
            }
        }
    }

    /// A row across a box's top or bottom edge, or a ring's, is blended with one alpha between
    /// the corners: over pixels that all differ it must still match the reference pixel by pixel,
    /// at the corners' ends and with edges off the pixel grid.
    @Test(arguments: [
        (RectF(x: 4.3, y: 6.6, width: 71.2, height: 20.3), 9.5),
        (RectF(x: 2, y: 3, width: 76, height: 50), 12.0),
        (RectF(x: 10.5, y: 5.25, width: 60.5, height: 0.5), 0.2),
        (RectF(x: 1.7, y: 2.4, width: 77, height: 54.9), 0.0),
    ])
    func shapesOverChangingPixelsMatchTheReference(rect: RectF, radius: Double) {
        func noise() -> PixelBuffer {
            let b = PixelBuffer(width: 80, height: 60)
            for y in 0..<60 { for x in 0..<80 { b[x, y] = UInt32(truncatingIfNeeded: (x &* 2654435761) ^ (y &* 40503)) & 0xFFFFFF } }
            return b
        }
        let translucent = Color(r: 10, g: 200, b: 90, a: 170)
        let filled = Canvas(buffer: noise()), expected = noise()
        filled.fillRoundedRect(rect, radius: radius, color: translucent)
        referenceDraw(expected, translucent) { x, y in 0.5 - referenceRoundedRectDistance(x, y, rect, radius: radius) }
        #expect(differences(filled.buffer, expected).isEmpty, "fill: \(differences(filled.buffer, expected))")
        let stroked = Canvas(buffer: noise()), expectedRing = noise()
        stroked.strokeRoundedRect(rect, radius: radius, lineWidth: 1.5, color: red)
        referenceDraw(expectedRing, red) { x, y in 0.75 + 0.5 - abs(referenceRoundedRectDistance(x, y, rect, radius: radius)) }
        #expect(differences(stroked.buffer, expectedRing).isEmpty, "stroke: \(differences(stroked.buffer, expectedRing))")
    }

    @Test func opaqueFastPathEqualsPixelAlignedFill() {
        let a = canvas(), b = canvas()
        a.fillRoundedRect(RectF(x: 7, y: 9, width: 40, height: 30), radius: 0, color: red)
        b.fill(Rect(x: 7, y: 9, width: 40, height: 30), color: red)
        #expect(differences(a.buffer, b.buffer).isEmpty)
    }

    @Test(arguments: [1.0, 2.5, 4.0])
    func strokesMatchTheReference(lineWidth: Double) {
        let rect = RectF(x: 8.4, y: 6.2, width: 50, height: 36.5)
        let color = Color(r: 240, g: 240, b: 250, a: 200)
        let c = canvas()
        c.strokeRoundedRect(rect, radius: 10, lineWidth: lineWidth, color: color)
        c.strokeCircle(center: Point(x: 66.3, y: 40.7), radius: 9, lineWidth: lineWidth, color: red)
        let expected = PixelBuffer(width: 80, height: 60, fill: background)
        referenceDraw(expected, color) { x, y in
            lineWidth / 2 + 0.5 - abs(referenceRoundedRectDistance(x, y, rect, radius: 10))
        }
        referenceDraw(expected, red) { x, y in
            lineWidth / 2 + 0.5 - abs(Point(x: x, y: y).distance(to: Point(x: 66.3, y: 40.7)) - 9)
        }
        #expect(differences(c.buffer, expected).isEmpty, "\(differences(c.buffer, expected))")
        #expect(c.buffer[33, 24] == background, "the ring's hole is untouched")
    }

    @Test func clipLimitsEveryShape() {
        var c = canvas()
        c.clip = Rect(x: 20, y: 10, width: 30, height: 30)
        c.fillRoundedRect(RectF(x: 0, y: 0, width: 80, height: 60), radius: 12, color: red)
        c.strokeCircle(center: Point(x: 40, y: 30), radius: 25, lineWidth: 3, color: .white)
        c.strokePolyline([Point(x: 0, y: 0), Point(x: 80, y: 60)], lineWidth: 4, color: .white)
        c.fill(Rect(x: 0, y: 0, width: 80, height: 60), color: Color(r: 0, g: 0, b: 255, a: 40))
        #expect(touchedOutside(c.buffer, c.clip) == 0)
        #expect(c.buffer[20, 10] != background && c.buffer[49, 39] != background)
    }

    @Test func clipOutsideTheBufferIsHarmless() {
        var c = canvas()
        c.clip = Rect(x: -50, y: -50, width: 500, height: 500)
        c.fillCircle(center: Point(x: 0, y: 0), radius: 200, color: red)
        c.fillRoundedRect(RectF(x: -1e12, y: 5, width: 2e12, height: .infinity), radius: 3, color: red)
        c.strokePolyline([Point(x: -1e300, y: 0), Point(x: 1e300, y: 30)], lineWidth: 2, color: red)
        #expect(c.buffer[79, 59] == red.xrgb)
    }

    /// A fill as wide as the buffer goes as one run, a narrower one row by row: either way
    /// every pixel inside gets the reference blend and nothing outside changes.
    @Test(arguments: [Rect(x: 0, y: 7, width: 80, height: 30), Rect(x: -5, y: -5, width: 200, height: 20),
                      Rect(x: 13, y: 4, width: 41, height: 50), Rect(x: 79, y: 59, width: 5, height: 5)])
    func fillsGiveTheReferencePixels(_ rect: Rect) {
        for color in [red, red.withOpacity(0.5)] {
            for clip in [Rect(x: 0, y: 0, width: 80, height: 60), Rect(x: 7, y: 3, width: 61, height: 50)] {
                var c = canvas()
                c.clip = clip
                c.fill(rect, color: color)
                for y in 0..<60 {
                    for x in 0..<80 {
                        let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        let inside = rect.contains(centre) && clip.contains(centre)
                        #expect(c.buffer[x, y] == (inside ? referenceBlend(background, color, coverage: 1) : background), "pixel \(x),\(y)")
                    }
                }
            }
        }
    }

    /// A box's middle rows reuse the spans and edge coverage of the first of them; drawing
    /// one row at a time (a clip per row, so nothing is reused) must give the same bytes.
    @Test func roundedRectRowsReusedEqualRowsComputed() {
        let boxes: [(RectF, Double)] = [
            (RectF(x: 10, y: 5, width: 50, height: 40), 10), (RectF(x: 10.3, y: 12.7, width: 50.2, height: 30.4), 8),
            (RectF(x: 4.5, y: 3.25, width: 61.7, height: 47.9), 0), (RectF(x: 4.6, y: 3.6, width: 30.2, height: 40.7), 0.3),
            (RectF(x: 20.1, y: 2.2, width: 22.2, height: 50.5), 0.5), (RectF(x: 5.75, y: 7.5, width: 3.4, height: 44.1), 1.2),
            (RectF(x: 30, y: 10, width: 0.6, height: 30), 0), (RectF(x: 12.2, y: 9.9, width: 40, height: 40), 20),
        ]
        for (rect, radius) in boxes {
            for color in [red, red.withOpacity(0.4)] {
                let whole = canvas(), byRow = canvas()
                // A background that differs per row, so a reused pixel value would show.
                for c in [whole, byRow] {
                    for y in 0..<60 { c.fill(Rect(x: 0, y: y, width: 80, height: 1), color: Color(rgb: UInt32(0x102030 + y * 0x030201))) }
                }
                whole.fillRoundedRect(rect, radius: radius, color: color)
                for y in 0..<60 {
                    var row = byRow
                    row.clip = Rect(x: 0, y: y, width: 80, height: 1)
                    row.fillRoundedRect(rect, radius: radius, color: color)
                }
                #expect(Array(whole.buffer.pixels) == Array(byRow.buffer.pixels), "\(rect) radius \(radius)")
            }
        }
    }
}
