@testable import PanelUI
import Testing

/// A label drawn in lines (wrapped, or with a detail line under it) makes room on its last line
/// for the error badge after it, as a one-line label does.
@Suite struct LabelLinesTests {
    @Test(arguments: ["ltr", "rtl"])
    func theLastLineIsCutForTheBadge(direction: String) throws {
        let label = String(repeating: "A label long enough to wrap twice over ", count: 6)
        let yaml = "title: T\ndirection: \(direction)\nsections:\n  - controls:\n"
            + "      - {id: a, kind: switch, label: \(label), detail: With a detail line}\n"
        let description = try PanelDescription.parse(yaml, file: "lines.yml", fileExists: { _ in true })
        let fonts = FontCache()
        let size = Size(width: 480, height: 320)
        let layout = PanelLayout(description: description, logicalSize: size, fonts: fonts)
        let painter = try PanelPainter(description: description, fonts: fonts, logicalSize: size)
        let row = try #require(layout.sections.flatMap(\.rows).first { $0.target != nil })
        let last = try #require(row.labelLines.last)
        #expect(row.labelLines.count == 2 && row.detail != nil)
        let font = try #require(painter.labelFonts[layout.metrics.pixels(description.controls[0].labelStyle.fontSize)])
        let badge = ErrorBadge(metrics: layout.metrics)
        let end = painter.drawLabel(row, font: font, color: .black, detail: .black, badge: badge, canvas: Canvas(buffer: PixelBuffer(size: size)))
        let uncut = font.measure(last).rounded()
        // The badge fits in the label's room after (before, right to left) the cut last line.
        if row.isRightToLeft {
            #expect(end > Double(row.labelX + row.labelWidth) - uncut, "the last line was cut")
            #expect(end - badge.gap - badge.diameter >= Double(row.labelX) - 0.5)
        } else {
            #expect(end < Double(row.labelX) + uncut, "the last line was cut")
            #expect(end + badge.gap + badge.diameter <= Double(row.labelX + row.labelWidth) + 0.5)
        }
    }
}
