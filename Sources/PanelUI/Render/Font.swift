import CHarfBuzz

/// The theme's fonts at one pixel size: the first font file and the fallbacks after it, each
/// grapheme cluster drawn with the first that has its glyphs. Text is put in visual order by
/// the bidirectional algorithm and shaped with HarfBuzz (joining, conjuncts, marks, kerning),
/// once per string: the glyphs and pen positions are kept for the next time it is drawn.
///
/// Ascent, descent and line height are the first font's, so rows keep one height whichever
/// scripts their labels use. Fallback files are opened the first time a character needs one.
public final class Font {
    public let pixelSize: Int
    /// Above the baseline, in pixels.
    public let ascent: Double
    /// Below the baseline, positive, in pixels.
    public let descent: Double
    /// Baseline to baseline, at least ascent + descent.
    public let lineHeight: Double

    private let primary: FontFace
    private var fallbacks: [Fallback]
    /// Opens a fallback font file at this size (`FontCache` shares files and the library).
    private let open: (String) throws(FontError) -> FontFace
    /// HarfBuzz's buffer, reused for every run shaped; made when the first run needs HarfBuzz.
    private var madeBuffer: OpaquePointer?
    private var buffer: OpaquePointer {
        if let madeBuffer { return madeBuffer }
        let made = hb_buffer_create()!
        madeBuffer = made
        return made
    }
    /// Advances of strings already measured and labels already cut to a width: every frame
    /// measures and fits the same labels again.
    private var advances = BoundedMemo<TextKey, Int>(limit: maxMemoized)
    private var truncations = BoundedMemo<Truncation, String>(limit: maxMemoized)
    /// Strings drawn so far, as their glyphs and pen positions: drawing the same labels every
    /// frame then costs no shaping or glyph cache look-up per character.
    private var placements = BoundedMemo<TextKey, Shaped>(limit: maxMemoized)
    /// Strings kept in each memo, at most; then it starts afresh.
    static let maxMemoized = 256

    /// A fallback font file, opened when first needed.
    private enum Fallback {
        case unopened(String)
        case opened(FontFace)
        /// It could not be opened (reported once); it covers nothing.
        case failed
    }

    private struct TextKey: Hashable {
        var text: String
        var direction: TextDirection?
    }

    private struct Truncation: Hashable {
        var text: TextKey
        var width: Double
    }

    /// A string's glyphs left to right and where the pen ends, in 26.6 fixed point.
    struct Shaped {
        var glyphs: [PlacedGlyph]
        var advance: Int
    }

    public convenience init(path: String, pixelSize: Int, fallbacks: [String] = []) throws(FontError) {
        let library = try FreeTypeLibrary(forFont: path)
        try self.init(primary: FontFace(file: FontFile(path: path), pixelSize: pixelSize, library: library),
                      fallbacks: fallbacks) { (path: String) throws(FontError) -> FontFace in
            try FontFace(file: FontFile(path: path), pixelSize: pixelSize, library: library)
        }
    }

    init(primary: FontFace, fallbacks: [String], open: @escaping (String) throws(FontError) -> FontFace) {
        self.primary = primary
        self.fallbacks = fallbacks.map { .unopened($0) }
        self.open = open
        pixelSize = primary.pixelSize
        ascent = primary.ascent
        descent = primary.descent
        lineHeight = primary.lineHeight
    }

    deinit { if let madeBuffer { hb_buffer_destroy(madeBuffer) } }

    /// Told when a fallback font file can't be opened (the panel logs it).
    var report: ((String) -> Void)?

    /// Advance width in pixels, kerning included: where the pen ends after `drawText`.
    public func measure(_ text: String, direction: TextDirection? = nil) -> Double {
        let key = TextKey(text: text, direction: direction)
        return Double(advances.value(for: key) { placed(text, direction: direction).advance }) / 64
    }

