import Testing
@testable import PanelUI

/// Random touch streams over buttons, confirmed switches and checkboxes and their dialogs,
/// checked after every event: a control that asks never changes or is pressed except by its
/// dialog's go-ahead, and then exactly as asked, once; while a dialog shows, nothing behind
/// it is highlighted, changes or is pressed; the dialog stays on screen and damage too.
struct DialogPropertyTests {
    typealias S = ButtonScenes

    @Test(arguments: [0xB077_0001, 0xB077_0002, 0xB077_0003] as [UInt64])
    func dialogsKeepTheirPromises(seed: UInt64) throws {
        var model = try S.model(size: Size(width: 480, height: 320), fonts: nil)
        model.setFailed(true, control: S.flush, reason: "exited with status 1")
        let screen = Rect(x: 0, y: 0, width: 480, height: 320)
        var random = SplitMix64(seed: seed)
        var now = 0.0
        var asked = 0, wentAhead = 0
        var fingers: [Int: Point] = [:]
        for step in 0..<3000 {
            let touch = randomTouch(&random, model: model, fingers: &fingers)
            now += [0, 0.01, 0.05, 0.3].randomElement(using: &random)!
            let before = model
            let events = model.handle(touch, at: now)
            let changed = model.values.indices.filter { model.values[$0] != before.values[$0] }
            let pressed = events.presses
            if let dialog = before.overlay {
                // Only the go-ahead of the dialog, on an up, does anything, and what it asked.
                if case .confirm(let index, let value) = dialog.purpose, model.overlay == nil, !(changed.isEmpty && pressed.isEmpty) {
                    wentAhead += 1
                    #expect(touch.phase == .up, "step \(step)")
                    if let value {
                        #expect(changed == [index] && model.values[index] == value && pressed.isEmpty, "step \(step)")
                    } else {
                        #expect(pressed == [index] && changed.isEmpty, "step \(step)")
                    }
                } else {
                    #expect(changed.isEmpty && pressed.isEmpty, "step \(step): something behind the dialog changed")
                }
            } else {
                for index in changed + pressed {
                    #expect(model.description.controls[index].confirm == nil, "step \(step): \(model.description.controls[index].id) went ahead unasked")
                }
            }
            if model.overlay != nil, before.overlay == nil { asked += 1 }
            if let dialog = model.overlay {
                #expect(screen.contains(dialog.layout.box))
                #expect(model.trackers.allSatisfy { !$0.isHighlighted }, "step \(step): a row behind is highlighted")
            }
            #expect(events.valueChanges.count == changed.count)
            for rect in model.takeDamage(previousFrame: now - 0.016, now: now) {
                #expect(screen.contains(rect), "damage \(rect) off screen")
            }
        }
        #expect(asked >= 10 && wentAhead >= 3, "the stream should open dialogs and go ahead: \(asked) asked, \(wentAhead) ahead")
    }

    /// Fingers on rows, on the dialog's buttons when it shows, and anywhere; slots 0 to 3. A
    /// finger that is down mostly lifts where it is or moves a little; now and then the
    /// stream sends what a driver may (a second down, an up for no finger, a cancel).
    private func randomTouch(_ random: inout SplitMix64, model: PanelModel, fingers: inout [Int: Point]) -> PanelTouch {
        let slot = Int.random(in: 0..<(Int.random(in: 0..<5, using: &random) == 0 ? 4 : 1), using: &random)
        if let at = fingers[slot], Int.random(in: 0..<8, using: &random) > 0 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                fingers[slot] = nil
                return PanelTouch(phase: .up, slot: slot, position: at)
            case 6..<9:
                let moved = Point(x: at.x + Double.random(in: -40...40, using: &random), y: at.y + Double.random(in: -15...15, using: &random))
                fingers[slot] = moved
                return PanelTouch(phase: .motion, slot: slot, position: moved)
            default:
                fingers[slot] = nil
                return PanelTouch(phase: .cancel, slot: slot, position: at)
            }
        }
        var point: Point
        switch Int.random(in: 0..<10, using: &random) {
        case 0...5 where model.overlay != nil:
            let button = model.overlay!.layout.buttons.randomElement(using: &random)!
            point = Point(x: button.center.x + Double.random(in: -30...30, using: &random), y: button.center.y + Double.random(in: -10...10, using: &random))
        case 0...6:
            let row = model.layout.targets.randomElement(using: &random)!
            point = model.onScreen(row.frame, at: 0).center
            if Int.random(in: 0..<4, using: &random) == 0 { point = model.onScreen(row.badgeFrame(model.layout.metrics), at: 0).center }
        default:
            point = Point(x: Double.random(in: -50...530, using: &random), y: Double.random(in: -50...370, using: &random))
        }
        fingers[slot] = point
        return PanelTouch(phase: .down, slot: slot, position: point)
    }
}
