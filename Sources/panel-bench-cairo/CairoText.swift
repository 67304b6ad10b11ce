import CCairo
import Glibc

/// Text in cairo for the scene: the theme's font file opened with FreeType and handed to
/// cairo's FreeType backend, hinted fully with whole-pixel metrics and advances (what the
/// panel's FreeType glyphs are: FT_LOAD_DEFAULT), and kerned from the face's kerning table
/// as the panel's text is. Strings are laid out into glyphs each time they are drawn, as a
/// cairo program's text is; only labels cut to a width are remembered (the panel memoizes those).
final class CairoText {
    private let cr: OpaquePointer
    private var library: FT_Library?
    private var face: FT_Face?
    private let fontFace: OpaquePointer
    private var scaledFont: OpaquePointer?
    private var size = 0
    private var truncations: [String: String] = [:]
    private(set) var ascent = 0.0
    private(set) var descent = 0.0
    private(set) var lineHeight = 0.0

    init(path: String, cr: OpaquePointer) throws {
        self.cr = cr
        guard FT_Init_FreeType(&library) == 0, let library else { throw CairoError(description: "FreeType did not start") }
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw CairoError(description: "cannot open font \(path)")
        }
        fontFace = cairo_ft_font_face_create_for_ft_face(face, 0)
        cairo_set_font_face(cr, fontFace)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_FULL)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        cairo_font_face_destroy(fontFace)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Makes `pixels` the size drawn and measured next. Set every time: a `cairo_restore`
    /// (a disabled row's group) puts back the size that was set before its `cairo_save`.
    func select(size pixels: Int) {
        cairo_set_font_size(cr, Double(pixels))
        scaledFont = cairo_get_scaled_font(cr)
        guard pixels != size else { return }
        size = pixels
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(scaledFont, &extents)
        ascent = extents.ascent
        descent = extents.descent
        lineHeight = max(extents.height, ascent + descent)
    }

    /// The glyphs of `string` from `x` on `baseline`, and where the pen ends.
    private func glyphs(_ string: String, x: Double, baseline: Double) -> (glyphs: [cairo_glyph_t], end: Double) {
        guard let scaledFont, let face = cairo_ft_scaled_font_lock_face(scaledFont) else { return ([], x) }
        defer { cairo_ft_scaled_font_unlock_face(scaledFont) }
        let kerns = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        var run: [cairo_glyph_t] = []
        var pen = x
        var previous: FT_UInt = 0
        for scalar in string.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if kerns, previous != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, FT_KERNING_DEFAULT.rawValue, &delta) == 0 { pen += Double(delta.x) / 64 }
            }
            var glyph = cairo_glyph_t(index: UInt(index), x: pen, y: baseline)
            run.append(glyph)
            var extents = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(scaledFont, &glyph, 1, &extents)
            pen += extents.x_advance
            previous = index
        }
        return (run, pen)
    }

    func measure(_ string: String) -> Double { glyphs(string, x: 0, baseline: 0).end }

    func show(_ string: String, x: Double, baseline: Double) {
        var run = glyphs(string, x: x, baseline: baseline).glyphs
        cairo_show_glyphs(cr, &run, Int32(run.count))
    }

    /// As the panel's Font.truncated: whole when it fits, else the longest prefix with "…".
    func truncated(_ string: String, toWidth width: Double) -> String {
        guard measure(string) > width else { return string }
        let key = "\(size) \(width) \(string)"
        if let known = truncations[key] { return known }
        let characters = Array(string)
        func shortened(_ count: Int) -> String {
            var kept = characters[..<count]
            while kept.last?.isWhitespace == true { kept.removeLast() }
            return String(kept) + "\u{2026}"
        }
        var fits = -1, tooLong = characters.count
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if measure(shortened(middle)) <= width { fits = middle } else { tooLong = middle }
        }
        let result = fits < 0 ? "" : shortened(fits)
        truncations[key] = result
        return result
    }
}
