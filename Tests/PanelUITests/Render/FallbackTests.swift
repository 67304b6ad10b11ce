import Testing
@testable import PanelUI

/// The theme's fonts as a stack: each grapheme cluster from the first font with its glyphs,
/// fallback files opened only when a character needs one, and a fallback that can't be
/// opened costing only its own characters.
@Suite struct FallbackTests {
    /// "Wi-Fi 设置": the Latin from DejaVu Sans and the Chinese from the CJK fallback, each
    /// with the glyph ids that font alone gives, and no missing-glyph box.
    @Test func latinAndChineseEachFromTheirFont() throws {
        let stack = try FontCache().font(paths: [dejaVuSans, droidFallback], pixelSize: 20)
        let latin = try Font(path: dejaVuSans, pixelSize: 20).placed("Wi-Fi ").glyphs.map(\.glyph.id)
        let chinese = try Font(path: droidFallback, pixelSize: 20).placed("设置").glyphs.map(\.glyph.id)
        let ids = stack.placed("Wi-Fi 设置").glyphs.map(\.glyph.id)
        #expect(ids == latin + chinese)
        #expect(!ids.contains(0))
        // Without the fallback the Chinese is two boxes (glyph 0).
        let alone = try Font(path: dejaVuSans, pixelSize: 20).placed("Wi-Fi 设置").glyphs.map(\.glyph.id)
        #expect(alone.suffix(2) == [0, 0])
        #expect(stack.measure("Wi-Fi 设置") > stack.measure("Wi-Fi "))
    }

    /// The second case: with the CJK font first, its missing Latin letters were boxes;
    /// now they come from DejaVu Sans after it.
    @Test func aCJKFontFirstStillDrawsLatin() throws {
        let font = try FontCache().font(paths: [droidFallback, dejaVuSans], pixelSize: 20)
        let ids = font.placed("设置 Settings").glyphs.map(\.glyph.id)
        #expect(!ids.contains(0))
        #expect(Array(ids.suffix(8)) == (try Font(path: dejaVuSans, pixelSize: 20).placed("Settings").glyphs.map(\.glyph.id)))
        #expect(font.openedFaces == 2)
        #expect(try Font(path: droidFallback, pixelSize: 20).placed("Settings").glyphs.allSatisfy { $0.glyph.id == 0 })
    }

    @Test func fallbackFilesOpenOnlyWhenACharacterNeedsThem() throws {
        let cache = FontCache()
        let font = try cache.font(paths: [dejaVuSans, notoArabic, droidFallback], pixelSize: 20)
        #expect(cache.openFileCount == 1)
        _ = font.measure("Personal hotspot")
        _ = font.truncated("Personal hotspot with a long name", toWidth: 60)
        #expect(cache.openFileCount == 1 && font.openedFaces == 1)
        // DejaVu Sans has Arabic letters, so Arabic still needs no fallback; Chinese opens the
        // CJK file, and only it: the Arabic file is passed over only once asked.
        _ = font.measure("شبكة")
        #expect(cache.openFileCount == 1)
        _ = font.measure("设置")
        #expect(cache.openFileCount == 3 && font.openedFaces == 3)
    }

    @Test func aFallbackThatCannotBeOpenedIsReportedAndSkipped() throws {
        let cache = FontCache()
        var reports: [String] = []
        cache.report = { reports.append($0) }
        let font = try cache.font(paths: [dejaVuSans, "/nonexistent/NotoSansCJK.ttc", droidFallback], pixelSize: 20)
        let ids = font.placed("设置").glyphs.map(\.glyph.id)
        #expect(!ids.contains(0))
        #expect(reports.count == 1)
        #expect(reports.first?.contains("/nonexistent/NotoSansCJK.ttc") == true)
        _ = font.measure("网络")
        #expect(reports.count == 1)
    }

