import Testing
@testable import PanelUI

/// Pages: decoding (ids unique across pages, nesting bounded), push and pop by tap, back
/// control and edge swipe, slides that are interruptible, damage of a slide and partial
/// repaint equal to full at every frame, and the look in every theme.
struct PageTests {
    static func yaml(theme: String = "light") -> String {
        """
        title: Settings
        theme: \(theme)
        sections:
          - title: Connections
            controls:
              - id: network
                kind: page
                label: Network
                detail: Wi-Fi and addresses
                sections:
                  - title: Wireless
                    controls:
                      - {id: wifi, kind: switch, label: Wi-Fi, default: true}
                      - {id: band, kind: radio, label: Band, options: ["2.4 GHz", "5 GHz"], default: "5 GHz"}
                  - controls:
                      - {id: ip, kind: value, label: IP address, default: 10.0.0.7}
              - {id: bt, kind: switch, label: Bluetooth}
          - title: Display
            controls:
              - {id: dark, kind: checkbox, label: Dark at night}
        """
    }

    let fonts = FontCache()
    static let size = Size(width: 800, height: 480)

    func model(theme: String = "light") throws -> PanelModel {
        let description = try PanelDescription.parse(Self.yaml(theme: theme), file: "p.yml", fileExists: { _ in true })
        return PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: Self.size, fonts: fonts),
                          pages: PanelLayout.pages(of: description, logicalSize: Self.size, fonts: fonts))
    }

    func render(_ m: PanelModel, at now: Double) throws -> PixelBuffer {
        let buffer = PixelBuffer(size: m.layout.logicalSize)
        try PanelPainter(description: m.description, fonts: fonts).draw(m, at: now, into: buffer, clip: buffer.bounds)
        return buffer
    }

    func index(_ m: PanelModel, _ id: String) -> Int { m.description.controls.firstIndex { $0.id == id }! }

    func target(_ m: PanelModel, _ id: String) -> Point {
        m.layout.targets.first { m.description.controls[m.controlIndex(ofTarget: m.layout.targets.firstIndex(of: $0)!)].id == id }!.frame.center
    }

    @discardableResult
    func tap(_ m: inout PanelModel, _ p: Point, at t: Double) -> [PanelEvent] {
        m.handle(PanelTouch(phase: .down, slot: 0, position: p), at: t) + m.handle(PanelTouch(phase: .up, slot: 0, position: p), at: t + 0.05)
    }

    @Test func everyPagesControlsAreInTheOneList() throws {
        let m = try model()
        #expect(m.description.controls.map(\.id) == ["network", "bt", "dark", "wifi", "band", "ip"], "the panel's own, then the page's")
        #expect(m.description.pageStarts == [0: 3])
        #expect(m.layout.targets.count == 3, "the panel's page shows three rows")
        #expect(m.values[index(m, "wifi")] == .bool(true))
    }

    @Test func pageMistakesAreLocated() {
        let duplicate = """
        sections:
          - controls:
              - {id: wifi, kind: switch}
              - id: net
                kind: page
                sections:
                  - controls:
                      - {id: wifi, kind: checkbox}
        """
        #expect(descriptionFailure(duplicate) == "panel.yaml:8:22: duplicate id 'wifi' (first defined at 3:9)")
        let empty = "sections:\n  - controls:\n      - {id: net, kind: page}\n"
        #expect(descriptionFailure(empty) == "panel.yaml:3:9: page 'net' has no 'sections'; add the sections it opens, each with 'controls'")
        var deep = "- controls:\n    - {id: leaf, kind: switch}"
        for level in 0..<9 {
            deep = "- controls:\n    - id: p\(level)\n      kind: page\n      sections:\n"
                + deep.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
        }
        deep = "sections:\n" + deep.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
        #expect(descriptionFailure(deep)?.contains("is nested 9 pages deep; at most 8 are allowed") == true, "\(descriptionFailure(deep) ?? "ok")")
    }

    @Test func aTapOpensThePageAndBackReturnsWithValuesKept() throws {
        var m = try model()
        let events = tap(&m, target(m, "network"), at: 0)
        #expect(events.contains(.pageOpened(id: "network")))
        #expect(m.currentPage == 0 && m.layout.page == 0)
        #expect(m.isAnimating(at: 0.2) && !m.isAnimating(at: 0.5), "a 0.35 s slide")
        #expect(tap(&m, target(m, "wifi"), at: 1).valueChanges.map(\.value) == [.bool(false)])
        let back = try #require(m.layout.backFrame)
        #expect(tap(&m, back.center, at: 2).contains(.pageClosed(id: "network")))
        #expect(m.currentPage == nil && m.layout.page == nil)
        #expect(m.values[index(m, "wifi")] == .bool(false), "kept after going back")
        // And again: the page shows the value it was left at.
        tap(&m, target(m, "network"), at: 3)
        #expect(m.isOn(target: m.layout.targets.firstIndex { $0.label == "Wi-Fi" }!) == false)
    }

    /// A push turned around half-way by the back control goes back from where it was.
    @Test func aSlideIsInterruptible() throws {
        var m = try model()
        tap(&m, target(m, "network"), at: 0)
        let opened = 0.05  // the tap's up
        let half = opened + PanelModel.slideDuration / 2
        let before = try #require(m.pageSlide(at: half)).progress
        _ = m.handle(PanelTouch(phase: .down, slot: 1, position: m.layout.backFrame!.center), at: half)
        let after = try #require(m.pageSlide(at: half))
        #expect(abs(after.progress - before) < 1e-9, "the pop starts where the push was")
        #expect(m.currentPage == nil)
        #expect(m.pageSlide(at: half + PanelModel.slideDuration * before + 0.01) == nil, "and takes the rest of the way only")
    }

    @Test func aSwipeFromTheLeftEdgeGoesBack() throws {
        var m = try model()
        tap(&m, target(m, "network"), at: 0)
        func swipe(to x: Double, at t: Double) -> [PanelEvent] {
            _ = m.handle(PanelTouch(phase: .down, slot: 0, position: Point(x: 4, y: 300)), at: t)
            _ = m.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: x / 2, y: 302)), at: t + 0.05)
            #expect(m.pageSlide(at: t + 0.05) != nil, "the page follows the finger")
            _ = m.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: x, y: 304)), at: t + 0.1)
            return m.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: x, y: 304)), at: t + 0.15)
        }
        #expect(swipe(to: 150, at: 1).isEmpty, "a short swipe slides the page back")
        #expect(m.currentPage == 0)
        #expect(swipe(to: 500, at: 2).contains(.pageClosed(id: "network")))
        #expect(m.currentPage == nil)
    }

    /// Every frame of a push and a pop, painted from its damage only, equals a full repaint;
    /// a slide frame repaints the screen, and the frame after it ends nothing more.
    @Test func slideFramesRepaintEqualsFull() throws {
        var m = try model()
        let painter = try PanelPainter(description: m.description, fonts: fonts)
        let frame = try render(m, at: 0)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        tap(&m, target(m, "network"), at: 0)
        var previous = 0.05
        var fullFrames = 0
        for step in 1...60 {
            let now = 0.05 + Double(step) / 60
            if step == 30 { tap(&m, m.layout.backFrame!.center, at: now) }
            let damage = m.takeDamage(previousFrame: previous, now: now)
            if damage == [Rect(x: 0, y: 0, width: 800, height: 480)] { fullFrames += 1 }
            for rect in damage { painter.draw(m, at: now, into: frame, clip: rect) }
            previous = now
            let full = try render(m, at: now)
            let differing = (0..<frame.pixels.count).filter { frame.pixels[$0] != full.pixels[$0] }.count
            #expect(differing == 0, "at step \(step)")
        }
        #expect(fullFrames >= 30 && fullFrames <= 45, "\(fullFrames) full frames for two 0.35 s slides at 60 Hz")
        #expect(m.takeDamage(previousFrame: previous, now: previous + 1).isEmpty, "at rest nothing is repainted")
    }

    @Test(arguments: ["light", "dark", "high-contrast"])
    func pagesInEveryTheme(_ theme: String) throws {
        var m = try model(theme: theme)
        expectGolden(try render(m, at: 0), named: "panels/page-row-\(theme)")
        tap(&m, target(m, "network"), at: 0)
        expectGolden(try render(m, at: 1), named: "panels/page-network-\(theme)")
    }

    /// `update` of a control inside a page changes it there, in the one list and on its page.
    @Test func anUpdateReachesAControlOnAPage() throws {
        var m = try model()
        let wifi = index(m, "wifi"), size = Self.size, fonts = fonts
        _ = m.update(control: wifi, ControlUpdate(label: "Wireless"), at: 0) { d, page in
            PanelLayout(description: d, logicalSize: size, fonts: fonts, page: page)
        }
        #expect(m.description.controls[wifi].label == "Wireless")
        #expect(m.description.controls[0].page?[0].controls[0].label == "Wireless", "in the page's own sections")
        tap(&m, target(m, "network"), at: 1)
        #expect(m.layout.targets.contains { $0.label == "Wireless" })
    }

    @Test func midSlide() throws {
        var m = try model()
        tap(&m, target(m, "network"), at: 0)
        expectGolden(try render(m, at: 0.05 + PanelModel.slideDuration / 2), named: "panels/page-mid-slide")
    }
}

