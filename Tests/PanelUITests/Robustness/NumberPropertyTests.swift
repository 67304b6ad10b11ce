import Testing
@testable import PanelUI

/// Random touch streams (downs, moves, ups, cancels, duplicates, wild coordinates) over a
/// scrolling panel of sliders and steppers, with time passing between them as the program
/// passes it (`advance`), checked after every event: every value stays within its range on its
/// step grid; a report carries a grid value and is the change from the last one reported; a
/// `send: release` slider reports only at a touch up, a continuous one at most every
/// `interval` before its up; disabled controls never change; deadlines lie in the future.
struct NumberPropertyTests {
    static let yaml = """
    title: Numbers
    theme: {row_height: 48}
    sections:
      - title: Sliders
        controls:
          - {id: level, kind: slider, label: Level, min: 0, max: 100, step: 5, unit: "%", default: 50}
          - {id: gain, kind: slider, label: Gain, min: -60, max: 0, step: 0.5, default: -20, send: continuous, interval: 0.1}
          - {id: fine, kind: slider, label: Fine, min: 0.05, max: 1.05, step: 0.01, default: 0.33, send: continuous, interval: 0}
          - {id: off, kind: slider, label: Off, default: 10, enabled: false}
      - title: Steppers
        controls:
          - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 21.5}
          - {id: fan, kind: stepper, label: Fan, min: 0, max: 3, default: 0}
          - {id: locked, kind: stepper, label: Locked, default: 4, enabled: false}
          - {id: sw, kind: switch, label: Switch}
    """

