import Testing
@testable import PanelUI

/// A right-to-left panel drawn and touched: goldens in the light and dark theme, a page and its
/// back control, the switch's knob on the left when on, partial repaints equal to full ones
/// through toggles, drags, a failure badge, a scroll and page slides.
struct RightToLeftPanelTests {
    static func yaml(theme: String = "light", rows: Int = 0) -> String {
        """
        title: הגדרות
        theme: \(theme)
        sections:
          - title: רשת
            controls:
              - {id: wifi, kind: switch, label: רשת אלחוטית, default: true}
              - {id: bt, kind: checkbox, label: בלוטות, default: true}
              - {id: mode, kind: radio, label: מצב חשמל, options: [חסכוני, מאוזן], default: מאוזן}
          - title: מסך
            controls:
              - {id: level, kind: slider, label: בהירות, min: 0, max: 100, step: 5, unit: "%", default: 30}
              - {id: temp, kind: value, label: טמפרטורה, default: "21.5 °C"}
              - id: net
                kind: page
                label: מתקדם
                detail: שמות ושרתים
                sections:
                  - title: שרתים
                    controls:
                      - {id: dns, kind: switch, label: שרת שמות}
                      - {id: port, kind: stepper, label: יציאה, min: 1, max: 9, default: 5}
        """ + (0..<rows).map { "\n      - {id: r\($0), kind: checkbox, label: שורה \($0)}" }.joined()
    }

    static let size = Size(width: 800, height: 720)
    let fonts = FontCache()

