import Glibc
import Testing
@testable import PanelUI

let notoFolder = "/usr/share/fonts/truetype/noto"
let notoArabic = notoFolder + "/NotoSansArabic-Regular.ttf"
let notoHebrew = notoFolder + "/NotoSansHebrew-Regular.ttf"
let notoDevanagari = notoFolder + "/NotoSansDevanagari-Regular.ttf"
let notoThai = notoFolder + "/NotoSansThai-Regular.ttf"
let droidFallback = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

/// One glyph as HarfBuzz's own `hb-shape` places it, in 26.6 units (the font size given to it
/// is the pixel size times 64).
struct ReferenceGlyph {
    var id: UInt32
    var advance: Int
    var dx: Int
    var dy: Int
}

/// `hb-shape` (libharfbuzz-bin) run on `text` with `path` at `pixelSize`; a missing hb-shape
/// is a failure that says how to get it. (Its stderr is dropped: hb-shape 6 echoes the
/// --text-before context there.)
func referenceShaping(_ text: String, path: String, pixelSize: Int, direction: String? = nil, before: String = "", after: String = "",
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [ReferenceGlyph]? {
    let textFile = TemporaryFile("hb-text-\(UInt64.random(in: 0...UInt64.max))")
    writeBytes(Array(text.utf8), to: textFile.path)
    func quoted(_ text: String) -> String { "'" + text.replacingEvery("'", with: "'\\''") + "'" }
    var flags = direction.map { " --direction=\($0)" } ?? ""
    if !before.isEmpty { flags += " --text-before=" + quoted(before) }
    if !after.isEmpty { flags += " --text-after=" + quoted(after) }
    let command = "hb-shape --output-format=json --no-glyph-names --font-size=\(pixelSize * 64)\(flags) --text-file='\(textFile.path)' '\(path)' 2>/dev/null"
    guard let pipe = popen(command, "r") else {
        Issue.record("cannot run hb-shape", sourceLocation: sourceLocation)
        return nil
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, pipe)
        if n == 0 { break }
        output += chunk[0..<n]
    }
    let status = pclose(pipe)
    withExtendedLifetime(textFile) {}
    let shown = String(decoding: output, as: UTF8.self)
    guard status == 0, case .array(let items)? = try? JSONValue.parse(shown) else {
        Issue.record("hb-shape failed (\(command) on [\(text)]: \(shown.prefix(200))); install libharfbuzz-bin with scripts/deps.sh", sourceLocation: sourceLocation)
        return nil
    }
    return items.compactMap { item -> ReferenceGlyph? in
        guard case .object(let fields) = item else { return nil }
        func number(_ key: String) -> Int {
            if case .number(let value)? = fields.first(where: { $0.key == key })?.value { return Int(value) }
            return 0
        }
        return ReferenceGlyph(id: UInt32(number("g")), advance: number("ax"), dx: number("dx"), dy: number("dy"))
    }
}

/// `text` as `font` (a stack) draws it, held run by run to hb-shape with the run's font file,
/// direction and surrounding text: the same glyph ids in the same order, each placed within a
/// pixel of hb-shape's step from the glyph before and raised by the same offset.
func expectAgreesWithHarfBuzz(_ text: String, font: Font, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let scalars = TextRuns.scalars(text)
    let glyphs = font.placed(text).glyphs
    var next = 0
    for run in font.visualRuns(text, scalars: scalars, direction: nil) {
        let range = run.start..<(run.start + run.count)
        let own = Array(glyphs[next...].prefix { range.contains($0.cluster) })
        next += own.count
        func string(_ part: ArraySlice<UInt32>) -> String {
            String(String.UnicodeScalarView(part.compactMap(Unicode.Scalar.init)))
        }
        guard let reference = referenceShaping(string(scalars[range]), path: font.facePath(run.face), pixelSize: font.pixelSize,
                                               direction: run.rightToLeft ? "rtl" : "ltr",
                                               before: string(scalars[..<run.start]), after: string(scalars[range.upperBound...]),
                                               sourceLocation: sourceLocation) else { return }
        #expect(own.map(\.glyph.id) == reference.map(\.id), "\(text): run \(string(scalars[range])) in \(font.facePath(run.face))",
                sourceLocation: sourceLocation)
        guard own.count == reference.count else { continue }
        var pen = 0, referenceX: [Int] = []
        for glyph in reference {
            referenceX.append(pen + glyph.dx)
            pen += glyph.advance
        }
        for i in own.indices {
            #expect(abs(own[i].rise - reference[i].dy) <= 64, "\(text): glyph \(i) raised \(own[i].rise), hb-shape \(reference[i].dy)",
                    sourceLocation: sourceLocation)
            guard i > 0 else { continue }
            let step = own[i].pen - own[i - 1].pen, referenceStep = referenceX[i] - referenceX[i - 1]
            #expect(abs(step - referenceStep) <= 64, "\(text): glyph \(i) is \(step) after the one before, hb-shape \(referenceStep)",
                    sourceLocation: sourceLocation)
        }
    }
    #expect(next == glyphs.count, "\(text): glyphs outside the runs", sourceLocation: sourceLocation)
}