    @Test(arguments: [0x5EED_1001, 0x5EED_1002, 0x5EED_1003, 0x5EED_1004] as [UInt64])
    func randomTouchStreamsKeepValuesOnTheGrid(seed: UInt64) throws {
        let description = try PanelDescription.parse(Self.yaml, file: "numbers.yaml", fileExists: { _ in true })
        let size = Size(width: 480, height: 320)
        var model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size))
        #expect(model.scroll.isScrollable)
        var random = SplitMix64(seed: seed)
        var now = 0.0
        var reported = description.controls.map(\.defaultValue)
        var lastReport: [Int: Double] = [:]
        var changes = 0
        var fingers: [Int: Point] = [:]
        for step in 0..<4000 {
            now += [0, 0.001, 0.008, 0.016, 0.05, 0.3, 0.7].randomElement(using: &random)!
            // Time passes as the loop passes it: at a wake-up before the touch.
            let before = model
            let timed = model.advance(to: now)
            check(timed, before: before, after: model, phase: nil, now: now, reported: &reported, lastReport: &lastReport, step: step)
            if let due = model.nextDeadline { #expect(due > now, "step \(step): deadline \(due) not after \(now)") }
            let touch = randomTouch(&random, model: model, size: size, fingers: &fingers)
            let beforeTouch = model
            let events = model.handle(touch, at: now)
            check(events, before: beforeTouch, after: model, phase: touch.phase, now: now, reported: &reported,
                  lastReport: &lastReport, step: step)
            changes += (timed + events).valueChanges.count
            #expect(Set(model.fingers.keys).isSubset(of: Set(model.slots.keys)), "step \(step): a finger outlived its touch")
            for rect in model.takeDamage(previousFrame: now - 0.016, now: now) {
                #expect(Rect(size: size).contains(rect), "damage \(rect) off screen")
            }
        }
        #expect(changes >= 20, "the stream should move things, not only miss them: \(changes)")
    }

    private func check(_ events: [PanelEvent], before: PanelModel, after: PanelModel, phase: TouchPhase?, now: Double,
                       reported: inout [ControlValue], lastReport: inout [Int: Double], step: Int) {
        let controls = after.description.controls
        for (index, control) in controls.enumerated() {
            guard let setting = control.number else { continue }
            guard case .number(let value) = after.values[index] else {
                Issue.record("step \(step): \(control.id) holds \(after.values[index])")
                continue
            }
            #expect(value >= setting.min && value <= setting.max, "step \(step): \(control.id) = \(value)")
            // On the grid: a whole number of steps from min, and exactly the number its decimals write
            // (0.33, not 0.33000000000000007).
            let steps = (value - setting.min) / setting.step
            #expect(abs(steps - steps.rounded()) < 1e-6, "step \(step): \(control.id) = \(value) is off the grid")
            #expect(Double(NumberSetting.fixed(value, decimals: setting.decimals)) == value, "step \(step): \(control.id) = \(value) is not clean")
            if !control.enabled { #expect(after.values[index] == control.defaultValue, "step \(step): disabled \(control.id) moved") }
        }
        for change in events.valueChanges {
            let control = controls[change.controlIndex]
            #expect(control.enabled, "step \(step): disabled \(control.id) reported")
            #expect(change.previous == reported[change.controlIndex], "step \(step): \(control.id) reported from \(change.previous)")
            #expect(change.value != change.previous)
            guard case .number(let value) = change.value, let setting = control.number else {
                #expect(control.kind == .switch && phase == .up, "step \(step): \(control.id) changed on \(String(describing: phase))")
                reported[change.controlIndex] = change.value
                continue
            }
            #expect(setting.onGrid(value) == value, "step \(step): \(control.id) reported \(value)")
            switch (control.kind, setting.send) {
            case (.slider, .release):
                #expect(phase == .up, "step \(step): \(control.id) reported on \(String(describing: phase))")
            case (.slider, .continuous):
                // At an up always; otherwise no sooner than `interval` after the last report.
                if phase != .up, let last = lastReport[change.controlIndex] {
                    #expect(now - last >= setting.interval - 1e-9, "step \(step): \(control.id) reported \(now - last) s after the last")
                }
            default:
                // A stepper: a tap's up, or a held button's repeat as time passes.
                #expect(phase == .up || phase == nil, "step \(step): \(control.id) stepped on \(String(describing: phase))")
                #expect(abs(abs(value - (change.previous.number ?? 0)) - setting.step) < 1e-9, "step \(step): \(control.id) moved more than a step")
            }
            reported[change.controlIndex] = change.value
            lastReport[change.controlIndex] = now
        }
        // What a finger isn't on shows what was reported last.
        for (index, control) in controls.enumerated() where control.number != nil {
            let held = after.fingers.values.contains { after.controlIndex(ofTarget: $0.target) == index }
            if !held && !before.fingers.values.contains(where: { before.controlIndex(ofTarget: $0.target) == index }) {
                #expect(after.values[index] == reported[index], "step \(step): \(control.id) shows \(after.values[index]) with no finger on it")
            }
        }
    }

    /// Mostly fingers on and around the widgets, moving sideways and up and down, with the abuse
    /// a driver or a replay can deliver.
    private func randomTouch(_ random: inout SplitMix64, model: PanelModel, size: Size, fingers: inout [Int: Point]) -> PanelTouch {
        let slot = Int.random(in: 0..<6, using: &random)
        let phase: TouchPhase = [.down, .down, .motion, .motion, .motion, .motion, .motion, .up, .up, .cancel].randomElement(using: &random)!
        if phase != .down, let last = fingers[slot], Int.random(in: 0..<5, using: &random) > 0 {
            let reach = [2.0, 6, 20, 80].randomElement(using: &random)!
            let vertical = Bool.random(using: &random) ? 0.25 : 2.0
            let point = Point(x: last.x + Double.random(in: -reach...reach, using: &random),
                              y: last.y + Double.random(in: -reach * vertical...reach * vertical, using: &random))
            fingers[slot] = phase == .motion ? point : nil
            return PanelTouch(phase: phase, slot: slot, position: point)
        }
        var point: Point
        switch Int.random(in: 0..<10, using: &random) {
        case 0: point = Point(x: Double.random(in: -1e300...1e300, using: &random), y: Double.random(in: -1e9...1e9, using: &random))
        case 1: point = Point(x: [-Double.greatestFiniteMagnitude, .greatestFiniteMagnitude, -0.0, .nan].randomElement(using: &random)!,
                              y: Double.random(in: 0...Double(size.height), using: &random))
        default:
            let row = model.layout.targets.randomElement(using: &random)!
            let frame = model.onScreen(Bool.random(using: &random) ? row.frame : row.controlFrame, at: 0)
            point = Point(x: Double(frame.x) + Double.random(in: -30...Double(frame.width) + 30, using: &random),
                          y: Double(frame.y) + Double.random(in: -10...Double(frame.height) + 10, using: &random))
        }
        fingers[slot] = phase == .down || phase == .motion ? point : nil
        return PanelTouch(phase: phase, slot: slot, position: point)
    }
}

extension ControlValue {
    var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }
}
