import Testing
@testable import PanelUI

/// Issue 13: a small screen keeps every row at least 48 px at scale 1 but shrinks the title,
/// headers and captions so that four rows show, upright (320x240) and turned (240x320).
struct CompactScreenTests {
    let fonts = FontCache()

    static let sixSwitches = """
        title: Settings
        sections:
          - title: Network
            controls:
        \((1...6).map { "      - {id: s\($0), kind: switch, label: Setting \($0)}" }.joined(separator: "\n"))
        """

    func layout(_ yaml: String, _ width: Int, _ height: Int) throws -> PanelLayout {
        let description = try PanelDescription.parse(yaml, file: "compact.yml", fileExists: { _ in true })
        return PanelLayout(description: description, logicalSize: Size(width: width, height: height), fonts: fonts)
    }

    /// Rows (controls and captions) lying wholly inside the viewport, before any scrolling.
    func wholeRows(_ layout: PanelLayout) -> [PanelLayout.Row] {
        layout.sections.flatMap(\.rows).filter {
            layout.viewport.minY <= $0.frame.minY && $0.frame.maxY <= layout.viewport.maxY
        }
    }

    @Test(arguments: [(320, 240, 4), (240, 320, 4)])
    func sixSwitchesShowFourRowsOrMore(_ width: Int, _ height: Int, _ rows: Int) throws {
        let layout = try layout(Self.sixSwitches, width, height)
        #expect(layout.metrics.isCompact)
        #expect(layout.targets.allSatisfy { $0.frame.height >= LayoutMetrics.minimumRowHeight })
        #expect(wholeRows(layout).count >= rows, "\(width)x\(height): \(wholeRows(layout).map(\.frame))")
    }

    /// Upright, the demo's first group and its second's caption show whole (a fourth control
    /// row cannot: title, header, group gap and caption need more than the 48 px four rows
    /// leave of 240). Turned, four control rows show (before, 240x320 was not compact: three).
    @Test func theDemoShowsFourRowsUprightAndTurned() throws {
        let upright = try layout(DemoPanel.yaml, 320, 240)
        let shown = wholeRows(upright)
        #expect(shown.count >= 4, "\(shown.map(\.frame))")
        #expect(shown.filter { $0.target != nil }.allSatisfy { $0.frame.height >= LayoutMetrics.minimumRowHeight })
        let turned = try layout(DemoPanel.yaml, 240, 320)
        #expect(turned.metrics.isCompact)
        #expect(wholeRows(turned).filter { $0.target != nil }.count >= 4, "\(wholeRows(turned).map(\.frame))")
    }
}
