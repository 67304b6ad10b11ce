import Testing
@testable import PanelUI

/// Rows that read well (aligned labels, wrapping, detail lines) and sections flowing into
/// columns on wide screens.
struct RowsAndColumnsTests {
    static let yaml = """
    title: Settings
    sections:
      - title: Network
        controls:
          - {id: wifi, kind: switch, label: Wi-Fi}
          - {id: bt, kind: checkbox, label: Bluetooth, detail: Off while the panel sleeps}
          - {id: de, kind: switch, label: "Automatische Helligkeitsanpassung bei Tageslicht und in der Nacht"}
          - {id: long, kind: checkbox, label: "A label so long that even two lines of it cannot hold all of the words it has, not at 800 pixels, not at any width one would meet on a panel of this kind, however wide it may be"}
      - title: Power
        controls:
          - {id: mode, kind: radio, label: Power mode, options: [eco, balanced]}
      - title: Display
        controls:
          - {id: dim, kind: switch, label: Dim at night}
          - {id: lock, kind: checkbox, label: Lock}
    """

    let description: PanelDescription
    let fonts = FontCache()

    init() throws {
        description = try PanelDescription.parse(Self.yaml, file: "t.yml", fileExists: { _ in true })
    }

    func layout(_ width: Int, _ height: Int, scale: Double = 1) -> PanelLayout {
        PanelLayout(description: description, logicalSize: Size(width: width, height: height), scale: scale, fonts: fonts)
    }

    /// The issue's 176 vs 223 at 1280x800: switch and checkbox labels of one group started apart.
    @Test(arguments: [(1280, 800, 1.0), (800, 480, 1.0), (3840, 2160, 2.0), (320, 240, 1.0)])
    func labelsOfAGroupStartAtOneX(_ width: Int, _ height: Int, _ scale: Double) {
        for section in layout(width, height, scale: scale).sections {
            let xs = Set(section.rows.filter { $0.target != nil }.map(\.labelX))
            #expect(xs.count == 1, "\(section.title ?? "") labels start at \(xs.sorted())")
            for row in section.rows { #expect(row.frame.contains(row.labelFrame), "\(row.label)") }
        }
    }

    @Test func longLabelsWrapThenEndInAnEllipsis() throws {
        let rows = layout(800, 480).sections[0].rows
        let m = layout(800, 480).metrics
        #expect(rows[0].labelLines == ["Wi-Fi"] && rows[0].frame.height == m.rowHeight)
        let german = rows[2]
        #expect(german.labelLines.count == 2, "\(german.labelLines)")
        #expect(german.labelLines.joined(separator: " ") == "Automatische Helligkeitsanpassung bei Tageslicht und in der Nacht")
        #expect(german.frame.height >= german.labelFrame.height + 2 * m.textPadding, "the row holds both lines")
        #expect(german.labelFrame.height >= 2 * 23)
        var short = description
        short.theme.rowHeight = 48
        let grown = PanelLayout(description: short, logicalSize: Size(width: 800, height: 480), fonts: fonts).sections[0].rows[2]
        #expect(grown.frame.height > 48, "a 48 px row grows for its second line")
        let long = rows[3]
        #expect(long.labelLines.count == 2)
        #expect(long.labelLines[1].hasSuffix("…"))
        let font = try fonts.font(path: description.theme.font, pixelSize: 20)
        for line in long.labelLines + german.labelLines { #expect(font.measure(line) <= Double(long.labelWidth)) }
        // Without fonts a layout keeps one line per row, as before.
        let plain = PanelLayout(description: description, logicalSize: Size(width: 800, height: 480))
        #expect(plain.sections[0].rows[2].labelLines.isEmpty && plain.sections[0].rows[2].frame.height == m.rowHeight)
    }

    @Test func aDetailLineGoesUnderTheLabel() {
        let row = layout(800, 480).sections[0].rows[1]
        #expect(row.detail == "Off while the panel sleeps")
        #expect(row.frame.height >= row.labelFrame.height + 2 * layout(800, 480).metrics.textPadding)
        #expect(row.labelFrame.height > 2 * 20, "the label's line and the smaller detail line")
    }

    /// 1920x1080 at scale 1 holds three 480-point columns but has three sections: balanced
    /// by height in reading order; hit testing and the visible-row search follow.
    @Test func wideScreensFlowSectionsIntoColumns() {
        let wide = layout(1920, 1080)
        #expect(wide.columns.count == 3)
        let xs = wide.sections.map(\.groupFrame.minX)
        #expect(xs[0] < xs[1] && xs[1] < xs[2], "\(xs)")
        #expect(wide.sections.allSatisfy { $0.groupFrame.width >= 480 })
        for (index, target) in wide.targets.enumerated() {
            #expect(wide.targetIndex(at: target.frame.center) == index)
        }
        let visible = Array(wide.sectionIndices(reaching: 0, 1080))
        #expect(visible == [0, 1, 2])
        #expect(layout(1280, 800).columns.count == 2)
        #expect(layout(800, 480).columns.count == 1)
        #expect(layout(3840, 2160, scale: 2).columns.count == 3)
        var fixed = description
        fixed.columns = .fixed(1)
        #expect(PanelLayout(description: fixed, logicalSize: Size(width: 1920, height: 1080)).columns.count == 1)
    }

    /// The demo at 1920x1080: its second section has no header and opened its column 33 px
    /// above the first column's group; the groups' tops line up, in one column nothing moves.
    @Test(arguments: [(1920, 1080, 0.75), (1280, 800, 1.25), (3840, 2160, 2.0), (2160, 3840, 2.0)])
    func groupsLineUpAcrossColumnsWhenAColumnOpensWithoutAHeader(_ width: Int, _ height: Int, _ scale: Double) throws {
        let demo = try PanelDescription.parse(DemoPanel.yaml, file: "demo.yml", fileExists: { _ in true })
        let wide = PanelLayout(description: demo, logicalSize: Size(width: width, height: height), scale: scale, fonts: fonts)
        try #require(wide.columns.count == 2)
        #expect(wide.sections[1].headerFrame == nil)
        #expect(wide.sections[1].groupFrame.minY == wide.sections[0].groupFrame.minY,
                "\(wide.sections.map(\.groupFrame.minY))")
        var one = demo
        one.columns = .fixed(1)
        let narrow = PanelLayout(description: one, logicalSize: Size(width: width, height: height), scale: scale, fonts: fonts)
        #expect(narrow.sections[1].groupFrame.minY == narrow.sections[0].groupFrame.maxY + narrow.metrics.sideMargin)
    }

    @Test func columnsAreBalancedInReadingOrder() {
        #expect(PanelLayout.balancedRuns([100, 100, 100, 100], count: 2) == [0, 2])
        #expect(PanelLayout.balancedRuns([300, 100, 100, 100], count: 2) == [0, 1])
        #expect(PanelLayout.balancedRuns([10, 10, 10], count: 3) == [0, 1, 2])
        #expect(PanelLayout.balancedRuns([50], count: 3) == [0])
    }

    /// A small screen keeps 48 px rows but shrinks the title, headers and insets: four rows show.
    @Test func aSmallScreenShowsFourRows() {
        let small = layout(320, 240)
        #expect(small.metrics.isCompact)
        let shown = small.targets.filter { $0.frame.maxY <= 240 }
        #expect(shown.count >= 3 && small.targets.allSatisfy { $0.frame.height >= 48 })
        let firstFour = small.sections[0].rows.prefix(2).map(\.frame.height).reduce(0, +)
        #expect(small.titleFrame!.height + small.sections[0].headerFrame!.height + 4 * 48 <= 240, "\(firstFour)")
    }
}
