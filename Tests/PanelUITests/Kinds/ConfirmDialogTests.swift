import Testing
@testable import PanelUI

/// The confirm dialog in the model (issue 14: "A button with confirm: runs nothing on Cancel
/// and runs once on OK; while the dialog shows, taps on rows behind it change nothing").
struct ConfirmDialogTests {
    typealias S = ButtonScenes
    var model: PanelModel

    init() throws {
        model = try S.model()
    }

    var screen: Rect { Rect(x: 0, y: 0, width: model.layout.logicalSize.width, height: model.layout.logicalSize.height) }

    @Test mutating func aButtonWithoutConfirmIsPressedAtOnce() {
        let events = S.tap(&model, control: S.flush)
        #expect(events.presses == [S.flush])
        #expect(model.overlay == nil)
        #expect(model.values[S.flush] == ControlValue.none, "a press changes no value")
        #expect(events.valueChanges.isEmpty)
    }

    @Test mutating func cancelRunsNothing() {
        #expect(S.tap(&model, control: S.restart).presses.isEmpty, "the tap only asks")
        let dialog = try! #require(model.overlay)
        #expect(dialog.purpose == .confirm(control: S.restart, value: nil))
        #expect(dialog.layout.titleLines == ["Restart the panel"] && dialog.layout.messageLines == ["Restart the panel?"])
        #expect(dialog.layout.buttonLabels == ["Cancel", "Restart the panel"])
        let events = S.tapDialog(&model, button: 0)
        #expect(events.isEmpty)
        #expect(model.overlay == nil)
    }

    @Test mutating func theGoAheadRunsOnce() {
        S.tap(&model, control: S.restart)
        let events = S.tapDialog(&model, button: 1)
        #expect(events == [.pressed(controlIndex: S.restart, id: "restart")])
        #expect(model.overlay == nil)
        #expect(model.cancelAllTouches(at: 0.1).isEmpty, "no touch left over to press it again")
    }

    /// Rows behind the dialog, inside its box or outside it: none changes or is pressed, none
    /// highlights; a tap outside the box only closes the dialog.
    @Test mutating func tapsBehindTheDialogChangeNothing() {
        S.tap(&model, control: S.erase)
        let box = model.overlay!.layout.box
        let values = model.values
        for control in [S.heating, S.flush, S.restart, S.calibrate] {
            let row = model.layout.targets[S.target(model, control: control)].frame
            // The part of the row inside the box but off its buttons, where there is one.
            let inside = row.intersection(box)
            guard !inside.isEmpty, model.overlay!.layout.button(at: inside.center) == nil else { continue }
            let events = S.tap(&model, at: inside.center)
            #expect(events.isEmpty, "control \(control)")
            #expect(model.overlay != nil, "a tap inside the box keeps the dialog")
            #expect(model.trackers.allSatisfy { !$0.isHighlighted })
        }
        // Heating's switch is outside the box: the tap closes the dialog, and the switch stays on.
        let knob = model.layout.targets[S.target(model, control: S.heating)].controlFrame
        #expect(!box.intersects(knob))
        let events = S.tap(&model, at: knob.center)
        #expect(events.isEmpty)
        #expect(model.overlay == nil, "a tap outside cancels")
        #expect(model.values == values)
    }

