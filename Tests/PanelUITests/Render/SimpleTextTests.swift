import Testing
@testable import PanelUI

/// Simple text (`SimpleText`) is set without HarfBuzz; these hold that path to HarfBuzz's own
/// shaping of the same strings glyph by glyph, so skipping HarfBuzz changes nothing drawn.
@Suite struct SimpleTextTests {
    /// Every ordered pair of characters of each script's set (with ASCII's digits, punctuation
    /// and symbols), as strings "c x1 c x2 c …" so each pair meets in both orders: kerning
    /// pairs, hinted advances and glyph ids at three sizes.
    @Test(arguments: [13, 20, 34])
    func everyPairMatchesHarfBuzz(pixelSize: Int) throws {
        let font = try Font(path: dejaVuSans, pixelSize: pixelSize)
        let neutral = (0x20...0x7E).filter { !(Unicode.Scalar($0)!.properties.isAlphabetic) }
        let latin = Array(0x20...0x7E) + Array(0xA0...0x17F)
        let sets: [String: [Int]] = [
            "Latin": latin,
            "Greek": neutral + Array(0x386...0x3CE),
            "Cyrillic": neutral + Array(0x400...0x45F),
        ]
        var compared = 0
        for (name, set) in sets {
            // Assigned characters the font has (the Greek block has three holes).
            let scalars = set.compactMap { Unicode.Scalar($0) }.filter {
                ![.format, .unassigned].contains($0.properties.generalCategory) && font.missingCharacters(in: String($0)).isEmpty
            }
            for first in scalars {
                var text = String.UnicodeScalarView()
                for other in scalars { text.append(first); text.append(other) }
                let string = String(text)
                #expect(font.isSetSimply(string), "\(name): U+\(String(first.value, radix: 16, uppercase: true)) with its set is not set simply")
                let simple = font.shape(string, direction: nil)
                let shaped = font.shape(string, direction: nil, harfBuzz: true)
                let same = simple.advance == shaped.advance && simple.glyphs.count == shaped.glyphs.count
                    && zip(simple.glyphs, shaped.glyphs).allSatisfy {
                        $0.glyph.id == $1.glyph.id && $0.pen == $1.pen && $0.rise == $1.rise && $0.cluster == $1.cluster
                    }
                #expect(same, "\(name) at \(pixelSize) px: U+\(String(first.value, radix: 16, uppercase: true)) with its set differs from HarfBuzz")
                if !same { return }
                compared += 1
            }
        }
        #expect(compared > 550)    // 318 Latin, 106 Greek, 129 Cyrillic
    }

    /// The simple path is taken for a Latin panel's labels and HarfBuzz is never asked; text
    /// that needs shaping goes to HarfBuzz.
    @Test func latinLabelsNeverAskHarfBuzz() throws {
        let font = try FontCache().font(paths: [dejaVuSans], pixelSize: 20)
        for label in ["Personal hotspot", "Wi-Fi", "Brightness 60 %", "Ελληνικά", "Русский", "Größe: 12,5 °C", "“Quoted” — dash…"] {
            _ = font.measure(label)
            _ = font.truncated(label, toWidth: 40)
        }
        #expect(!font.primaryUsedHarfBuzz)
        _ = font.measure("Wi-Fi שלום")
        #expect(font.primaryUsedHarfBuzz)
    }

    @Test func whatIsNotSimple() {
        func simple(_ text: String) -> Bool { SimpleText.isSimple(text.unicodeScalars.map(\.value)) }
        #expect(simple("Personal hotspot 5 GHz"))
        #expect(simple("Ελληνικά 12 €"))
        #expect(!simple("e\u{301}"))              // a combining mark: HarfBuzz composes or positions it
        #expect(!simple("Alpha Ωμέγα"))          // two scripts: shaped as two runs
        #expect(!simple("Wi-Fi شبكة"))            // right to left
        #expect(!simple("a\u{200D}b"))            // a joiner
        #expect(!simple("Ϣ"))                     // Coptic in the Greek block
        #expect(!simple("设置"))
        #expect(!simple("Tab\there"))
    }
}
