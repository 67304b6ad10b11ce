/// Text over one colour, kept as the pixels its glyphs leave on it: for a string in a font and
/// a colour, over the colour under its start, each glyph's coverage blended once (with
/// `Paint.blend`, as drawing it does) and kept from frame to frame. Drawing the string again
/// then copies four kept pixels wherever the four under them are still that colour, instead of
/// blending them; anywhere else (another glyph's ink, a highlight's edge) it blends as before.
/// A kept pixel is a function of the pixel under it and its coverage alone, so the bytes are
/// the same either way. Labels in a list are drawn on their row's one colour nearly always.
///
/// At most `maxPixels` pixels are kept, so a long list, many colours or a big scale can't grow
/// it without bound. One renderer thread uses it; the painter holds one per panel.
final class BlendedText {
    struct Key: Hashable {
        var text: String
        var direction: TextDirection?
        var font: ObjectIdentifier
        var pixel: UInt32
        var alpha: UInt32
        var under: UInt32
    }

    /// The glyphs of one string blended over `under`, one after the other, each laid out as
    /// its coverage is (rows of `Glyph.width`), so a glyph's pixels start where the coverage of
    /// the glyphs before it would end. It holds its font, so the font's identity in the key
    /// can't be taken by another font while it is kept.
    final class Images {
        let font: Font
        let under: UInt32
        let pixels: [UInt32]

        init(font: Font, under: UInt32, pixels: [UInt32]) {
            self.font = font
            self.under = under
            self.pixels = pixels
        }
    }

    /// 1 MB of pixels.
    static let maxPixels = 1 << 18

    private var kept: [Key: Images] = [:]
    private var pixelCount = 0
    /// Pixels kept now, for tests.
    var keptPixels: Int { pixelCount }

    /// `glyphs` (the font's for `text` in `direction`) blended in `paint` over `under`.
    func images(of text: String, direction: TextDirection?, glyphs: [PlacedGlyph], font: Font, paint: Paint,
                under: UInt32) -> Images {
        let key = Key(text: text, direction: direction, font: ObjectIdentifier(font), pixel: paint.pixel, alpha: paint.alpha, under: under)
        if let found = kept[key] { return found }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(glyphs.reduce(0) { $0 + $1.glyph.coverage.count })
        for placed in glyphs {
            for c in placed.glyph.coverage {
                var pixel = under
                if c != 0 { paint.blend(&pixel, alpha: paint.alpha(coverage8: UInt32(c))) }
                pixels.append(pixel)
            }
        }
        let images = Images(font: font, under: under, pixels: pixels)
        guard pixels.count <= Self.maxPixels / 4 else { return images }
        if pixelCount + pixels.count > Self.maxPixels {
            kept.removeAll(keepingCapacity: true)
            pixelCount = 0
        }
        kept[key] = images
        pixelCount += pixels.count
        return images
    }
}
