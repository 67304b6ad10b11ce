import Testing
@testable import PanelUI

/// Random touch streams over a scrolling panel with every kind of control, checked after every
/// event: no trap; a value changes only on a touch-up that UIControl calls up-inside, or on the
/// release of a switch knob dragged to the other side, and only for an enabled control; every
/// change is reported once; radio groups keep at most one option (exactly one with
/// `must_have_selection`).
struct PanelModelPropertyTests {
    static let yaml = """
    title: Property
    theme: {row_height: 48}
    sections:
      - title: One
        controls:
          - {id: s1, kind: switch, label: Switch one, default: true}
          - {id: s2, kind: switch, label: Switch two}
          - {id: off, kind: switch, label: Disabled, enabled: false}
          - {id: c1, kind: checkbox, label: Box one}
          - {id: c2, kind: checkbox, label: Box two, default: true}
      - title: Two
        controls:
          - {id: must, kind: radio, label: Must, options: [a, b, c], default: b, must_have_selection: true}
          - {id: may, kind: radio, label: May, options: [x, y], default: null}
          - {id: c3, kind: checkbox, label: Box three, enabled: false, default: true}
          - {id: s3, kind: switch, label: Switch three}
    """

    @Test(arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004] as [UInt64])
    func randomTouchStreamsKeepTheInvariants(seed: UInt64) throws {
        let description = try PanelDescription.parse(Self.yaml, file: "property.yaml", fileExists: { _ in true })
        let size = Size(width: 480, height: 320)
        var model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size))
        #expect(model.scroll.isScrollable)
        var random = SplitMix64(seed: seed)
        var now = 0.0
        var changes = 0
        var fingers: [Int: Point] = [:]
        for step in 0..<4000 {
            let touch = randomTouch(&random, model: model, size: size, fingers: &fingers)
            now += [0, 0.001, 0.008, 0.016, 0.05, 0.4].randomElement(using: &random)!
            let before = model
            let events = model.handle(touch, at: now)
            try checkStep(before: before, after: model, touch: touch, events: events, step: step)
            changes += events.valueChanges.count
            // Frames come between touches, as in the program: damage is taken and must stay on screen.
            for rect in model.takeDamage(previousFrame: now - 0.016, now: now) {
                #expect(Rect(x: 0, y: 0, width: size.width, height: size.height).contains(rect), "damage \(rect) off screen")
            }
        }
        #expect(changes >= 10, "the stream should toggle things, not only miss them")
    }

    /// Mostly plausible fingers on and around the rows, with the abuse a driver or a replay can
    /// deliver. A finger usually moves a little from where it was (so taps and knob drags happen).
    private func randomTouch(_ random: inout SplitMix64, model: PanelModel, size: Size, fingers: inout [Int: Point]) -> PanelTouch {
        let slot = Int.random(in: 0..<10, using: &random)
        let phase: TouchPhase = [.down, .down, .motion, .motion, .motion, .motion, .up, .up, .cancel, .frame].randomElement(using: &random)!
        var point: Point
        if phase != .down, let last = fingers[slot], Int.random(in: 0..<4, using: &random) > 0 {
            let step = [2.0, 6, 20, 60].randomElement(using: &random)!
            point = Point(x: last.x + Double.random(in: -step...step, using: &random), y: last.y + Double.random(in: -step / 4...step / 4, using: &random))
            fingers[slot] = phase == .motion ? point : nil
            return PanelTouch(phase: phase, slot: slot, position: point)
        }
        defer { fingers[slot] = phase == .down || phase == .motion ? point : nil }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: point = Point(x: Double.random(in: -1e300...1e300, using: &random), y: Double.random(in: -1e300...1e300, using: &random))
        case 1: point = Point(x: Double.random(in: -500...1500, using: &random), y: Double.random(in: -500...1500, using: &random))
        case 2: point = Point(x: [-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude, -0.0, Double.leastNonzeroMagnitude].randomElement(using: &random)!,
                              y: Double.random(in: 0...Double(size.height), using: &random))
        default:
            // Near a target as it shows now (the list may be scrolled), often on its widget.
            let row = model.layout.targets.randomElement(using: &random)!
            let frame = model.onScreen(Bool.random(using: &random) ? row.frame : row.controlFrame, at: 0)
            point = Point(x: Double(frame.x) + Double.random(in: -30...Double(frame.width) + 30, using: &random),
                          y: Double(frame.y) + Double.random(in: -30...Double(frame.height) + 30, using: &random))
        }
        return PanelTouch(phase: phase, slot: slot, position: point)
    }

    private func checkStep(before: PanelModel, after: PanelModel, touch: PanelTouch, events: [PanelEvent], step: Int) throws {
        let controls = after.description.controls
        let changed = controls.indices.filter { before.values[$0] != after.values[$0] }
        let reported = events.valueChanges
        #expect(reported.map(\.controlIndex).sorted() == changed, "step \(step): changes and reports differ")
        for change in reported {
            #expect(change.previous == before.values[change.controlIndex] && change.value == after.values[change.controlIndex])
        }
        for index in changed {
            let control = controls[index]
            #expect(touch.phase == .up, "step \(step): \(control.id) changed on \(touch.phase)")
            #expect(control.enabled, "step \(step): disabled \(control.id) changed")
            let gesture = try #require(before.slots[touch.slot], "step \(step): \(control.id) changed by a finger that was not down")
            let target = try #require(gesture.target)
            #expect(before.controlIndex(ofTarget: target) == index)
            if case .knobDrag = gesture.mode {
                // Released past the middle on the other side.
                let knob = try #require(before.knobDrags[target])
                #expect(after.values[index] == .bool(knob >= 0.5), "step \(step): knob at \(knob)")
            } else {
                #expect(events.contains(.control(id: control.id, option: after.option(ofTarget: target), event: .upInside)),
                        "step \(step): \(control.id) changed without up-inside")
            }
        }
        for (index, control) in controls.enumerated() where control.kind == .radio {
            guard case .option(let selected) = after.values[index] else {
                Issue.record("step \(step): radio \(control.id) holds \(after.values[index])")
                continue
            }
            if let selected { #expect(control.options.contains(selected)) }
            if control.mustHaveSelection { #expect(selected != nil, "step \(step): \(control.id) lost its selection") }
            let shownOn = after.layout.targets.indices.filter { after.controlIndex(ofTarget: $0) == index && after.isOn(target: $0) }
            #expect(shownOn.count == (selected == nil ? 0 : 1))
        }
    }
}