    func model(theme: String = "light", rows: Int = 0, size: Size = Self.size) throws -> PanelModel {
        let description = try PanelDescription.parse(Self.yaml(theme: theme, rows: rows), file: "rtl.yml", fileExists: { _ in true })
        return PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, fonts: fonts),
                          pages: PanelLayout.pages(of: description, logicalSize: size, fonts: fonts))
    }

    func render(_ m: PanelModel, at now: Double) throws -> PixelBuffer {
        let buffer = PixelBuffer(size: m.layout.logicalSize)
        try PanelPainter(description: m.description, fonts: fonts).draw(m, at: now, into: buffer, clip: buffer.bounds)
        return buffer
    }

    func tap(_ m: inout PanelModel, _ p: Point, at t: Double) -> [PanelEvent] {
        m.handle(PanelTouch(phase: .down, slot: 0, position: p), at: t) + m.handle(PanelTouch(phase: .up, slot: 0, position: p), at: t + 0.05)
    }

    @Test(arguments: ["light", "dark"])
    func mirroredPanel(_ theme: String) throws {
        var m = try model(theme: theme)
        #expect(m.layout.direction == .rtl)
        expectGolden(try render(m, at: 0), named: "panels/rtl-\(theme)")
        _ = tap(&m, m.layout.targets.last!.frame.center, at: 0)
        expectGolden(try render(m, at: 1), named: "panels/rtl-page-\(theme)")
    }

    /// The failure badge stands before each label's text, at its left: on a switch's row, a
    /// radio group's caption and a value row. A small screen stacks the slider under its label,
    /// its value at the left end of the label's line.
    @Test func badgesAndASmallScreen() throws {
        var m = try model()
        for control in [0, 2, 4] { m.setFailed(true, control: control) }
        expectGolden(try render(m, at: 0), named: "panels/rtl-action-failed")
        let small = try model(size: Size(width: 320, height: 240))
        let long = "direction: rtl\nsections:\n  - controls:\n      - {id: l, kind: slider, label: Brightness of the hall at night, default: 40}\n"
        let stacked = PanelLayout(description: try PanelDescription.parse(long, file: "l.yml", fileExists: { _ in true }),
                                  logicalSize: Size(width: 320, height: 240), fonts: fonts).targets[0]
        #expect(stacked.labelOnTop && stacked.valueFrame.minY == stacked.labelFrame.minY, "the value on the label's line")
        #expect(stacked.valueFrame.minX < 160 && stacked.valueFrame.maxX <= stacked.labelX, "left of the label: \(stacked.valueFrame) \(stacked.labelFrame)")
        var scrolled = small
        _ = scrolled.handle(PanelTouch(phase: .down, slot: 0, position: Point(x: 160, y: 230)), at: 0)
        for i in 1...10 { _ = scrolled.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: 160, y: 230 - 20 * Double(i))), at: 0.02 * Double(i)) }
        expectGolden(try render(scrolled, at: 0.2), named: "panels/rtl-320x240-scrolled")
    }

    /// On is the trailing side: the knob rests at the left when on and at the right when off.
    @Test func theKnobIsAtTheLeftWhenOn() throws {
        var m = try model()
        let track = m.layout.targets[0].controlFrame
        let knobLeft = Point(x: Double(track.minX) + Double(track.height) / 2, y: track.center.y)
        let knobRight = Point(x: Double(track.maxX) - Double(track.height) / 2, y: track.center.y)
        func pixel(_ b: PixelBuffer, _ p: Point) -> UInt32 { b[Int(p.x), Int(p.y)] & 0xFFFFFF }
        let thumb = m.description.controls[0].switchStyle.thumbColor.xrgb
        let on = try render(m, at: 0)
        #expect(pixel(on, knobLeft) == thumb && pixel(on, knobRight) != thumb)
        _ = tap(&m, track.center, at: 0)
        let off = try render(m, at: 1)
        #expect(m.values[0] == .bool(false))
        #expect(pixel(off, knobRight) == thumb && pixel(off, knobLeft) != thumb)
        withExtendedLifetime((on, off)) {}
    }

    /// Dragging the knob to the left turns the switch on; back to the right, off.
    @Test func aKnobDraggedLeftTurnsOn() throws {
        var m = try model()
        let track = m.layout.targets[0].controlFrame
        _ = tap(&m, track.center, at: 0)
        #expect(m.values[0] == .bool(false))
        let start = Point(x: Double(track.maxX) - Double(track.height) / 2, y: track.center.y)
        _ = m.handle(PanelTouch(phase: .down, slot: 0, position: start), at: 1)
        for i in 1...8 {
            _ = m.handle(PanelTouch(phase: .motion, slot: 0, position: start + Point(x: -Double(track.width) * Double(i) / 8, y: 0)), at: 1 + 0.016 * Double(i))
        }
        _ = m.handle(PanelTouch(phase: .up, slot: 0, position: start + Point(x: -Double(track.width), y: 0)), at: 1.2)
        #expect(m.values[0] == .bool(true))
    }

    /// Every step painted from its damage only equals a full repaint: switch, checkbox, radio,
    /// slider drag, a busy spinner stepping, a failure badge, the page pushed and popped by the back control.
    @Test func partialRepaintsEqualFullOnes() throws {
        var m = try model()
        let painter = try PanelPainter(description: m.description, fonts: fonts)
        let frame = try render(m, at: 0)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        let targets = m.layout.targets
        let track = targets[4].controlFrame
        var touches: [(Double, TouchPhase, Point)] = [
            (0.1, .down, targets[0].controlFrame.center), (0.15, .up, targets[0].controlFrame.center),
            (0.2, .down, targets[1].frame.center), (0.25, .up, targets[1].frame.center),
            (0.3, .down, targets[2].frame.center), (0.35, .up, targets[2].frame.center),
        ]
        // The slider's knob (30 %, right of the middle) dragged to the left end: 100.
        let knob = Point(x: Double(track.maxX) - Double(track.width) * 0.3, y: track.center.y)
        touches.append((0.9, .down, knob))
        for i in 1...10 { touches.append((0.9 + 0.016 * Double(i), .motion, knob + Point(x: -Double(track.width) * 0.08 * Double(i), y: 0))) }
        touches.append((1.1, .up, Point(x: Double(track.minX) - 10, y: track.center.y)))
        var previous = 0.0, next = 0
        for now in stride(from: 1.0 / 60, through: 3.2, by: 1.0 / 60) {
            while next < touches.count, touches[next].0 <= now {
                _ = m.handle(PanelTouch(phase: touches[next].1, slot: 0, position: touches[next].2), at: touches[next].0)
                next += 1
            }
            if abs(now - 1.5) < 0.5 / 60 { m.setFailed(true, control: 0) }
            if abs(now - 1.2) < 0.5 / 60 { m.setBusy(true, control: 1, since: now) }
            if abs(now - 1.75) < 0.5 / 60 { m.setBusy(false, control: 1, since: now) }
            if abs(now - 1.8) < 0.5 / 60 { _ = tap(&m, m.layout.targets.last!.frame.center, at: now - 0.05) }
            if abs(now - 2.6) < 0.5 / 60 { _ = tap(&m, m.layout.backFrame!.center, at: now - 0.05) }
            for rect in m.takeDamage(previousFrame: previous, now: now) { painter.draw(m, at: now, into: frame, clip: rect) }
            previous = now
            let full = try render(m, at: now)
            let differing = (0..<frame.pixels.count).filter { frame.pixels[$0] != full.pixels[$0] }.count
            #expect(differing == 0, "at \(now)")
        }
        #expect(m.values[0] == .bool(false) && m.values[1] == .bool(false) && m.values[2] == .option("חסכוני"))
        #expect(m.values[3] == .number(100), "dragged to the left end: the maximum")
        #expect(m.currentPage == nil, "pushed and popped")
    }

    /// A confirm dialog's buttons run from the right: Cancel at the right, the go-ahead at the left.
    @Test func theDialogsButtonsRunFromTheRight() throws {
        let yaml = "title: חימום\nsections:\n  - controls:\n      - {id: heat, kind: switch, label: חימום, default: true, confirm: לכבות?}\n"
        let description = try PanelDescription.parse(yaml, file: "c.yml", fileExists: { _ in true })
        var m = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: Size(width: 800, height: 480),
                                                                         fonts: fonts))
        _ = tap(&m, m.layout.targets[0].frame.center, at: 0)
        let dialog = try #require(m.overlay).layout
        #expect(dialog.buttonLabels == ["Cancel", "Turn Off"])
        #expect(dialog.buttons[0].minX > dialog.buttons[1].maxX && dialog.buttons[0].maxX == dialog.box.maxX, "\(dialog.buttons)")
        #expect(dialog.separators.allSatisfy { dialog.box.contains($0) })
        _ = tap(&m, dialog.buttons[1].center, at: 1)
        #expect(m.overlay == nil && m.values[0] == .bool(false), "the left button goes ahead")
    }

    /// A long right-to-left list scrolled: the indicator shows at the left, and the frames
    /// painted from damage while it moves and fades equal full ones.
    @Test func theScrollIndicatorIsAtTheLeft() throws {
        var m = try model(rows: 12, size: Size(width: 800, height: 480))
        let painter = try PanelPainter(description: m.description, fonts: fonts)
        let frame = try render(m, at: 0)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        var previous = dragListUp(&m, painter: painter, into: frame)
        _ = m.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: 400, y: 250)), at: 0.5)
        let bar = try #require(m.scrollIndicator(at: 0.5)).frame
        #expect(bar.minX == m.layout.metrics.indicatorInset, "\(bar)")
        for t in stride(from: 0.5, through: 1.2, by: 1.0 / 60) {
            for rect in m.takeDamage(previousFrame: previous, now: t) { painter.draw(m, at: t, into: frame, clip: rect) }
            previous = t
            let full = try render(m, at: t)
            #expect((0..<frame.pixels.count).allSatisfy { frame.pixels[$0] == full.pixels[$0] }, "at \(t)")
        }
    }

    /// The page on top slides in from the left; the swipe back starts at the right edge and moves left.
    @Test func pagesSlideFromTheLeftAndSwipeBackFromTheRight() throws {
        var m = try model()
        let under = try render(m, at: 0)
        _ = tap(&m, m.layout.targets.last!.frame.center, at: 0)
        let mid = try render(m, at: 0.05 + PanelModel.slideDuration / 2)
        let page = try render(m, at: 1)
        let progress = try #require(m.pageSlide(at: 0.05 + PanelModel.slideDuration / 2)).progress
        let edge = Int((800 * progress).rounded())
        #expect(edge > 100 && edge < 700)
        // Left of the edge the page on top shows its own right-hand part; right of it, the page under.
        let y = 20
        #expect((0..<edge - 1).allSatisfy { mid[$0, y] == page[$0 + 800 - edge, y] })
        let shift = Int((800 * PanelPainter.underPageTravel * progress).rounded())
        #expect((edge + 1..<800).allSatisfy { mid[$0, y] == under[$0 - shift, y] })
        expectGolden(mid, named: "panels/rtl-mid-slide")

        func swipe(from x: Double, by dx: Double, at t: Double) -> [PanelEvent] {
            _ = m.handle(PanelTouch(phase: .down, slot: 0, position: Point(x: x, y: 300)), at: t)
            _ = m.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: x + dx / 2, y: 302)), at: t + 0.05)
            _ = m.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: x + dx, y: 304)), at: t + 0.1)
            return m.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: x + dx, y: 304)), at: t + 0.15)
        }
        #expect(!swipe(from: 4, by: 500, at: 2).contains(.pageClosed(id: "net")), "the left edge is not the leading one")
        #expect(m.currentPage != nil)
        #expect(!swipe(from: 796, by: -150, at: 3).contains(.pageClosed(id: "net")), "a short swipe slides back")
        #expect(swipe(from: 796, by: -500, at: 4).contains(.pageClosed(id: "net")))
        #expect(m.currentPage == nil)
        withExtendedLifetime((under, mid, page)) {}
    }
}