    @Test mutating func aDownOutsideLiftedInsideTheBoxKeepsTheDialog() {
        S.tap(&model, control: S.restart)
        let box = model.overlay!.layout.box
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: Point(x: 5, y: 5)), at: 0)
        _ = model.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: box.center.x, y: Double(box.y + 4))), at: 0)
        _ = model.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: box.center.x, y: Double(box.y + 4))), at: 0)
        #expect(model.overlay != nil)
    }

    /// A finger slid off Cancel onto the go-ahead and lifted there presses neither.
    @Test mutating func slidingFromCancelToTheGoAheadRunsNothing() {
        S.tap(&model, control: S.restart)
        let buttons = model.overlay!.layout.buttons
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: buttons[0].center), at: 0)
        #expect(model.overlay?.highlightedButton == 0)
        _ = model.handle(PanelTouch(phase: .motion, slot: 0, position: buttons[1].center), at: 0)
        #expect(model.overlay?.highlightedButton == nil)
        let events = model.handle(PanelTouch(phase: .up, slot: 0, position: buttons[1].center), at: 0)
        #expect(events.isEmpty)
        #expect(model.overlay != nil, "still asking")
    }

    /// A second finger while one is on a button is ignored; fingers already down when the
    /// dialog opened lose their touches, so their ups change nothing.
    @Test mutating func otherFingersAreIgnored() {
        let heating = model.layout.targets[S.target(model, control: S.heating)].frame.center
        _ = model.handle(PanelTouch(phase: .down, slot: 1, position: heating), at: 0)
        #expect(model.trackers[S.target(model, control: S.heating)].isHighlighted)
        let events = S.tap(&model, control: S.restart)
        #expect(events.contains(.control(id: "heating", option: nil, event: .cancel)))
        #expect(!model.trackers[S.target(model, control: S.heating)].isHighlighted)
        #expect(model.handle(PanelTouch(phase: .up, slot: 1, position: heating), at: 0).isEmpty)
        #expect(model.values[S.heating] == .bool(true))
        let buttons = model.overlay!.layout.buttons
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: buttons[0].center), at: 0)
        _ = model.handle(PanelTouch(phase: .down, slot: 2, position: buttons[1].center), at: 0)
        #expect(model.handle(PanelTouch(phase: .up, slot: 2, position: buttons[1].center), at: 0).isEmpty, "not followed")
        #expect(model.handle(PanelTouch(phase: .up, slot: 0, position: buttons[0].center), at: 0).isEmpty)
        #expect(model.overlay == nil, "Cancel, by the finger followed")
    }

    /// A switch asks before turning off ("Turn Off") and changes only on the go-ahead;
    /// a checkbox asks before turning on ("Turn On").
    @Test mutating func switchesAndCheckboxesAskFirst() {
        S.tap(&model, control: S.heating)
        #expect(model.overlay?.layout.buttonLabels == ["Cancel", "Turn Off"])
        #expect(model.values[S.heating] == .bool(true), "unchanged while asking")
        #expect(S.tapDialog(&model, button: 0).isEmpty)
        #expect(model.values[S.heating] == .bool(true))
        S.tap(&model, control: S.heating)
        let change = S.tapDialog(&model, button: 1).valueChanges
        #expect(change.map(\.value) == [.bool(false)])
        #expect(model.values[S.heating] == .bool(false))
        S.tap(&model, control: S.heating)
        #expect(model.overlay?.layout.buttonLabels == ["Cancel", "Turn On"])
        S.tapDialog(&model, button: 0)
        var tall = try! S.model(size: Size(width: 800, height: 800))
        S.tap(&tall, control: S.lamp)
        #expect(tall.overlay?.purpose == .confirm(control: S.lamp, value: .bool(true)))
        #expect(tall.overlay?.layout.buttonLabels == ["Cancel", "Turn On"])
    }

    /// A knob dragged across goes back and asks; the go-ahead then turns it off.
    @Test mutating func aKnobDraggedAcrossAsksFirst() {
        let track = model.layout.targets[S.target(model, control: S.heating)].controlFrame
        let start = Point(x: Double(track.maxX - 8), y: track.center.y)
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: start), at: 0)
        for step in 1...8 {
            _ = model.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: start.x - Double(step) * 6, y: start.y)), at: 0.01 * Double(step))
        }
        let events = model.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: start.x - 48, y: start.y)), at: 0.1)
        #expect(events.valueChanges.isEmpty)
        #expect(model.overlay?.purpose == .confirm(control: S.heating, value: .bool(false)))
        #expect(model.knobDrags.isEmpty, "the knob settles back to on")
        #expect(model.transitions[S.target(model, control: S.heating)].to == 1)
        #expect(S.tapDialog(&model, button: 1, now: 0.5).valueChanges.map(\.value) == [.bool(false)])
    }

    @Test mutating func aDisabledButtonDoesNothing() {
        #expect(S.tap(&model, control: S.calibrate).isEmpty)
        #expect(model.overlay == nil)
    }

    /// The dialog and its dim repaint the whole screen when it opens and closes; a press on
    /// one of its buttons only that button.
    @Test mutating func dialogDamage() {
        _ = model.takeDamage(previousFrame: 0, now: 0)
        S.tap(&model, control: S.restart)
        #expect(model.takeDamage(previousFrame: 0, now: 0.1) == [screen])
        let buttons = model.overlay!.layout.buttons
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: buttons[0].center), at: 0.2)
        #expect(model.takeDamage(previousFrame: 0.1, now: 0.2) == [buttons[0]])
        _ = model.handle(PanelTouch(phase: .up, slot: 0, position: buttons[0].center), at: 0.3)
        #expect(model.takeDamage(previousFrame: 0.2, now: 0.3) == [screen])
        #expect(model.takeDamage(previousFrame: 0.3, now: 0.4).isEmpty)
    }

    /// A button row's pressed look is the whole row (iOS Settings), whatever the theme's `pressed`.
    @Test mutating func aPressedButtonHighlightsItsRow() {
        _ = model.takeDamage(previousFrame: 0, now: 0)
        let row = model.layout.targets[S.target(model, control: S.flush)]
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: row.frame.center), at: 0)
        #expect(model.takeDamage(previousFrame: 0, now: 0.01) == [row.frame])
        #expect(model.description.theme.pressed == .halo)
    }
}
