import Testing
@testable import PanelUI

/// A panel of 100,000 controls decodes, lays out and draws its frames with work that follows
/// what shows on screen: the painter looks at the rows in the clip, not at every row of the
/// list for every band it draws (before, a frame examined each of the 100,000 rows per band).
struct LargePanelTests {
    static let controlCount = 100_000

    /// Sections of 1,000 controls; every tenth a radio group of three options.
    static let yaml: String = {
        var text = "title: Many\nsections:\n"
        for section in 0..<controlCount / 1000 {
            text += "  - title: Section \(section)\n    controls:\n"
            for index in section * 1000..<(section + 1) * 1000 {
                switch index % 10 {
                case 0: text += "      - {id: c\(index), kind: radio, options: [a, b, c]}\n"
                case 1, 3, 5, 7: text += "      - {id: c\(index), kind: checkbox, label: Control \(index)}\n"
                default: text += "      - {id: c\(index), kind: switch}\n"
                }
            }
        }
        return text
    }()

    /// Decoded once for all the tests here: decoding is what most of their time goes to.
    static let description = try! PanelDescription.parse(yaml, file: "many.yml", fileExists: { _ in true })

    @Test func aFrameOfAHugeListLooksOnlyAtTheRowsOnScreen() throws {
        let description = Self.description
        #expect(description.controls.count == Self.controlCount)
        let size = Size(width: 800, height: 480)
        let layout = PanelLayout(description: description, logicalSize: size)
        #expect(layout.targets.count == Self.controlCount / 10 * 12)
        var model = PanelModel(description: description, layout: layout)
        let painter = try PanelPainter(description: description, fonts: FontCache())
        let buffer = PixelBuffer(size: size)

        // At most 480 / 44 rows and headers show (none is shorter than a header); a band
        // holds one item, and each band's walk looks at the rows reaching into it plus
        // those bordering it.
        let shownAtMost = 480 / 44 + 2
        painter.draw(model, at: 0, into: buffer, clip: buffer.bounds)
        #expect(painter.counters.rowsExamined > 0)
        #expect(painter.counters.rowsExamined <= shownAtMost * 3, "\(painter.counters.rowsExamined) rows examined")
        #expect(painter.counters.labelsFitted <= shownAtMost, "\(painter.counters.labelsFitted) labels fitted")

        // Scrolled half way down the list, the same.
        let half = Double(layout.contentHeight / 2)
        model.scroll.beginDrag(y: half, at: 0)
        model.scroll.drag(to: 0, at: 0.1)
        model.scroll.stop(at: 0.2)
        #expect(model.scrollOffset(at: 1) == Int(half))
        let before = (painter.counters.rowsExamined, painter.counters.labelsFitted)
        painter.draw(model, at: 1, into: buffer, clip: buffer.bounds)
        #expect(painter.counters.rowsExamined - before.0 <= shownAtMost * 3)
        #expect(painter.counters.labelsFitted - before.1 <= shownAtMost)
        #expect(painter.counters.labelsFitted - before.1 >= 480 / 64 - 1, "the rows on screen are drawn")
    }

    /// The rows the bisection finds are exactly the rows a walk of the whole list finds.
    @Test(arguments: [(0, 1), (100, 101), (108, 300), (5_000, 5_480), (1_000_000, 1_000_480), (9_000_000, 9_000_480)])
    func visibleRowsAreThoseThatReachIntoTheBand(top: Int, bottom: Int) {
        let layout = PanelLayout(description: Self.description, logicalSize: Size(width: 800, height: 480))
        var found: [PanelLayout.Row] = []
        for index in layout.sectionIndices(reaching: top, bottom) {
            let section = layout.sections[index]
            found += section.rows[section.rowIndices(reaching: top, bottom)]
        }
        let walked = layout.sections.flatMap(\.rows).filter { $0.frame.maxY > top && $0.frame.minY < bottom }
        #expect(found == walked)
        #expect(found.allSatisfy { $0.target == nil || layout.targets[$0.target!] == $0 })
    }
}
