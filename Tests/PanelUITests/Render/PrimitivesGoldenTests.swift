import PanelUI
import Testing

@Suite struct PrimitivesGoldenTests {
    /// One sheet of every primitive, to look at and to catch any change in the rendered bytes.
    @Test func primitivesSheet() throws {
        let buffer = PixelBuffer(width: 400, height: 300, fill: 0x1E2430)
        var c = Canvas(buffer: buffer)
        let accent = Color(r: 0x2F, g: 0x80, b: 0xED)
        let track = Color(r: 0x55, g: 0x5E, b: 0x6E)

        // Rounded rects, a capsule (switch track with knob), a checkbox outline.
        c.fillRoundedRect(RectF(x: 10, y: 10, width: 80, height: 50), radius: 10, color: accent)
        c.fillRoundedRect(RectF(x: 100.5, y: 10.25, width: 80, height: 50), radius: 4.5, color: Color(r: 0xE0, g: 0x40, b: 0x40, a: 160))
        c.fillRoundedRect(RectF(x: 190, y: 18, width: 64, height: 34), radius: 100, color: accent)
        c.fillCircle(center: Point(x: 237, y: 35), radius: 14, color: .white)
        c.fillRoundedRect(RectF(x: 264, y: 18, width: 64, height: 34), radius: 100, color: track)
        c.fillCircle(center: Point(x: 281, y: 35), radius: 14, color: Color(r: 0xDD, g: 0xDD, b: 0xDD))
        c.strokeRoundedRect(RectF(x: 341, y: 20, width: 30, height: 30), radius: 5, lineWidth: 2, color: track)

        // Circles and rings at whole and fractional centres.
        c.fillCircle(center: Point(x: 30, y: 95), radius: 20, color: Color(r: 0x30, g: 0xC0, b: 0x70))
        c.fillCircle(center: Point(x: 80.5, y: 95.5), radius: 3.2, color: .white)
        c.strokeCircle(center: Point(x: 130, y: 95), radius: 18, lineWidth: 1, color: .white)
        c.strokeCircle(center: Point(x: 180.3, y: 95.7), radius: 18, lineWidth: 4, color: accent)
        c.strokeCircle(center: Point(x: 230, y: 95), radius: 18, lineWidth: 8, color: Color(r: 0xFF, g: 0xC0, b: 0x20, a: 150))

        // Checkboxes with a check mark at line widths 2, 3, 4; the last one translucent.
        for (i, width) in [2.0, 3.0, 4.0].enumerated() {
            let x = 270 + Double(i) * 42
            c.fillRoundedRect(RectF(x: x, y: 76, width: 36, height: 36), radius: 6, color: accent)
            let check = [Point(x: x + 8, y: 94), Point(x: x + 15, y: 101), Point(x: x + 28, y: 85)]
            c.strokePolyline(check, lineWidth: width, color: i == 2 ? Color(r: 255, g: 255, b: 255, a: 140) : .white)
        }

        // Text at 14, 20 and 28 px.
        let cache = FontCache()
        var y = 145.0
        for size in [14, 20, 28] {
            let font = try cache.font(path: dejaVuSans, pixelSize: size)
            y += font.ascent
            c.drawText("Wi-Fi \u{2022} AV Ty 0.6 gjq", font: font, origin: Point(x: 10, y: y), color: .white)
            y += font.descent + 6
        }

        // A small image with alpha, scaled up, over a split background to show its edges.
        c.fill(Rect(x: 10, y: 240, width: 60, height: 50), color: Color(r: 0xF0, g: 0xF0, b: 0xF0))
        c.drawImage(ringIcon(), in: RectF(x: 20, y: 242, width: 48, height: 48))
        c.drawImage(ringIcon(), in: RectF(x: 80.5, y: 250.5, width: 16, height: 16))

        // A disabled control: the same switch and checkbox at opacity 0.6.
        c.opacity = 0.6
        c.fillRoundedRect(RectF(x: 120, y: 245, width: 64, height: 34), radius: 100, color: accent)
        c.fillCircle(center: Point(x: 167, y: 262), radius: 14, color: .white)
        c.fillRoundedRect(RectF(x: 200, y: 244, width: 36, height: 36), radius: 6, color: accent)
        c.strokePolyline([Point(x: 208, y: 262), Point(x: 215, y: 269), Point(x: 228, y: 253)], lineWidth: 3, color: .white)
        c.drawText("disabled", font: try cache.font(path: dejaVuSans, pixelSize: 20), origin: Point(x: 250, y: 268), color: .white)

        // Clipped: a circle cut by the clip rectangle.
        c.opacity = 1
        c.clip = Rect(x: 340, y: 240, width: 50, height: 25)
        c.fillCircle(center: Point(x: 365, y: 265), radius: 22, color: Color(r: 0xE0, g: 0x40, b: 0x40))

        expectGolden(buffer, named: "primitives")
    }

    /// 12×12 orange ring with a transparent centre and outside, drawn by hand so the test needs no file.
    func ringIcon() -> Image {
        var rgba: [UInt8] = []
        for y in 0..<12 {
            for x in 0..<12 {
                let d = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: Point(x: 6, y: 6))
                let alpha = min(max(1.5 - abs(d - 4), 0), 1)
                rgba += [255, 140, 0, UInt8((alpha * 255).rounded())]
            }
        }
        return Image(width: 12, height: 12, rgba: rgba)
    }
}
