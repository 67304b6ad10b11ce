import Testing
@testable import PanelUI

/// Buttons and `confirm:` dialogs on pages: a tap on a button inside a page presses it, a
/// press never comes while pages slide, and a dialog takes touches before the page's back
/// control and edge swipe.
struct ButtonPageTests {
    static let yaml = """
        title: Settings
        sections:
          - controls:
              - id: service
                kind: page
                label: Service
                sections:
                  - controls:
                      - {id: restart, kind: button, label: Restart, action: {exec: [/bin/true]}}
                      - {id: erase, kind: button, label: Erase, style: destructive, confirm: "Erase everything?"}
                      - {id: heat, kind: switch, label: Heating, default: true, confirm: "Turn the heating off?"}
        """
    let fonts = FontCache()
    static let size = Size(width: 800, height: 480)

    func model() throws -> PanelModel {
        let description = try PanelDescription.parse(Self.yaml, file: "p.yml", fileExists: { _ in true })
        var m = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: Self.size, fonts: fonts),
                           pages: PanelLayout.pages(of: description, logicalSize: Self.size, fonts: fonts), fonts: fonts)
        _ = tap(&m, row(m, "service"), at: 0)
        #expect(m.currentPage == 0 && m.pageSlide(at: 1) == nil, "the page is open and settled")
        return m
    }

    func row(_ m: PanelModel, _ id: String) -> Point {
        let target = m.layout.targets.indices.first { m.description.controls[m.controlIndex(ofTarget: $0)].id == id }!
        return m.layout.targets[target].frame.center
    }

    func tap(_ m: inout PanelModel, _ p: Point, slot: Int = 0, at t: Double) -> [PanelEvent] {
        m.handle(PanelTouch(phase: .down, slot: slot, position: p), at: t)
            + m.handle(PanelTouch(phase: .up, slot: slot, position: p), at: t + 0.05)
    }

    static func presses(_ events: [PanelEvent]) -> [String] {
        events.compactMap { if case .pressed(_, let id) = $0 { id } else { nil } }
    }

    @Test func aButtonOnAPageIsPressed() throws {
        var m = try model()
        #expect(Self.presses(tap(&m, row(m, "restart"), at: 1)) == ["restart"])
    }

    /// A finger on a button while another swipes the page away from the left edge: lifted on
    /// the button during the slide, it presses nothing (before, the press came mid-slide).
    @Test func noPressWhilePagesSlide() throws {
        var m = try model()
        let button = row(m, "restart")
        _ = m.handle(PanelTouch(phase: .down, slot: 0, position: button), at: 1)
        _ = m.handle(PanelTouch(phase: .down, slot: 1, position: Point(x: 4, y: button.y + 80)), at: 1.01)
        _ = m.handle(PanelTouch(phase: .motion, slot: 1, position: Point(x: 200, y: button.y + 82)), at: 1.05)
        #expect(m.pageSlide(at: 1.05) != nil, "the page follows the edge swipe")
        let up = m.handle(PanelTouch(phase: .up, slot: 0, position: button), at: 1.1)
        #expect(Self.presses(up).isEmpty, "no press while the page slides")
        _ = m.handle(PanelTouch(phase: .up, slot: 1, position: Point(x: 200, y: button.y + 82)), at: 1.15)
        #expect(m.currentPage == 0, "a short swipe slides the page back")
        #expect(Self.presses(tap(&m, row(m, "restart"), at: 2)) == ["restart"], "settled, a tap presses again")
    }

    /// With the dialog up, a tap on the back control and a swipe from the left edge go to the
    /// dialog (outside its box: Cancel), not to the page, which stays; only the dialog's
    /// go-ahead presses the button.
    @Test func theDialogTakesTouchesBeforeTheBackControlAndTheEdgeSwipe() throws {
        var m = try model()
        let back = try #require(m.layout.backFrame)
        #expect(Self.presses(tap(&m, row(m, "erase"), at: 1)).isEmpty, "confirm: asks first")
        #expect(!(try #require(m.overlay)).layout.box.intersects(back), "the back control is under the dim only")
        #expect(tap(&m, back.center, at: 2).isEmpty)
        #expect(m.overlay == nil && m.currentPage == 0, "the tap cancelled the dialog; the page stays")

        _ = tap(&m, row(m, "erase"), at: 3)
        let y = Double(m.layout.viewport.maxY - 10)
        #expect(!(try #require(m.overlay)).layout.box.contains(Point(x: 4, y: y)))
        _ = m.handle(PanelTouch(phase: .down, slot: 1, position: Point(x: 4, y: y)), at: 4)
        _ = m.handle(PanelTouch(phase: .motion, slot: 1, position: Point(x: 500, y: y)), at: 4.05)
        #expect(m.pageSlide(at: 4.05) == nil, "no edge swipe behind the dialog")
        #expect(m.overlay != nil)
        let up = m.handle(PanelTouch(phase: .up, slot: 1, position: Point(x: 500, y: y)), at: 4.1)
        #expect(Self.presses(up).isEmpty && m.overlay == nil && m.currentPage == 0, "cancelled; still on the page")

        _ = tap(&m, row(m, "erase"), at: 5)
        let goAhead = try #require(m.overlay).layout.buttons[1]
        #expect(Self.presses(tap(&m, goAhead.center, at: 6)) == ["erase"], "the go-ahead presses it, once")
        #expect(m.overlay == nil && m.currentPage == 0)
    }
}
