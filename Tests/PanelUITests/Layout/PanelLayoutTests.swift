import Testing
@testable import PanelUI

struct PanelLayoutTests {
    static let yaml = """
    title: Settings
    sections:
      - title: Network
        controls:
          - {id: wifi, kind: switch, label: Wi-Fi}
          - {id: bt, kind: checkbox, label: Bluetooth}
      - controls:
          - {id: mode, kind: radio, label: Power mode, options: [eco, balanced]}
    """

    let description: PanelDescription
    let layout: PanelLayout

    init() throws {
        description = try PanelDescription.parse(Self.yaml, file: "t.yml", fileExists: { _ in true })
        layout = PanelLayout(description: description, logicalSize: Size(width: 800, height: 480))
    }

    @Test func rowsStackBelowTitleAndHeader() {
        #expect(layout.titleFrame == Rect(x: 0, y: 0, width: 800, height: 64))
        let network = layout.sections[0]
        #expect(network.headerFrame == Rect(x: 16, y: 64, width: 768, height: 44))
        #expect(network.rows.map(\.frame) == [
            Rect(x: 16, y: 108, width: 768, height: 64),
            Rect(x: 16, y: 172, width: 768, height: 64),
        ])
        #expect(network.groupFrame == Rect(x: 16, y: 108, width: 768, height: 128))
        #expect(network.rows.map(\.hasSeparator) == [true, false])
    }

    @Test func radioHasACaptionAndARowPerOption() {
        let power = layout.sections[1]
        #expect(power.headerFrame == nil)
        #expect(power.rows.map(\.kind) == [.caption(index: 2), .control(index: 2, option: 0), .control(index: 2, option: 1)])
        #expect(power.rows.map(\.label) == ["Power mode", "eco", "balanced"])
        #expect(layout.targets.count == 4, "the caption is not a touch target")
    }

    @Test func everyTargetIsAtLeast48High() {
        for row in layout.targets { #expect(row.frame.height >= 48) }
    }

    @Test func switchesSitRightAndBoxesLeftOfTheirLabels() {
        for row in layout.targets {
            #expect(row.frame.contains(row.controlFrame))
            #expect(abs(row.controlFrame.center.y - row.frame.center.y) <= 0.5)
        }
        let wifi = layout.targets[0], bluetooth = layout.targets[1], eco = layout.targets[2]
        #expect(wifi.controlFrame.maxX == wifi.frame.maxX - PanelLayout.rowInset)
        // Every label of the group starts at one x, after the box column, whatever its widget.
        #expect(wifi.labelX == bluetooth.labelX)
        #expect(wifi.controlFrame.size == Size(width: 53, height: 32), "UISwitch proportions")
        for row in [bluetooth, eco] {
            #expect(row.controlFrame.x == row.frame.x + PanelLayout.rowInset)
            #expect(row.labelX == row.controlFrame.maxX + PanelLayout.labelGap)
        }
        #expect(bluetooth.controlFrame.size == Size(width: 40, height: 40), "the checkbox seed's 40x40 box")
        // A label may reach the switch (less a gap) or the row's inset, never past either.
        #expect(wifi.labelX + wifi.labelWidth == wifi.controlFrame.minX - PanelLayout.labelGap)
        for row in [bluetooth, eco] {
            #expect(row.labelX + row.labelWidth == row.frame.maxX - PanelLayout.rowInset)
        }
        #expect(PanelLayout.controlSize(.checkbox, rowHeight: 48) == Size(width: 30, height: 30))
    }

    @Test func wideScreensCentreAReadableColumn() {
        var oneColumn = description
        oneColumn.columns = .fixed(1)
        let wide = PanelLayout(description: oneColumn, logicalSize: Size(width: 1920, height: 1080))
        #expect(wide.targets[0].frame.width == PanelLayout.maxContentWidth)
        #expect(wide.targets[0].frame.x == (1920 - PanelLayout.maxContentWidth) / 2)
    }

    @Test func hitTestingFindsTheRow() {
        #expect(layout.targetIndex(at: Point(x: 400, y: 120)) == 0)
        #expect(layout.targetIndex(at: Point(x: 400, y: 236)) == nil, "the gap below the group")
        #expect(layout.targetIndex(at: Point(x: 5, y: 120)) == nil, "the margin")
    }
}