    /// `text` as it fits in `width` pixels: whole when it fits, otherwise as many leading
    /// characters (whole grapheme clusters) as leave room for "…" after them (UILabel's tail
    /// truncation; in a right-to-left paragraph the logical end is the left end, where the
    /// ellipsis then shows), and "" when not even the ellipsis fits.
    public func truncated(_ text: String, toWidth width: Double, direction: TextDirection? = nil) -> String {
        guard measure(text, direction: direction) > width else { return text }
        // The paragraph's direction stays the whole string's, whatever the kept prefix starts with.
        let paragraph = direction ?? self.direction(of: text)
        return truncations.value(for: Truncation(text: TextKey(text: text, direction: direction), width: width)) {
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
                if Double(shape(shortened(middle), direction: paragraph).advance) / 64 <= width { fits = middle } else { tooLong = middle }
            }
            return fits < 0 ? "" : shortened(fits)
        }
    }

    static let ellipsis = "\u{2026}"

    /// The paragraph direction `text` is drawn in without a forced one: that of its first
    /// strong character, left to right when it has none.
    public func direction(of text: String) -> TextDirection {
        FirstStrong.direction(of: text) ?? .ltr
    }

    /// The scalars of `text` that no font of the stack has a glyph for (opening fallbacks to
    /// look), once each in order; controls, spaces and invisible format characters excluded.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !Self.isInvisible(scalar) && !missing.contains(scalar) {
            if faceIndex(covering: [scalar]) == nil { missing.append(scalar) }
        }
        return missing
    }

    /// How many font files of the stack are open now, the first included (for tests: fallbacks
    /// open only when a character needs them).
    var openedFaces: Int {
        1 + fallbacks.filter { if case .opened = $0 { true } else { false } }.count
    }

    /// Whether the first font has shaped a run with HarfBuzz (for tests: simple text is set
    /// without it).
    var primaryUsedHarfBuzz: Bool { primary.madeHarfBuzzFont }

    /// Whether `text` is set without HarfBuzz (for tests).
    func isSetSimply(_ text: String) -> Bool { primary.shapeSimple(TextRuns.scalars(text)) != nil }

    /// `text`'s glyphs and pen positions, kept for the next time `text` is drawn.
    func placed(_ text: String, direction: TextDirection? = nil) -> Shaped {
        placements.value(for: TextKey(text: text, direction: direction)) { shape(text, direction: direction) }
    }

    /// Bidi levels, runs by font and script, each run shaped by its face, laid left to right.
    /// Simple text (`SimpleText`) the first font has every glyph of is set without HarfBuzz,
    /// to the same glyphs and pens; `harfBuzz` forces HarfBuzz (for the test holding the two
    /// to each other).
    func shape(_ text: String, direction: TextDirection?, harfBuzz: Bool = false) -> Shaped {
        let scalars = TextRuns.scalars(text)
        if !harfBuzz, direction != .rtl, let simple = primary.shapeSimple(scalars) {
            return Shaped(glyphs: simple.glyphs, advance: simple.advance)
        }
        let runs = visualRuns(text, scalars: scalars, direction: direction)
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(scalars.count)
        var pen = 0
        for run in runs {
            face(run.face).shape(scalars, start: run.start, count: run.count, rightToLeft: run.rightToLeft,
                                 script: hb_script_t(rawValue: run.script), buffer: buffer, into: &glyphs, pen: &pen)
        }
        return Shaped(glyphs: glyphs, advance: pen)
    }

    /// `text`'s runs left to right as drawn: by font, bidi level and script.
    func visualRuns(_ text: String, scalars: [UInt32], direction: TextDirection?) -> [TextRun] {
        let levels = TextRuns.levels(scalars, direction: direction)
        if levels.allSatisfy({ $0 == 0 }), scalars.allSatisfy({ primary.covers(Unicode.Scalar($0) ?? " ") || Self.isInvisible(Unicode.Scalar($0) ?? " ") }) {
            return TextRuns.logicalRuns(text, levels: levels) { _, _ in 0 }
        }
        return TextRuns.visualOrder(TextRuns.logicalRuns(text, levels: levels) { character, previous in
            self.face(for: character, after: previous)
        })
    }

    /// The file of face `index` of the stack (0 is the first font), for tests holding a run
    /// to hb-shape's shaping with the same file.
    func facePath(_ index: Int) -> String { face(index).path }

    /// The face for a grapheme cluster: the first with glyphs for all its visible scalars;
    /// spaces, digits and punctuation stay in the face before them when it has them (so a
    /// space between two CJK words is not a run of its own); the first face when none has them.
    private func face(for character: Character, after previous: Int?) -> Int {
        let visible = Array(character.unicodeScalars.filter { !Self.isInvisible($0) })
        if let previous, !character.unicodeScalars.contains(where: { $0.properties.isAlphabetic }),
           visible.allSatisfy({ face(previous).covers($0) }) {
            return previous
        }
        return faceIndex(covering: visible) ?? 0
    }

    private func faceIndex(covering scalars: [Unicode.Scalar]) -> Int? {
        if scalars.allSatisfy({ primary.covers($0) }) { return 0 }
        for i in fallbacks.indices {
            if let face = fallback(i), scalars.allSatisfy({ face.covers($0) }) { return i + 1 }
        }
        return nil
    }

    private func face(_ index: Int) -> FontFace {
        index == 0 ? primary : fallback(index - 1) ?? primary
    }

    private func fallback(_ i: Int) -> FontFace? {
        switch fallbacks[i] {
        case .opened(let face): return face
        case .failed: return nil
        case .unopened(let path):
            do throws(FontError) {
                let face = try open(path)
                fallbacks[i] = .opened(face)
                return face
            } catch {
                fallbacks[i] = .failed
                report?("\(error.message); characters only it has are drawn as boxes")
                return nil
            }
        }
    }

    /// Characters that draw nothing of their own: controls, spaces and format characters
    /// (joiners, bidi marks, variation selectors), which no font needs a glyph for.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }
}
