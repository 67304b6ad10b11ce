import Glibc
import PanelUI
import Testing

/// Fonts read through a descriptor, not a mapping (issue 11): a font file truncated in place
/// under a running panel made the next glyph not yet cached read past the mapping's end,
/// and SIGBUS killed the process. On the old code the first test here dies of SIGBUS (and
/// takes the test run with it); the built binary's side is in panelTests' FontFaultTests.
@Suite struct FontFileTests {
    /// A copy of DejaVu Sans under /tmp that the test may truncate or replace.
    func copyOfDejaVu(_ name: String) throws -> TemporaryFile {
        let copy = TemporaryFile(name)
        let bytes = try #require(readBytes(dejaVuSans))
        writeBytes(bytes, to: copy.path)
        return copy
    }

    func ink(_ text: String, _ font: Font) -> Int {
        let canvas = Canvas(buffer: PixelBuffer(width: 400, height: 40, fill: 0))
        canvas.drawText(text, font: font, origin: Point(x: 4, y: 30), color: .white)
        return canvas.buffer.pixels.count(where: { $0 != 0 })
    }

    @Test func aFontTruncatedInPlaceLeavesNewGlyphsOutAndSaysSoOnce() throws {
        let copy = try copyOfDejaVu("truncated.ttf")
        let cache = FontCache()
        var reports: [String] = []
        cache.report = { reports.append($0) }
        let font = try cache.font(path: copy.path, pixelSize: 20)
        let small = try cache.font(path: copy.path, pixelSize: 12)
        let cachedWidth = font.measure("Wi-Fi")
        #expect(ink("Wi-Fi", font) > 0)
        #expect(truncate(copy.path, 1000) == 0)

        // Glyphs not yet cached must now be read from the file: nothing is left to read.
        #expect(ink("XYZ", font) == 0, "left out, not drawn from garbage")
        #expect(font.measure("QK") == 0)
        #expect(ink("Bluetooth", small) == 0)
        #expect(font.measure("Wi-Fi") == cachedWidth, "cached glyphs still draw")
        #expect(ink("Wi-Fi", font) > 0)
        #expect(reports.count == 1, "once for the file, whatever the size: \(reports)")
        let report = try #require(reports.first)
        #expect(report.contains(copy.path) && report.contains("shorter than when panel opened it"), "\(report)")

        // Looking the font up again (a reload) opens the file afresh, which now fails.
        #expect(throws: FontError.self) { try cache.font(path: copy.path, pixelSize: 20) }
    }

    /// A font replaced by a rename keeps drawing from the file it opened; the next lookup
    /// (a reload) opens the new one.
    @Test func aReplacedFontKeepsWorkingAndReloadsTakeTheNewFile() throws {
        let copy = try copyOfDejaVu("replaced.ttf")
        let cache = FontCache()
        var reports: [String] = []
        cache.report = { reports.append($0) }
        let font = try cache.font(path: copy.path, pixelSize: 20)
        #expect(ink("A", font) > 0)
        let other = try #require(readBytes("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
        let next = TemporaryFile("replaced.ttf.new")
        writeBytes(other, to: next.path)
        #expect(rename(next.path, copy.path) == 0)
        #expect(ink("Bluetooth", font) > 0, "the old file is still open")
        #expect(font.measure("Bluetooth") == (try Font(path: dejaVuSans, pixelSize: 20)).measure("Bluetooth"))
        let reloaded = try cache.font(path: copy.path, pixelSize: 20)
        #expect(reloaded !== font)
        #expect(reloaded.measure("Bluetooth") == (try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", pixelSize: 20)).measure("Bluetooth"))
        #expect(try cache.font(path: copy.path, pixelSize: 20) === reloaded, "unchanged since: the same font")
        #expect(reports.isEmpty)
    }

    @Test func aFontPathThatIsNotARegularFileIsRefusedAtOnce() throws {
        let fifo = TemporaryFile("font.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for path in [fifo.path, "/dev/zero", "/tmp"] {
            #expect(throws: FontError.self, "\(path)") { try Font(path: path, pixelSize: 20) }
        }
        do {
            _ = try Font(path: fifo.path, pixelSize: 20)
            Issue.record("a FIFO was opened as a font")
        } catch {
            #expect(error.message.contains("not a regular file"), "\(error.message)")
        }
    }
}
