import CFreeType
import Glibc

/// One FreeType face at one pixel size, with its rendered glyphs cached.
public final class Font {
    public let pixelSize: Int
    /// Above the baseline, in pixels.
    public let ascent: Double
    /// Below the baseline, positive, in pixels.
    public let descent: Double
    /// Baseline to baseline, at least ascent + descent.
    public let lineHeight: Double

    private let library: FreeTypeLibrary
    /// The file the face reads from: kept alive as long as the face.
    private let file: FontFile
    /// This face's own stream over the file (FreeType keeps a position in it).
    private let stream: UnsafeMutablePointer<FT_StreamRec>
    private let face: FT_Face
    private let hasKerning: Bool
    private var glyphs: [FT_UInt: Glyph] = [:]
    /// Advances of strings already measured and labels already cut to a width: every frame
    /// measures and fits the same labels again.
    private var advances = BoundedMemo<String, Int>(limit: maxMemoized)
    private var truncations = BoundedMemo<Truncation, String>(limit: maxMemoized)
    /// Strings drawn so far, as their glyphs and pen positions: drawing the same labels every
    /// frame then costs no character map, kerning or glyph cache look-up per character.
    private var placements = BoundedMemo<String, [PlacedGlyph]>(limit: maxMemoized)
    /// Strings kept in each memo, at most; then it starts afresh.
    static let maxMemoized = 256

    private struct Truncation: Hashable {
        var text: String
        var width: Double
    }

    public convenience init(path: String, pixelSize: Int) throws(FontError) {
        try self.init(file: FontFile(path: path), pixelSize: pixelSize, library: FreeTypeLibrary(forFont: path))
    }

    init(file: FontFile, pixelSize: Int, library: FreeTypeLibrary) throws(FontError) {
        let path = file.path
        guard pixelSize > 0 else {
            throw FontError(path: path, message: "font size \(pixelSize) for \(path) must be a positive number of pixels")
        }
        let stream = file.makeStream()
        var arguments = FT_Open_Args()
        arguments.flags = FT_UInt(FT_OPEN_STREAM)
        arguments.stream = stream
        var loaded: FT_Face?
        let error = FT_Open_Face(library.handle, &arguments, 0, &loaded)
        guard error == 0, let loaded else {
            stream.deallocate()
            throw FontError(path: path, message: "cannot use font file \(path): not a font FreeType can read (FreeType error \(error))")
        }
        let sizeError = FT_Set_Pixel_Sizes(loaded, 0, FT_UInt(pixelSize))
        guard sizeError == 0 else {
            FT_Done_Face(loaded)
            stream.deallocate()
            throw FontError(path: path, message: "font \(path) has no \(pixelSize) px size (FreeType error \(sizeError))")
        }
        self.library = library
        self.file = file
        self.stream = stream
        self.pixelSize = pixelSize
        face = loaded
        hasKerning = loaded.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        let metrics = loaded.pointee.size.pointee.metrics
        ascent = Double(metrics.ascender) / 64
        descent = Double(-metrics.descender) / 64
        // Hinting rounds the three metrics separately, which can leave the height a pixel short
        // of ascent + descent (DejaVu Sans at 20 px: 23 < 19 + 5); lines stacked by it would touch.
        lineHeight = max(Double(metrics.height) / 64, ascent + descent)
    }

    deinit {
        FT_Done_Face(face)
        stream.deallocate()
    }

    /// Advance width in pixels, kerning included: where the pen ends after `drawText`.
    public func measure(_ text: String) -> Double {
        Double(advances.value(for: text) { layout(text) { _, _ in } }) / 64
    }

    /// `text` as it fits in `width` pixels: whole when it fits, otherwise as many leading
    /// characters as leave room for "…" after them (UILabel's tail truncation), and "" when
    /// not even the ellipsis fits.
    public func truncated(_ text: String, toWidth width: Double) -> String {
        guard measure(text) > width else { return text }
        return truncations.value(for: Truncation(text: text, width: width)) {
            let characters = Array(text)
            func shortened(_ count: Int) -> String {
                var kept = characters[..<count]
                while kept.last?.isWhitespace == true { kept.removeLast() }
                return String(kept) + Self.ellipsis
            }
            // The longest prefix that fits, by bisection (a longer prefix is never narrower);
            // the candidates are measured without the memo, which they would only crowd.
            var fits = -1, tooLong = characters.count
            while tooLong - fits > 1 {
                let middle = (fits + tooLong) / 2
                if Double(layout(shortened(middle)) { _, _ in }) / 64 <= width { fits = middle } else { tooLong = middle }
            }
            return fits < 0 ? "" : shortened(fits)
        }
    }

    static let ellipsis = "\u{2026}"

    /// Walks the glyphs of `text`, giving each with its pen position (26.6 fixed point, from the
    /// origin); returns the final pen position. Characters the face lacks draw its missing glyph.
    func layout(_ text: String, _ visit: (Glyph, Int) -> Void) -> Int {
        var pen = 0
        var previous: FT_UInt = 0
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if hasKerning, previous != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, FT_KERNING_DEFAULT.rawValue, &delta) == 0 {
                    pen += delta.x
                }
            }
            let glyph = self.glyph(index)
            visit(glyph, pen)
            pen += glyph.advance
            previous = index
        }
        return pen
    }

    /// `layout(text)`'s glyphs and pen positions, kept for the next time `text` is drawn.
    func placed(_ text: String) -> [PlacedGlyph] {
        placements.value(for: text) {
            var glyphs: [PlacedGlyph] = []
            _ = layout(text) { glyph, pen in glyphs.append(PlacedGlyph(glyph: glyph, pen: pen)) }
            return glyphs
        }
    }

    private func glyph(_ index: FT_UInt) -> Glyph {
        if let cached = glyphs[index] { return cached }
        let glyph = render(index)
        glyphs[index] = glyph
        return glyph
    }

    /// A glyph FreeType can't load or render (a damaged font, or one truncated since it was
    /// opened) is cached as an empty one with no advance, so text with it still draws; the
    /// font file reports the first such failure.
    private func render(_ index: FT_UInt) -> Glyph {
        let error = FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_RENDER))
        guard error == 0 else {
            file.glyphFailed(UInt32(index), error: error, pixelSize: pixelSize)
            return Glyph.empty
        }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer {
            let pitch = Int(bitmap.pitch)
            let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
            for y in 0..<rows {
                let src = buffer + y * pitch
                for x in 0..<width {
                    coverage[y * width + x] = mono ? ((src[x >> 3] >> (7 - UInt8(x & 7))) & 1) * 255 : src[x]
                }
            }
        }
        return Glyph(width: width, rows: rows, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
                     advance: Int(slot.advance.x), coverage: coverage)
    }
}

/// A glyph of a laid-out string and its pen position (26.6 fixed point, from the origin).
struct PlacedGlyph {
    let glyph: Glyph
    let pen: Int
}

/// A rendered glyph: 8-bit coverage rows, placed relative to the pen on the baseline.
struct Glyph {
    let width: Int
    let rows: Int
    /// Pixels from the pen to the bitmap's left edge.
    let left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    let top: Int
    /// 26.6 fixed point.
    let advance: Int
    let coverage: [UInt8]

    static let empty = Glyph(width: 0, rows: 0, left: 0, top: 0, advance: 0, coverage: [])
}