/// `summary: ID` on a page row: the value of a control inside the page, before the chevron,
/// repainted when that value changes, partial repaint equal to full.
struct PageSummaryTests {
    static let yaml = """
    title: Settings
    sections:
      - controls:
          - id: network
            kind: page
            label: Network
            summary: band
            sections:
              - controls:
                  - {id: wifi, kind: switch, label: Wi-Fi, default: true}
                  - {id: band, kind: radio, label: Band, options: ["2.4 GHz", "5 GHz"], default: "5 GHz"}
          - id: heat
            kind: page
            label: Heating
            summary: setpoint
            sections:
              - controls:
                  - {id: setpoint, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 21.5}
    """

    @Test func theRowShowsTheValueAndFollowsIt() throws {
        let fonts = FontCache()
        let size = Size(width: 800, height: 480)
        let description = try PanelDescription.parse(Self.yaml, file: "s.yml", fileExists: { _ in true })
        var m = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, fonts: fonts),
                           pages: PanelLayout.pages(of: description, logicalSize: size, fonts: fonts))
        let row = m.layout.targets[0]
        #expect(!row.valueFrame.isEmpty && row.valueFrame.maxX < row.controlFrame.minX, "the text before the chevron")
        #expect(row.labelX + row.labelWidth <= row.valueFrame.minX, "the label stops before it")
        let painter = try PanelPainter(description: description, fonts: fonts)
        let frame = PixelBuffer(size: size)
        painter.draw(m, at: 0, into: frame, clip: frame.bounds)
        expectGolden(frame, named: "panels/page-summary")
        _ = m.takeDamage(previousFrame: 0, now: 0)
        let band = description.controls.firstIndex { $0.id == "band" }!
        _ = m.setValue(.option("2.4 GHz"), ofControl: band, animated: false, at: 1)
        let damage = m.takeDamage(previousFrame: 0, now: 1)
        #expect(damage.contains(row.frame), "\(damage)")
        for rect in damage { painter.draw(m, at: 1, into: frame, clip: rect) }
        let full = PixelBuffer(size: size)
        painter.draw(m, at: 1, into: full, clip: full.bounds)
        withExtendedLifetime((frame, full)) { #expect(Array(frame.pixels) == Array(full.pixels)) }
    }

    @Test func aSummaryMustNameAControlOnThePage() {
        let yaml = "sections:\n  - controls:\n      - {id: wifi, kind: switch}\n      - {id: net, kind: page, summary: wifi, sections: [{controls: [{id: band, kind: switch}]}]}\n"
        #expect(descriptionFailure(yaml) == "panel.yaml:4:40: summary 'wifi' of page 'net' is not a control on that page; its controls: band")
    }
}
