@testable import PanelUI
import Testing

/// `BlendedText`: text drawn by copying its ink kept blended over one colour must give the
/// bytes blending every pixel gives, over that colour, over anything else under part of it,
/// clipped, translucent, faded, with glyphs that overlap or start left of the pen, from a
/// whole pixel or not, and when drawn again from what it kept.
@Suite struct BlendedTextTests {
    /// Strings whose glyph boxes overlap (kerning, a ligature, marks over their base) and plain ones.
    static let strings = ["Setting 12", "AV Ty Wo", "ffi fl", "e\u{301}a\u{308}o\u{302}", "gjq |", "j"]

    /// A flat row colour with, under part of the text, pixels of other colours (a highlight's edge).
    static func ground(_ flat: UInt32, stripe: Bool) -> PixelBuffer {
        let buffer = PixelBuffer(width: 180, height: 48, fill: flat)
        if stripe {
            for y in 0..<48 { for x in 40..<52 { buffer[x, y] = UInt32(x * 9 & 0xFF) << 16 | UInt32(y * 5 & 0xFF) } }
            buffer[90, 30] = flat ^ 0x01
        }
        return buffer
    }

    @Test(arguments: [false, true])
    func keptGlyphsGiveTheBlendedBytes(stripe: Bool) throws {
        let font = try Font(path: dejaVuSans, pixelSize: 22)
        let cache = BlendedText()
        let colours = [Color(r: 0, g: 0, b: 0), Color(r: 0x3C, g: 0x3C, b: 0x43, a: 0x99), Color(r: 0xFF, g: 0x95, b: 0)]
        let clips = [Rect(x: 0, y: 0, width: 180, height: 48), Rect(x: 20, y: 25, width: 100, height: 10), Rect(x: 0, y: 0, width: 61, height: 48),
                     Rect(x: 0, y: 20, width: 180, height: 20)]
        for text in Self.strings {
            for color in colours {
                for clip in clips {
                    for opacity in [1, 0.6] {
                        for origin in [Point(x: 1, y: 32), Point(x: 6.4, y: 32), Point(x: 40, y: 31.6)] {
                            var plain = Canvas(buffer: Self.ground(0xFFFFFF, stripe: stripe), clip: clip)
                            plain.opacity = opacity
                            plain.drawText(text, font: font, origin: origin, color: color)
                            // Twice: the first draw keeps the text, the second copies it.
                            for round in 0..<2 {
                                var kept = Canvas(buffer: Self.ground(0xFFFFFF, stripe: stripe), clip: clip)
                                kept.opacity = opacity
                                kept.blendedText = cache
                                kept.drawText(text, font: font, origin: origin, color: color)
                                #expect(differences(plain.buffer, kept.buffer).isEmpty, "\(text) \(color) \(clip) \(opacity) \(origin) round \(round)")
                            }
                        }
                    }
                }
            }
        }
        #expect(cache.keptPixels > 0)
        // Over the flat colour at least, text from a whole pixel is copied.
        #expect(cache.copies > 0)
    }

    /// The same text over another colour is kept apart: its copy must not bring the first colour's pixels.
    @Test func anotherGroundIsAnotherEntry() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 22)
        let cache = BlendedText()
        for ground: UInt32 in [0xFFFFFF, 0xF2F2F7, 0xFFFFFF] {
            let plain = Canvas(buffer: PixelBuffer(width: 180, height: 48, fill: ground))
            plain.drawText("Setting 12", font: font, origin: Point(x: 6, y: 32), color: .black)
            var kept = Canvas(buffer: PixelBuffer(width: 180, height: 48, fill: ground))
            kept.blendedText = cache
            kept.drawText("Setting 12", font: font, origin: Point(x: 6, y: 32), color: .black)
            #expect(differences(plain.buffer, kept.buffer).isEmpty, "over \(ground)")
        }
    }

    /// Bounded: many strings can't keep more than `maxPixels`.
    @Test func keepsAtMostItsBudget() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 40)
        let cache = BlendedText()
        var canvas = Canvas(buffer: PixelBuffer(width: 400, height: 60, fill: 0xFFFFFF))
        canvas.blendedText = cache
        for n in 0..<600 {
            canvas.drawText("Label number \(n)", font: font, origin: Point(x: 2, y: 45), color: .black)
            #expect(cache.keptPixels <= BlendedText.maxPixels)
        }
    }
}
