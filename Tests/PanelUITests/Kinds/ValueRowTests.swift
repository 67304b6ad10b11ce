import Testing
@testable import PanelUI

/// Value rows (text the device reports) and runtime updates of a control's properties:
/// decoding, layout, damage no larger than what changed, partial repaint equal to full, and
/// the look in every theme.
struct ValueRowTests {
    static func yaml(theme: String = "light") -> String {
        """
        title: Device
        theme: \(theme)
        sections:
          - title: Status
            controls:
              - {id: ip, kind: value, label: IP address}
              - {id: temp, kind: value, label: Temperature, default: "21.5 °C", detail: Boiler room}
              - {id: pump, kind: switch, label: Pump, default: true}
              - {id: lamp, kind: checkbox, label: Lamp}
        """
    }

    let fonts = FontCache()

    func model(theme: String = "light", size: Size = Size(width: 800, height: 480)) throws -> PanelModel {
        let description = try PanelDescription.parse(Self.yaml(theme: theme), file: "v.yml", fileExists: { _ in true })
        return PanelModel(description: description, layout: layout(description, size))
    }

    func layout(_ description: PanelDescription, _ size: Size) -> PanelLayout {
        PanelLayout(description: description, logicalSize: size, fonts: fonts)
    }

    func render(_ model: PanelModel, at now: Double = 0) throws -> PixelBuffer {
        let buffer = PixelBuffer(size: model.layout.logicalSize)
        try PanelPainter(description: model.description, fonts: fonts).draw(model, at: now, into: buffer, clip: buffer.bounds)
        return buffer
    }

    func index(_ m: PanelModel, _ id: String) -> Int { m.description.controls.firstIndex { $0.id == id }! }

    @Test func aValueRowIsARowButNoTarget() throws {
        let m = try model()
        #expect(m.values[index(m, "ip")] == .text("—"), "nothing reported yet")
        #expect(m.values[index(m, "temp")] == .text("21.5 °C"))
        #expect(m.layout.targets.count == 2, "only the switch and the checkbox take touches")
        let rows = m.layout.sections[0].rows
        guard case .display(0) = rows[0].kind else { Issue.record("row 0 is \(rows[0].kind)"); return }
        #expect(rows[0].controlFrame.maxX == rows[0].frame.maxX - m.layout.metrics.rowInset, "the text ends at the row's inset")
        #expect(rows[0].labelX + rows[0].labelWidth < rows[0].controlFrame.minX, "the label stops before the text")
    }

    @Test func valueRowsRefuseActionsAndOddText() throws {
        let action = "sections:\n  - controls:\n      - {id: ip, kind: value, action: {exec: [/bin/true]}}\n"
        #expect(descriptionFailure(action) == "panel.yaml:3:31: value row 'ip' shows what the device reports and runs no action; remove 'action'")
        let tint = "sections:\n  - controls:\n      - {id: ip, kind: value, tint_color: '#FF0000'}\n"
        #expect(descriptionFailure(tint) == "panel.yaml:3:31: 'tint_color' applies to checkboxes and switches and radio groups and sliders and steppers only, and 'ip' is a value")
        let control = try PanelDescription.parse(Self.yaml(), file: "v.yml", fileExists: { _ in true }).controls[0]
        #expect(ControlValue(json: .string("10.0.0.7"), for: control) == .text("10.0.0.7"))
        #expect(ControlValue(json: .number(21.5), for: control) == .text("21.5"))
        #expect(ControlValue(json: .string("a\nb"), for: control) == nil, "one line")
        #expect(ControlValue(json: .string(String(repeating: "x", count: 201)), for: control) == nil, "bounded")
        #expect(ControlValue(json: .bool(true), for: control) == nil)
    }

