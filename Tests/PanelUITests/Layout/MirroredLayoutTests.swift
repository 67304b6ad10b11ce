import Testing
@testable import PanelUI

/// A right-to-left panel's layout: labels right-aligned at the right, widgets and values at the
/// left, boxes and icons at the labels' right, the back control at the top right, columns from
/// right to left, the badge before the label; hit testing finds the mirrored frames.
struct MirroredLayoutTests {
    static let size = Size(width: 800, height: 600)
    static let yaml = """
    title: הגדרות
    sections:
      - title: רשת
        controls:
          - {id: wifi, kind: switch, label: אלחוטי, default: true}
          - {id: bt, kind: checkbox, label: בלוטות}
          - {id: mode, kind: radio, label: מצב, options: [חסכוני, מאוזן], default: מאוזן}
          - {id: level, kind: slider, label: בהירות, min: 0, max: 100, step: 5, unit: "%", default: 30}
          - {id: temp, kind: stepper, label: טמפרטורה, min: 16, max: 28, step: 0.5, default: 21}
          - {id: ip, kind: value, label: כתובת, default: 10.0.0.7}
          - id: net
            kind: page
            label: מתקדם
            summary: dns
            sections:
              - controls:
                  - {id: dns, kind: switch, label: שמות}
    """

    let fonts = FontCache()

    func layouts(_ yaml: String = Self.yaml, size: Size = Self.size, page: Int? = nil) throws -> (rtl: PanelLayout, ltr: PanelLayout) {
        var description = try PanelDescription.parse(yaml, file: "r.yml", fileExists: { _ in true })
        let rtl = PanelLayout(description: description, logicalSize: size, fonts: fonts, page: page)
        description.direction = .ltr
        return (rtl, PanelLayout(description: description, logicalSize: size, fonts: fonts, page: page))
    }