/// Each script shaped by panel gives HarfBuzz's own glyphs in HarfBuzz's order, each placed
/// where `hb-shape` puts it to within a pixel of the step from the glyph before (panel's
/// advances are hinted to whole pixels, hb-shape's are not) and raised or lowered by the
/// same offset (marks over Vietnamese vowels, Devanagari matras, Arabic vowel signs).
@Suite struct ShapingTests {
    static let samples: [(String, String, String)] = [
        ("arabic", notoArabic, "الإعدادات اللاسلكية"),
        ("arabic-marks", notoArabic, "مُحَمَّد"),
        ("hebrew", notoHebrew, "הגדרות רשת"),
        ("hindi", notoDevanagari, "क्षत्रिय हिन्दी"),
        ("thai", notoThai, "การตั้งค่า"),
        ("chinese", droidFallback, "设置网络"),
        ("japanese", droidFallback, "ネットワーク設定"),
        ("vietnamese", dejaVuSans, "Tiếng Việt Cài đặt"),
        ("greek", dejaVuSans, "Ρυθμίσεις δικτύου"),
    ]

    @Test(arguments: samples)
    func glyphsAgreeWithHarfBuzz(name: String, path: String, text: String) throws {
        let pixelSize = 24
        let font = try Font(path: path, pixelSize: pixelSize)
        guard let reference = referenceShaping(text, path: path, pixelSize: pixelSize) else { return }
        let placed = font.placed(text).glyphs
        #expect(placed.map(\.glyph.id) == reference.map(\.id), "\(name): glyph ids")
        #expect(!placed.contains { $0.glyph.id == 0 }, "\(name): a missing-glyph box")
        guard placed.count == reference.count else { return }
        var referencePen = 0
        var referenceX: [Int] = []
        for glyph in reference {
            referenceX.append(referencePen + glyph.dx)
            referencePen += glyph.advance
        }
        for i in placed.indices {
            #expect(abs(placed[i].rise - reference[i].dy) <= 64, "\(name): glyph \(i) raised \(placed[i].rise) vs \(reference[i].dy)")
            guard i > 0 else { continue }
            let step = placed[i].pen - placed[i - 1].pen, referenceStep = referenceX[i] - referenceX[i - 1]
            #expect(abs(step - referenceStep) <= 64, "\(name): glyph \(i) is \(step) after the one before, hb-shape \(referenceStep)")
        }
        let width = Double(font.placed(text).advance) / 64, referenceWidth = Double(referencePen) / 64
        #expect(abs(width - referenceWidth) <= max(2, referenceWidth * 0.04), "\(name): width \(width) vs \(referenceWidth)")
    }

    /// Arabic in a right-to-left run comes out in visual order: the glyph of the first letter
    /// (logically) is the rightmost, the last letter's the leftmost.
    @Test func arabicRunsRightToLeft() throws {
        let font = try Font(path: notoArabic, pixelSize: 24)
        let placed = font.placed("سلام").glyphs
        #expect(placed.first?.cluster == 3)
        #expect(placed.last?.cluster == 0)
        #expect(zip(placed, placed.dropFirst()).allSatisfy { $0.pen <= $1.pen })
    }

    /// "Wi-Fi شبكة 5 GHz" in a left-to-right paragraph: Wi-Fi first, then the Arabic word with
    /// the number (a number after Arabic letters joins their right-to-left run, so "5" shows
    /// left of the word), then GHz.
    @Test func mixedStringInVisualOrder() throws {
        let font = try FontCache().font(paths: [dejaVuSans, notoArabic], pixelSize: 20)
        let text = "Wi-Fi شبكة 5 GHz"
        let clusters = font.placed(text).glyphs.map(\.cluster)
        let scalars = Array(text.unicodeScalars)
        func index(of scalar: Unicode.Scalar, after: Int = 0) -> Int { scalars[after...].firstIndex(of: scalar)! }
        let w = index(of: "W"), five = index(of: "5"), sheen = index(of: "\u{0634}"), g = index(of: "G")
        let order = clusters.firstIndex(of: w)!, fivePlace = clusters.firstIndex(of: five)!
        let sheenPlace = clusters.firstIndex(of: sheen)!, gPlace = clusters.firstIndex(of: g)!
        #expect(order < fivePlace && fivePlace < sheenPlace && sheenPlace < gPlace, "\(clusters)")
        #expect(font.direction(of: text) == .ltr)
        // Forced right to left, GHz (the logical end) is drawn leftmost and Wi-Fi rightmost.
        let forced = font.placed(text, direction: .rtl).glyphs.map(\.cluster)
        #expect(forced.firstIndex(of: g)! < forced.firstIndex(of: w)!, "\(forced)")
        #expect(font.direction(of: "שלום world") == .rtl)
    }
}
