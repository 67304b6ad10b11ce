/// Text over one colour, kept as the pixels it leaves there: for a string in a font and a
/// colour, over the colour under the start of its baseline, the rectangle its glyphs' ink
/// covers, drawn once (by `blendCoverage`, as drawing it does) over that colour and kept from
/// frame to frame. Drawing the string again where that rectangle is all that colour copies the
/// kept rows; anywhere else (another glyph's ink, a highlight's edge) it blends as before.
/// Each pixel is a function of the pixel under it and the glyphs over it, so the bytes are the
/// same either way. Labels in a list are drawn on their row's one colour nearly always.
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

    /// A string's ink over `under`: `box` is where it lies from the left end of its baseline,
    /// `pixels` its rows. nil pixels when the string can't be kept (a glyph left of its pen's
    /// start, or too big): it is then always blended. It holds its font, so the font's identity
    /// in the key can't be taken by another font while it is kept.
    final class Image {
        let font: Font
        let box: Rect
        let pixels: PixelBuffer?

        init(font: Font, box: Rect, pixels: PixelBuffer?) {
            self.font = font
            self.box = box
            self.pixels = pixels
        }
    }

    /// What a copy of a kept string reads: where its ink lies and its rows. A slot holds these
    /// themselves, not the image, so a row's copy goes from the slot straight to the pixels:
    /// through the image and its buffer it took two more loads, each waiting for the one
    /// before, which on a frame whose data left the caches were two misses a label. Valid while
    /// the image is kept: the slots are forgotten whenever an image is dropped.
    struct Rows {
        let box: Rect
        let pixels: UnsafePointer<UInt32>
    }

    /// 2 MB of pixels.
    static let maxPixels = 1 << 19

    private var kept: [Key: Image] = [:]
    /// What each slot drew last (`rows(of:direction:font:paint:under:slot:)`).
    private var recent = SlotMemo<Key, Rows>()
    private var pixelCount = 0
    /// Pixels kept now, for tests.
    var keptPixels: Int { pixelCount }
    /// Strings drawn from kept pixels, for tests.
    private(set) var copies = 0

    /// `text` in `font` and `paint` over `under`, laid out from a baseline starting at a whole
    /// pixel (0, 0).
    func image(of text: String, direction: TextDirection?, font: Font, paint: Paint, under: UInt32) -> Image {
        image(Key(text: text, direction: direction, font: ObjectIdentifier(font), pixel: paint.pixel, alpha: paint.alpha, under: under),
              font: font, paint: paint)
    }

    /// The rows of that image, nil when it has none (it is never kept: it must be blended).
    /// `slot` (a row's) names where the string was drawn last, so that the same string there is
    /// found again by comparing keys instead of hashing one.
    func rows(of text: String, direction: TextDirection?, font: Font, paint: Paint, under: UInt32, slot: Int? = nil) -> Rows? {
        let key = Key(text: text, direction: direction, font: ObjectIdentifier(font), pixel: paint.pixel, alpha: paint.alpha, under: under)
        if let found = recent.value(for: key, slot: slot) { return found }
        let image = image(key, font: font, paint: paint)
        guard let pixels = image.pixels else { return nil }
        let rows = Rows(box: image.box, pixels: UnsafePointer(pixels.pixels.baseAddress!))
        recent.remember(rows, for: key, slot: slot)
        return rows
    }

    /// The image kept under `key`, drawn and kept when there is none.
    private func image(_ key: Key, font: Font, paint: Paint) -> Image {
        if let found = kept[key] { return found }
        let image = Self.draw(font.placed(key.text, direction: key.direction).glyphs, font: font, paint: paint, under: key.under)
        let size = image.box.area
        // `draw` keeps no pixels for a string over a quarter of the budget.
        guard image.pixels != nil else { return image }
        if pixelCount + size > Self.maxPixels {
            kept.removeAll(keepingCapacity: true)
            // Nor do the slots keep a dropped image beyond the budget.
            recent.forgetAll()
            pixelCount = 0
        }
        kept[key] = image
        pixelCount += size
        return image
    }

    /// Rows being kept as the stores that drew them, told of each copy (`RestingRows`).
    var restingRows: RestingRows?
    /// Changes whenever kept pixels may have been dropped: `Rows` from before are not valid.
    var generation: Int { recent.generation }

    /// Counts a copy of `source`'s rows (`pitch` apart) into `part`, over `under`; `whole`: all of the string's ink.
    func copied(into part: Rect, from source: UnsafePointer<UInt32>, pitch: Int, over under: UInt32, whole: Bool) {
        copies += 1
        restingRows?.record(RestingRows.Store(rect: part, colour: under, source: source, pitch: pitch), whole: whole)
    }

    /// A string was blended, not copied.
    func blended() { restingRows?.spoil() }

    /// The glyphs' ink box and its pixels over `under`. A pen at a whole pixel `x` puts a glyph
    /// at `x + round(pen)` only when the pen is not negative (`Canvas.drawText` rounds their
    /// sum), so a string with a glyph behind its start is not kept.
    private static func draw(_ glyphs: [PlacedGlyph], font: Font, paint: Paint, under: UInt32) -> Image {
        var box: Rect?
        let unkept = Image(font: font, box: Rect(x: 0, y: 0, width: 0, height: 0), pixels: nil)
        for placed in glyphs where placed.glyph.width > 0 && placed.glyph.rows > 0 {
            guard placed.pen >= 0 else { return unkept }
            let ink = Canvas.glyphBox(placed, x: 0, baseline: 0)
            box = box.map { $0.union(ink) } ?? ink
        }
        guard let box, box.area <= maxPixels / 4 else { return unkept }
        let canvas = Canvas(buffer: PixelBuffer(width: box.width, height: box.height, fill: under))
        for placed in glyphs {
            let ink = Canvas.glyphBox(placed, x: -box.minX, baseline: -box.minY)
            placed.glyph.coverage.withUnsafeBufferPointer { coverage in
                canvas.blendCoverage(coverage, width: ink.width, height: ink.height, x: ink.minX, y: ink.minY, paint: paint)
            }
        }
        return Image(font: font, box: box, pixels: canvas.buffer)
    }
}
