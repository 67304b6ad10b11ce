import PanelUI

/// The glyph-cache hit path: a label whose glyphs are all cached, drawn over and over,
/// as every repaint of a row draws its label again.
struct TextFigures {
    var labelsPerSecond: Double
    var nanosecondsPerGlyph: Double
}

enum TextBench {
    static let label = "Personal hotspot"

    static func measure(font: Font, repeats: Int) -> TextFigures {
        let buffer = PixelBuffer(width: 400, height: 64, fill: 0xFFFFFF)
        let canvas = Canvas(buffer: buffer)
        let origin = Point(x: 16, y: 40)
        let perSample = 200
        canvas.drawText(label, font: font, origin: origin, color: .black)
        var samples: [Double] = []
        for _ in 0..<repeats {
            samples.append(Stopwatch.milliseconds {
                for _ in 0..<perSample { canvas.drawText(label, font: font, origin: origin, color: .black) }
            })
        }
        let ms = Stopwatch.median(samples) / Double(perSample)
        return TextFigures(labelsPerSecond: 1000 / ms, nanosecondsPerGlyph: ms * 1e6 / Double(label.unicodeScalars.count))
    }
}