    @Test func widgetsAtTheLeftLabelsAtTheRight() throws {
        let (layout, ltr) = try layouts()
        #expect(layout.direction == .rtl && ltr.direction == .ltr)
        let group = layout.sections[0].groupFrame, m = layout.metrics
        for row in layout.targets {
            #expect(row.isRightToLeft)
            #expect(row.frame == Rect(x: group.x, y: row.frame.y, width: group.width, height: row.frame.height), "the whole row")
            #expect(row.labelX + row.labelWidth <= group.maxX - m.rowInset, "\(row.label): the label's room ends at the right inset")
            switch row.kind {
            case .control(_, option: nil) where row.label != "בלוטות":
                // Switch, slider, stepper, page: their widgets stand at the left, the label right of them.
                #expect(row.controlFrame.minX < Self.size.width / 4, "\(row.label): \(row.controlFrame)")
                #expect(row.controlFrame.maxX <= row.labelX, "\(row.label)")
            default:
                // A checkbox's and the radio options' boxes lead the label, at the right.
                #expect(row.controlFrame.minX > Self.size.width / 2 && row.controlFrame.minX >= row.labelX + row.labelWidth,
                        "\(row.label): \(row.controlFrame)")
            }
        }
        let slider = layout.targets[4]
        #expect(slider.valueFrame.maxX <= slider.controlFrame.minX, "the slider's value is left of its track")
        let value = layout.sections[0].rows.first { $0.kind == .display(index: 5) }!
        #expect(value.controlFrame.minX == group.x + m.rowInset, "a value row's text is at the left inset")
        let page = layout.targets.last!
        #expect(page.controlFrame.minX == group.x + m.rowInset && page.valueFrame.minX > page.controlFrame.maxX,
                "the chevron at the left, the summary right of it")
    }

    /// Every frame is the left-to-right one seen in a mirror: same sizes, same rows, same targets.
    @Test func theLayoutIsTheLeftToRightOneMirrored() throws {
        let (rtl, ltr) = try layouts()
        let width = Self.size.width
        #expect(rtl.targets.count == ltr.targets.count && rtl.contentHeight == ltr.contentHeight)
        for (r, l) in zip(rtl.targets, ltr.targets) {
            #expect(r.frame == l.frame.mirrored(within: width))
            #expect(r.controlFrame == l.controlFrame.mirrored(within: width))
            #expect(r.labelFrame == l.labelFrame.mirrored(within: width))
            #expect(r.labelWidth == l.labelWidth && r.labelLines == l.labelLines)
            #expect(r.labelX == width - l.labelX - l.labelWidth)
        }
        #expect(rtl.sections.map(\.groupFrame) == ltr.sections.map { $0.groupFrame.mirrored(within: width) })
    }

    @Test func tapsFindTheMirroredWidgets() throws {
        let (layout, ltr) = try layouts()
        let wifi = layout.targets[0]
        #expect(layout.targetIndex(at: wifi.controlFrame.center) == 0, "the switch at the left is the Wi-Fi row")
        // Where the switch is left to right is the label's end now: the whole row is still its target.
        #expect(layout.targetIndex(at: ltr.targets[0].controlFrame.center) == 0)
        #expect(layout.targetIndex(at: layout.targets[1].controlFrame.center) == 1, "the checkbox at the right")
    }

    @Test func iconsStandRightOfTheirLabels() throws {
        let yaml = "direction: rtl\nsections:\n  - controls:\n      - {id: a, kind: switch, label: Lamp, icon: i.png}\n      - {id: b, kind: checkbox, label: Box}\n"
        let (layout, _) = try layouts(yaml)
        let rows = layout.sections[0].rows
        let icon = try #require(rows[0].iconFrame)
        #expect(icon.minX >= rows[0].labelX + rows[0].labelWidth + layout.metrics.labelGap, "right of the label")
        #expect(icon.maxX < rows[1].controlFrame.minX, "left of the box column")
        #expect(rows[0].labelX + rows[0].labelWidth == rows[1].labelX + rows[1].labelWidth, "one label edge, at the right")
    }

    @Test func theBackControlIsAtTheTopRight() throws {
        let description = try PanelDescription.parse(Self.yaml, file: "r.yml", fileExists: { _ in true })
        let page = try #require(description.controls.firstIndex { $0.id == "net" })
        let (layout, ltr) = try layouts(page: page)
        let back = try #require(layout.backFrame)
        #expect(back.maxX == Self.size.width && back.minY == 0, "\(back)")
        #expect(back.width == ltr.backFrame?.width)
        #expect(layout.targets[0].controlFrame.maxX < Self.size.width / 2, "the page's switch at the left too")
    }

    /// On a wide screen sections flow into columns in reading order: the first at the right.
    @Test func columnsRunFromRightToLeft() throws {
        let yaml = "title: שלום\ncolumns: 3\nsections:\n" + (0..<3).map { "  - title: ק\($0)\n    controls:\n      - {id: c\($0), kind: switch, label: א\($0)}\n" }.joined()
        let (layout, _) = try layouts(yaml, size: Size(width: 1920, height: 1080))
        #expect(layout.columns.count == 3)
        let xs = layout.columns.map { layout.sections[$0.lowerBound].groupFrame.minX }
        #expect(xs[0] > xs[1] && xs[1] > xs[2], "\(xs)")
        #expect(layout.targets.map(\.label) == ["א0", "א1", "א2"], "targets in reading order")
    }

    /// The failure badge stands before the label's text, at its left, and is hit-tested there.
    @Test func theBadgeIsLeftOfTheLabel() throws {
        let (layout, _) = try layouts()
        let row = layout.targets[0], m = layout.metrics
        let badgeX = try #require(row.badgeX)
        let font = try fonts.font(path: Theme.defaultFont, pixelSize: m.fontSize)
        let textStart = Double(row.labelX + row.labelWidth) - font.measure(row.label).rounded()
        #expect(abs(badgeX + m.badgeDiameter + m.badgeGap - textStart) < 0.001, "a gap left of the text")
        var model = PanelModel(description: try PanelDescription.parse(Self.yaml, file: "r.yml", fileExists: { _ in true }),
                               layout: layout)
        model.setFailed(true, control: 0)
        #expect(model.failedBadge(at: row.badgeFrame(m).center) == 0)
    }
}
