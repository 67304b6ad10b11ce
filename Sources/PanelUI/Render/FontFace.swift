import CFreeType
import CHarfBuzz
import Glibc

/// One FreeType face of one font file at one pixel size, with a HarfBuzz font over it and its
/// rendered glyphs cached by glyph id. A `Font` is a stack of these: the theme's font and its
/// fallbacks.
final class FontFace {
    let pixelSize: Int
    let path: String
    /// Above the baseline, in pixels.
    let ascent: Double
    /// Below the baseline, positive, in pixels.
    let descent: Double
    /// Baseline to baseline, at least ascent + descent.
    let lineHeight: Double

    private let library: FreeTypeLibrary
    /// The file the face reads from: kept alive as long as the face.
    private let file: FontFile
    /// This face's own stream over the file (FreeType keeps a position in it).
    private let stream: UnsafeMutablePointer<FT_StreamRec>
    private let face: FT_Face
    /// HarfBuzz's view of `face` (it holds a reference to the FT_Face of its own), made the
    /// first time a run needs HarfBuzz: a panel whose text is all simple (`SimpleText`) never
    /// touches HarfBuzz's code, which keeps its pages out of memory.
    private var madeShaper: OpaquePointer?
    private var shaper: OpaquePointer {
        if let madeShaper { return madeShaper }
        // hb_ft_font_create_referenced only fails on allocation (HarfBuzz then hands back its
        // empty font, which shapes every glyph as 0: boxes, not a crash).
        let made = hb_ft_font_create_referenced(face) ?? hb_font_get_empty()!
        // Hinted advances, as FT_LOAD_RENDER gives: whole pixels, so Latin text keeps the
        // spacing it had when pens moved by FreeType's own advances.
        hb_ft_font_set_load_flags(made, FT_LOAD_DEFAULT)
        madeShaper = made
        return made
    }
    /// Whether a run has been shaped by HarfBuzz in this face (for tests: simple text is not).
    var madeHarfBuzzFont: Bool { madeShaper != nil }
    /// Hinted advances (26.6) of glyphs set without HarfBuzz, by glyph id.
    private var simpleAdvances: [UInt32: Int] = [:]
    private let hasKerning: Bool
    private var glyphs: [UInt32: Glyph] = [:]

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
        self.path = path
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
        if let madeShaper { hb_font_destroy(madeShaper) }
        FT_Done_Face(face)
        stream.deallocate()
    }

    /// Whether the face's character map has a glyph for `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Shapes `count` scalars of `text` from `start` (the rest is context for joining) with
    /// `buffer`, in `direction` and `script`: the glyphs left to right, their 26.6 offsets from
    /// the pen, and the pen's advance after each, in whole pixels (as hinted advances are).
    func shape(_ text: [UInt32], start: Int, count: Int, rightToLeft: Bool, script: hb_script_t,
               buffer: OpaquePointer, into placed: inout [PlacedGlyph], pen: inout Int) {
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { scalars in
            hb_buffer_add_utf32(buffer, scalars.baseAddress, Int32(scalars.count), UInt32(start), Int32(count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        // Latin, Greek and Cyrillic in a face with a kern table are set as FreeType set them
        // before HarfBuzz, so their pixels stay the same: its kerning (softened below 25 px and
        // rounded to pixels, where GPOS kerning is not) and no standard ligatures (DejaVu Sans
        // would join ff, fi and fl). Everything else takes the font's GSUB and GPOS as they are.
        let kernsLikeFreeType = hasKerning && !rightToLeft && Self.kernedLikeFreeType.contains(script.rawValue)
        if kernsLikeFreeType {
            Self.freeTypeLatin.withUnsafeBufferPointer { features in
                hb_shape(shaper, buffer, features.baseAddress, UInt32(features.count))
            }
        } else {
            hb_shape(shaper, buffer, nil, 0)
        }
        var length: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &length),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        var previous: UInt32 = 0
        for i in 0..<Int(length) {
            let position = positions[i], id = infos[i].codepoint
            if kernsLikeFreeType, previous != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, id, FT_KERNING_DEFAULT.rawValue, &delta) == 0 { pen += delta.x }
            }
            previous = id
            placed.append(PlacedGlyph(glyph: glyph(id), pen: pen + Int(position.x_offset),
                                      rise: Int(position.y_offset), cluster: Int(infos[i].cluster)))
            pen += (Int(position.x_advance) + 32) & ~63
        }
    }

    /// `scalars` set without HarfBuzz when they are simple text (`SimpleText`) that this face
    /// has every glyph of and sets as FreeType did (a kern table): HarfBuzz's shaping of them
    /// in `shape` would give the same glyphs and pens (the character map, hinted advances and
    /// the kern table's pairs; no marks, ligatures or reordering), which `SimpleTextTests`
    /// holds it to. nil when HarfBuzz is needed.
    func shapeSimple(_ scalars: [UInt32]) -> (glyphs: [PlacedGlyph], advance: Int)? {
        guard hasKerning, SimpleText.isSimple(scalars) else { return nil }
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(scalars.count)
        var pen = 0
        var previous: UInt32 = 0
        for (i, scalar) in scalars.enumerated() {
            let id = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar)))
            guard id != 0 else { return nil }
            if previous != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, FT_UInt(previous), FT_UInt(id), FT_KERNING_DEFAULT.rawValue, &delta) == 0 { pen += delta.x }
            }
            previous = id
            placed.append(PlacedGlyph(glyph: glyph(id), pen: pen, rise: 0, cluster: i))
            pen += (simpleAdvance(id) + 32) & ~63
        }
        return (placed, pen)
    }

    /// The hinted advance HarfBuzz's FreeType functions give for glyph `id` (FT_Get_Advance's
    /// 16.16 to 26.6, rounded as they round it).
    private func simpleAdvance(_ id: UInt32) -> Int {
        if let known = simpleAdvances[id] { return known }
        var advance: FT_Fixed = 0
        let advanced = FT_Get_Advance(face, FT_UInt(id), FT_Int32(FT_LOAD_DEFAULT), &advance) == 0
        let value = advanced ? (advance + (1 << 9)) >> 10 : 0
        simpleAdvances[id] = value
        return value
    }

    /// The features turned off for text set as FreeType set it.
    private static let freeTypeLatin: [hb_feature_t] = ["-kern", "-liga"].map { name in
        var feature = hb_feature_t()
        _ = hb_feature_from_string(name, -1, &feature)
        return feature
    }

    /// Scripts drawn with FreeType's kerning before HarfBuzz shaped text (and the neutral
    /// characters between them).
    private static let kernedLikeFreeType: Set<UInt32> = [
        HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_LATIN.rawValue, HB_SCRIPT_GREEK.rawValue, HB_SCRIPT_CYRILLIC.rawValue,
    ]

    private func glyph(_ index: UInt32) -> Glyph {
        if let cached = glyphs[index] { return cached }
        let glyph = render(index)
        glyphs[index] = glyph
        return glyph
    }

    /// A glyph FreeType can't load or render (a damaged font, or one truncated since it was
    /// opened) is cached as an empty one, so text with it still draws; the font file reports
    /// the first such failure.
    private func render(_ index: UInt32) -> Glyph {
        let error = FT_Load_Glyph(face, FT_UInt(index), FT_Int32(FT_LOAD_RENDER))
        guard error == 0 else {
            file.glyphFailed(index, error: error, pixelSize: pixelSize)
            return Glyph(id: index, width: 0, rows: 0, left: 0, top: 0, coverage: [])
        }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        // Rows padded with empty columns to a multiple of four: blended four pixels at a time
        // with no pixel left over (an empty column leaves its pixel as it was).
        let inked = Int(bitmap.width), rows = Int(bitmap.rows), width = (inked + 3) & ~3
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer {
            let pitch = Int(bitmap.pitch)
            let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
            for y in 0..<rows {
                let src = buffer + y * pitch
                for x in 0..<inked {
                    coverage[y * width + x] = mono ? ((src[x >> 3] >> (7 - UInt8(x & 7))) & 1) * 255 : src[x]
                }
            }
        }
        return Glyph(id: index, width: width, rows: rows, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: coverage)
    }
}

/// A glyph of a shaped string: its pen position (26.6 fixed point, from the origin, offsets
/// included), how far above the baseline HarfBuzz raised it (26.6; marks stacked over letters
/// have one), and the scalar index of the cluster it belongs to.
struct PlacedGlyph {
    let glyph: Glyph
    let pen: Int
    var rise: Int = 0
    var cluster: Int = 0
}

/// A rendered glyph: 8-bit coverage rows, placed relative to the pen on the baseline.
struct Glyph {
    /// The glyph's index in its face (0 is the face's missing-glyph box).
    let id: UInt32
    /// Columns of `coverage`: the bitmap's, and empty ones after them up to a multiple of four.
    let width: Int
    let rows: Int
    /// Pixels from the pen to the bitmap's left edge.
    let left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    let top: Int
    let coverage: [UInt8]
}
