import Testing
@testable import PanelUI

/// Labels come from people's descriptions: any text, cut to any room, must come back as the
/// whole text, its start with "…", or nothing, and never wider than the room.
struct TruncationPropertyTests {
    /// ASCII, accented and combining marks, a missing glyph (CJK), emoji joined by ZWJ,
    /// right-to-left letters, tabs and spaces.
    static let pieces = ["a", "W", " ", "\t", "é", "e\u{301}", "ß", "漢", "👩‍💻", "🇫🇷", "ש", "ل", "-", "…", "\u{200B}"]

    @Test func anyLabelCutToAnyRoom() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 18)
        var random = SplitMix64(seed: 7)
        for _ in 0..<600 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let width = Double.random(in: -5...400, using: &random)
            let cut = font.truncated(text, toWidth: width)
            if cut == text {
                #expect(font.measure(text) <= width || text.isEmpty && width < 0, "\(text.debugDescription) kept whole in \(width)")
            } else if !cut.isEmpty {
                #expect(cut.hasSuffix("\u{2026}"))
                #expect(text.hasPrefix(String(cut.dropLast())), "\(cut.debugDescription) starts \(text.debugDescription)")
                #expect(font.measure(cut) <= width, "\(cut.debugDescription) fits \(width)")
            } else {
                #expect(font.measure("\u{2026}") > width)
            }
        }
    }
}
