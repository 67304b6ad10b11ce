import PanelUI
import Testing

let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

@Suite struct TextTests {
    @Test func measureIsPositiveAndDeterministic() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 20)
        let width = font.measure("Wi-Fi")
        #expect(width > 20 && width < 80)
        #expect(font.measure("Wi-Fi") == width)
        #expect(try Font(path: dejaVuSans, pixelSize: 20).measure("Wi-Fi") == width)
        #expect(font.measure("") == 0)
        #expect(font.measure("Wi-Fi Wi-Fi") > 2 * width)
    }

    @Test func kerningPullsPairsTogether() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 40)
        #expect(font.measure("AV") < font.measure("A") + font.measure("V"))
        let whole = Canvas(buffer: PixelBuffer(width: 80, height: 50, fill: 0))
        whole.drawText("AV", font: font, origin: Point(x: 5, y: 40), color: .white)
        let parts = Canvas(buffer: PixelBuffer(width: 80, height: 50, fill: 0))
        parts.drawText("A", font: font, origin: Point(x: 5, y: 40), color: .white)
        parts.drawText("V", font: font, origin: Point(x: 5 + font.measure("AV") - font.measure("V"), y: 40), color: .white)
        #expect(differences(whole.buffer, parts.buffer).isEmpty)
    }

    @Test func metricsArePlausible() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 20)
        #expect(font.pixelSize == 20)
        #expect(font.ascent > 14 && font.ascent < 22)
        #expect(font.descent > 2 && font.descent < 8)
        #expect(font.lineHeight >= font.ascent + font.descent)
    }

    @Test func drawingStaysWithinTheMeasuredBox() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 20)
        let c = Canvas(buffer: PixelBuffer(width: 120, height: 60, fill: 0))
        let origin = Point(x: 10, y: 40)
        c.drawText("Wi-Fi gjq", font: font, origin: origin, color: .white)
        let bearing = 2.0
        let box = RectF(x: origin.x - bearing, y: origin.y - font.ascent - 1,
                        width: font.measure("Wi-Fi gjq") + 2 * bearing, height: font.ascent + font.descent + 2)
        var inked = 0
        for y in 0..<60 {
            for x in 0..<120 where c.buffer[x, y] != 0 {
                inked += 1
                let inside = Double(x) >= box.minX && Double(x) < box.maxX && Double(y) >= box.minY && Double(y) < box.maxY
                #expect(inside, "ink at (\(x),\(y)) outside \(box)")
            }
        }
        #expect(inked > 100)
    }

    @Test func drawingIsDeterministic() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 14)
        let a = Canvas(buffer: PixelBuffer(width: 100, height: 30, fill: 0x336699))
        let b = Canvas(buffer: PixelBuffer(width: 100, height: 30, fill: 0x336699))
        a.drawText("Bluetooth", font: font, origin: Point(x: 4.3, y: 20.2), color: .white)
        b.drawText("Bluetooth", font: font, origin: Point(x: 4.3, y: 20.2), color: .white)
        #expect(differences(a.buffer, b.buffer).isEmpty)
    }

    @Test func clipLeavesOutsideUntouched() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 28)
        var c = Canvas(buffer: PixelBuffer(width: 160, height: 50, fill: 0))
        c.clip = Rect(x: 30, y: 10, width: 40, height: 20)
        c.drawText("Wi-Fi", font: font, origin: Point(x: 5, y: 35), color: .white)
        var inside = 0
        for y in 0..<50 {
            for x in 0..<160 where c.buffer[x, y] != 0 {
                #expect(c.clip.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)), "ink at (\(x),\(y))")
                inside += 1
            }
        }
        #expect(inside > 20)
    }

    @Test func opaqueTextHasFullyCoveredPixelsOfTheExactColour() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 28)
        let c = Canvas(buffer: PixelBuffer(width: 40, height: 40, fill: 0))
        let color = Color(r: 12, g: 200, b: 99)
        c.drawText("I", font: font, origin: Point(x: 10, y: 32), color: color)
        #expect(c.buffer.pixels.contains(color.xrgb))
        #expect(c.buffer.pixels.allSatisfy { $0 == 0 || ($0 >> 8) & 0xFF >= ($0 & 0xFF) })
    }

    @Test func cacheReturnsOneFontPerPathAndSize() throws {
        let cache = FontCache()
        let a = try cache.font(path: dejaVuSans, pixelSize: 14)
        #expect(try cache.font(path: dejaVuSans, pixelSize: 14) === a)
        #expect(try cache.font(path: dejaVuSans, pixelSize: 20) !== a)
        #expect(try cache.font(path: dejaVuSans, pixelSize: 20).measure("Wi-Fi") == Font(path: dejaVuSans, pixelSize: 20).measure("Wi-Fi"))
    }

    @Test func missingFontNamesThePath() {
        let error = #expect(throws: FontError.self) { try Font(path: "/nonexistent/x.ttf", pixelSize: 14) }
        #expect(error?.path == "/nonexistent/x.ttf")
        #expect(error?.message == "cannot open font file /nonexistent/x.ttf: no such file (install fonts-dejavu-core or fix `font:`)")
        #expect(throws: FontError.self) { try FontCache().font(path: "/nonexistent/x.ttf", pixelSize: 14) }
    }

    @Test func garbageFontNamesThePath() {
        let path = temporaryPath("garbage.ttf")
        writeBytes(Array("this is not a font".utf8), to: path)
        let error = #expect(throws: FontError.self) { try Font(path: path, pixelSize: 14) }
        #expect(error?.path == path)
        #expect(error?.message.contains(path) == true)
    }

    @Test func nonPositiveSizeIsAnError() {
        #expect(throws: FontError.self) { try Font(path: dejaVuSans, pixelSize: 0) }
    }
}