    /// A new text repaints the text's frame only; the frame then equals a full repaint.
    @Test func aNewTextRepaintsItsTextOnly() throws {
        var m = try model()
        let painter = try PanelPainter(description: m.description, fonts: fonts)
        let frame = try render(m)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        #expect(m.setValue(.text("192.168.1.20"), ofControl: 0, animated: true, at: 1) != nil)
        let damage = m.takeDamage(previousFrame: 0, now: 1)
        #expect(damage == [m.layout.sections[0].rows[0].controlFrame], "\(damage)")
        for rect in damage { painter.draw(m, at: 1, into: frame, clip: rect) }
        let full = try render(m, at: 1)
        withExtendedLifetime((frame, full)) { #expect(Array(frame.pixels) == Array(full.pixels)) }
    }

    /// A label that fits the same lines repaints the control's row; one that wraps onto a
    /// second line moves the rows below, so the viewport is repainted; both equal full repaints.
    @Test func updatesRepaintWhatChanged() throws {
        var m = try model()
        let painter = try PanelPainter(description: m.description, fonts: fonts)
        let frame = try render(m)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        let pump = index(m, "pump")
        let size = m.layout.logicalSize
        let relayout = { (d: PanelDescription, _: Int?) in layout(d, size) }
        _ = m.update(control: pump, ControlUpdate(enabled: false, label: "Pump (locked)"), at: 1, relayout: relayout)
        #expect(m.description.controls[pump].label == "Pump (locked)")
        let row = m.layout.targets[0]
        var damage = m.takeDamage(previousFrame: 0, now: 1)
        #expect(damage == [row.frame], "\(damage)")
        #expect(m.state(ofTarget: 0).contains(.disabled))
        for rect in damage { painter.draw(m, at: 1, into: frame, clip: rect) }
        var full = try render(m, at: 1)
        withExtendedLifetime((frame, full)) { #expect(Array(frame.pixels) == Array(full.pixels)) }

        let long = String(repeating: "Circulation pump of the lower floor ", count: 3)
        _ = m.update(control: pump, ControlUpdate(label: long, detail: "interlock open"), at: 2, relayout: relayout)
        #expect(m.layout.targets[0].frame.height > row.frame.height, "two lines and a detail line")
        damage = m.takeDamage(previousFrame: 1, now: 2)
        #expect(damage == [m.layout.viewport], "\(damage)")
        for rect in damage { painter.draw(m, at: 2, into: frame, clip: rect) }
        full = try render(m, at: 2)
        withExtendedLifetime((frame, full)) { #expect(Array(frame.pixels) == Array(full.pixels)) }
    }

    /// Disabling a control a finger holds cancels that touch: lifting the finger changes nothing.
    @Test func disablingAHeldControlCancelsItsTouch() throws {
        var m = try model()
        let lamp = index(m, "lamp"), target = 1
        let p = m.layout.targets[target].frame.center
        _ = m.handle(PanelTouch(phase: .down, slot: 0, position: p), at: 0)
        #expect(m.trackers[target].isHighlighted)
        let size = m.layout.logicalSize
        let events = m.update(control: lamp, ControlUpdate(enabled: false), at: 0.1) { d, _ in layout(d, size) }
        #expect(events == [.control(id: "lamp", option: nil, event: .cancel)])
        #expect(m.handle(PanelTouch(phase: .up, slot: 0, position: p), at: 0.2).valueChanges.isEmpty)
        #expect(m.values[lamp] == .bool(false))
        _ = m.update(control: lamp, ControlUpdate(enabled: true), at: 0.3) { d, _ in layout(d, size) }
        _ = m.handle(PanelTouch(phase: .down, slot: 0, position: p), at: 0.4)
        #expect(m.handle(PanelTouch(phase: .up, slot: 0, position: p), at: 0.45).valueChanges.map(\.value) == [.bool(true)],
                "enabled again, it takes taps")
    }

    @Test(arguments: ["light", "dark", "high-contrast"])
    func valueRowsInEveryTheme(_ theme: String) throws {
        var m = try model(theme: theme)
        _ = m.setValue(.text("192.168.1.20"), ofControl: 0, animated: false, at: 0)
        m.setFailed(true, control: 1)
        let size = m.layout.logicalSize
        _ = m.update(control: 2, ControlUpdate(enabled: false, detail: "interlock open"), at: 0) { d, _ in layout(d, size) }
        expectGolden(try render(m), named: "panels/value-rows-\(theme)")
    }
}
