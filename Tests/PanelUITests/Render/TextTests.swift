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

    /// Glyph rows are blended four pixels at a time with skip and store shortcuts: every pixel
    /// must still be the reference blend of its coverage, for opaque and translucent colours,
    /// at every alignment of the four-pixel groups and with a clip cutting glyphs.
    @Test(arguments: [(Color(r: 12, g: 200, b: 99), 1.0), (Color(r: 250, g: 20, b: 130), 0.6), (Color(r: 0, g: 0, b: 0, a: 77), 1.0)])
    func blendedTextMatchesTheReferenceBlend(color: Color, opacity: Double) throws {
        let font = try Font(path: dejaVuSans, pixelSize: 22)
        for shift in 0..<4 {
            let origin = Point(x: 3 + Double(shift), y: 26)
            // White on black gives each pixel's 8-bit coverage in every channel.
            let ink = Canvas(buffer: PixelBuffer(width: 120, height: 34, fill: 0))
            ink.drawText("Wag & Bluetooth", font: font, origin: origin, color: .white)
            let background = PixelBuffer(width: 120, height: 34, fill: 0)
            for y in 0..<34 { for x in 0..<120 { background[x, y] = UInt32(x * 2) << 16 | UInt32(y * 7) << 8 | UInt32((x + y) & 0xFF) } }
            var canvas = Canvas(buffer: background)
            canvas.clip = Rect(x: 9, y: 0, width: 93, height: 30)
            canvas.opacity = opacity
            canvas.drawText("Wag & Bluetooth", font: font, origin: origin, color: color)
            var mismatches = 0
            for y in 0..<34 {
                for x in 0..<120 {
                    let original = UInt32(x * 2) << 16 | UInt32(y * 7) << 8 | UInt32((x + y) & 0xFF)
                    let coverage = canvas.clip.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) ? Double(ink.buffer[x, y] & 0xFF) / 255 : 0
                    let expected = coverage > 0 ? referenceBlend(original, color, coverage: coverage, opacity: opacity) : original
                    if background[x, y] != expected { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "shift \(shift)")
        }
    }

    @Test func labelsThatFitAreKeptWhole() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 20)
        let label = "Personal hotspot"
        #expect(font.truncated(label, toWidth: font.measure(label)) == label)
        #expect(font.truncated(label, toWidth: 1000) == label)
    }

    /// UILabel's tail truncation: the longest start of the label that fits with "…" after it.
    @Test(arguments: [40.0, 90.0, 133.5, 200.0])
    func longLabelsAreCutWithAnEllipsis(width: Double) throws {
        let font = try Font(path: dejaVuSans, pixelSize: 20)
        let label = "Wi-Fi with an extraordinarily long label"
        let cut = font.truncated(label, toWidth: width)
        #expect(cut.hasSuffix("\u{2026}"))
        #expect(font.measure(cut) <= width)
        let kept = String(cut.dropLast())
        #expect(label.hasPrefix(kept))
        #expect(kept.last?.isWhitespace != true, "no space before the ellipsis")
        // One more character would not fit.
        let longer = String(label.prefix(kept.count + 1)).trimmingSuffixSpaces() + "\u{2026}"
        #expect(font.measure(longer) > width || longer == cut, "\(longer) fits in \(width) too")
        #expect(font.truncated(label, toWidth: width) == cut, "the same answer from the memo")
    }

    @Test func tooNarrowForTheEllipsisGivesNothing() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 20)
        #expect(font.truncated("Bluetooth", toWidth: font.measure("\u{2026}") - 1) == "")
        #expect(font.truncated("Bluetooth", toWidth: font.measure("\u{2026}")) == "\u{2026}")
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
        let file = TemporaryFile("garbage.ttf")
        writeBytes(Array("this is not a font".utf8), to: file.path)
        let error = #expect(throws: FontError.self) { try Font(path: file.path, pixelSize: 14) }
        #expect(error?.path == file.path)
        #expect(error?.message.contains(file.path) == true)
    }

    @Test func nonPositiveSizeIsAnError() {
        #expect(throws: FontError.self) { try Font(path: dejaVuSans, pixelSize: 0) }
    }
}

private extension String {
    func trimmingSuffixSpaces() -> String {
        var s = Substring(self)
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