    @Test func missingCharactersNamesWhatNoFontHas() throws {
        let font = try FontCache().font(paths: [dejaVuSans], pixelSize: 20)
        #expect(font.missingCharacters(in: "Wi-Fi\u{200D} 中文 中") == ["中", "文"])
        #expect(font.missingCharacters(in: "Tiếng Việt").isEmpty)
        let stack = try FontCache().font(paths: [dejaVuSans, droidFallback], pixelSize: 20)
        #expect(stack.missingCharacters(in: "Wi-Fi 中文").isEmpty)
        #expect(TextCoverage.name("中") == "U+4E2D '中'")
    }
}

/// Cutting shaped text: only between grapheme clusters, the ellipsis at the logical end
/// (the left end of a right-to-left line).
@Suite struct ShapedTruncationTests {
    /// Every width from nothing to the whole text: what is kept before "…" is a run of whole
    /// clusters of the text, so the next scalar of the text is never a mark or a joiner and the
    /// kept text never ends in a virama.
    @Test(arguments: [
        (dejaVuSans, "Cafe\u{0301} cre\u{0300}me bru\u{0302}le\u{0301}e"),
        (notoDevanagari, "क्षत्रिय हिन्दी स्वचालित"),
        (notoThai, "การตั้งค่าเครือข่าย"),
    ])
    func cutsOnlyBetweenClusters(path: String, text: String) throws {
        let font = try Font(path: path, pixelSize: 20)
        let scalars = Array(text.unicodeScalars)
        var kinds = Set<Int>()
        for width in stride(from: 0.0, through: font.measure(text) + 1, by: 1) {
            let cut = font.truncated(text, toWidth: width)
            guard cut != text else { continue }
            #expect(cut.isEmpty || cut.hasSuffix("\u{2026}"))
            let kept = Array(cut.unicodeScalars.dropLast())
            guard !kept.isEmpty else { continue }
            kinds.insert(kept.count)
            #expect(Array(scalars.prefix(kept.count)) == kept, "\(cut)")
            let next = scalars[kept.count]
            let category = next.properties.generalCategory
            #expect(category != .nonspacingMark && category != .spacingMark && category != .enclosingMark, "cut before \(next) in \(cut)")
            #expect(kept.last != "\u{094D}", "cut after a virama: \(cut)")
            #expect(font.measure(cut) <= width)
        }
        #expect(kinds.count >= 3, "too few different cuts to test anything")
    }

    /// In a right-to-left paragraph the ellipsis is drawn leftmost; in a left-to-right one, rightmost.
    @Test func ellipsisOnTheLogicalEnd() throws {
        let font = try FontCache().font(paths: [dejaVuSans, notoArabic], pixelSize: 20)
        let arabic = "الإعدادات اللاسلكية للشبكة"
        let cut = font.truncated(arabic, toWidth: font.measure(arabic) / 2)
        #expect(cut.hasSuffix("\u{2026}") && cut.count < arabic.count)
        let ellipsis = cut.unicodeScalars.count - 1
        let placed = font.placed(cut).glyphs
        #expect(placed.first?.cluster == ellipsis, "\(placed.map(\.cluster))")
        let latin = "Personal hotspot settings"
        let latinCut = font.truncated(latin, toWidth: 100, direction: .rtl)
        #expect(font.placed(latinCut, direction: .rtl).glyphs.first?.cluster == latinCut.unicodeScalars.count - 1)
        #expect(font.placed(latinCut).glyphs.last?.cluster == latinCut.unicodeScalars.count - 1)
    }

    /// Wrapping breaks between clusters too: the two lines of a long Devanagari label are its
    /// text, cut only at a space or between clusters.
    @Test func wrappedLinesKeepClustersWhole() throws {
        let font = try Font(path: notoDevanagari, pixelSize: 20)
        let text = "क्षत्रिय हिन्दी स्वचालित अद्यतन"
        let lines = LabelWrapping.lines(text, font: font, width: font.measure(text) * 0.6)
        #expect(lines.count == 2)
        #expect(text.hasPrefix(lines[0]))
        #expect(lines.allSatisfy { font.measure($0) <= font.measure(text) * 0.6 })
        #expect(!lines[0].unicodeScalars.contains("\u{2026}"))
    }
}
