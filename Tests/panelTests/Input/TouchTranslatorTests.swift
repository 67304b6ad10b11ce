import Testing
import PanelUI
@testable import panel

/// libinput events (as plain values) to panel touches: the part of `LibinputInput` that
/// needs no device.
struct TouchTranslatorTests {
    let screen = Size(width: 800, height: 480)
    let touchscreen = 1, mouse = 2, otherTouchscreen = 3

    func phases(_ touches: [TouchEvent]) -> [String] {
        touches.map { $0.phase == .frame ? "frame" : "\($0.phase.rawValue) \($0.slot) \(Int($0.position.x)),\(Int($0.position.y))" }
    }

    @Test func touchesPassThroughAndUpKeepsTheLastPosition() {
        var translator = TouchTranslator(screen: screen)
        let touches = translator.translate([
            .touchDown(device: touchscreen, slot: 0, position: Point(x: 10, y: 20), time: 5),
            .touchDown(device: touchscreen, slot: 1, position: Point(x: 300, y: 200), time: 5),
            .touchFrame(time: 5),
            .touchMotion(device: touchscreen, slot: 0, position: Point(x: 12, y: 24), time: 9),
            .touchFrame(time: 9),
            .touchUp(device: touchscreen, slot: 0, time: 12),
            .touchCancel(device: touchscreen, slot: 1, time: 12),
            .touchFrame(time: 12),
        ])
        #expect(phases(touches) == ["down 0 10,20", "down 1 300,200", "frame", "motion 0 12,24", "frame",
                                    "up 0 12,24", "cancel 1 300,200", "frame"])
        #expect(touches.map(\.time) == [5, 5, 5, 9, 9, 12, 12, 12])
    }

    @Test func aTapWhoseDownAndUpArriveTogetherIsKept() {
        var translator = TouchTranslator(screen: screen)
        let touches = translator.translate([
            .touchDown(device: touchscreen, slot: 0, position: Point(x: 100, y: 50), time: 1), .touchFrame(time: 1),
            .touchUp(device: touchscreen, slot: 0, time: 2), .touchFrame(time: 2),
        ])
        #expect(phases(touches) == ["down 0 100,50", "frame", "up 0 100,50", "frame"])
    }

    @Test func upOrMotionForAnUnknownSlotIsDropped() {
        var translator = TouchTranslator(screen: screen)
        let touches = translator.translate([.touchMotion(device: touchscreen, slot: 4, position: .zero, time: 1),
                                            .touchUp(device: touchscreen, slot: 4, time: 1)])
        #expect(touches.isEmpty)
    }

    @Test func aRelativePointerMovesAClampedCursorAndTheLeftButtonTouches() {
        var translator = TouchTranslator(screen: screen)
        #expect(translator.cursor == Point(x: 400, y: 240), "starts in the middle")
        let slot = TouchTranslator.pointerSlot
        var touches = translator.translate([.pointerMotion(device: mouse, dx: -1000, dy: 30, time: 1)])
        #expect(touches.isEmpty, "moving without a button is not a touch")
        #expect(translator.cursor == Point(x: 0, y: 270))
        touches = translator.translate([
            .pointerButton(device: mouse, button: 0x111, pressed: true, time: 2),  // right button: ignored
            .pointerButton(device: mouse, button: TouchTranslator.leftButton, pressed: true, time: 3),
            .pointerMotion(device: mouse, dx: 5, dy: 1000, time: 4),
            .pointerButton(device: mouse, button: TouchTranslator.leftButton, pressed: false, time: 5),
        ])
        #expect(phases(touches) == ["down \(slot) 0,270", "frame", "motion \(slot) 5,479", "frame", "up \(slot) 5,479", "frame"])
    }

    @Test func anAbsolutePointerTouchesWhereItPoints() {
        var translator = TouchTranslator(screen: screen)
        let slot = TouchTranslator.pointerSlot
        let touches = translator.translate([
            .pointerMotionAbsolute(device: mouse, position: Point(x: 123, y: 45), time: 1),
            .pointerButton(device: mouse, button: TouchTranslator.leftButton, pressed: true, time: 2),
            .pointerButton(device: mouse, button: TouchTranslator.leftButton, pressed: false, time: 3),
        ])
        #expect(phases(touches) == ["down \(slot) 123,45", "frame", "up \(slot) 123,45", "frame"])
    }

    @Test func aRemovedDeviceCancelsItsTouchesOnly() {
        var translator = TouchTranslator(screen: screen)
        _ = translator.translate([
            .touchDown(device: touchscreen, slot: 0, position: Point(x: 1, y: 2), time: 1),
            .touchDown(device: otherTouchscreen, slot: 1, position: Point(x: 3, y: 4), time: 1),
            .touchFrame(time: 1),
        ])
        let touches = translator.translate([.deviceRemoved(device: touchscreen, time: 7)])
        #expect(phases(touches) == ["cancel 0 1,2", "frame"])
        #expect(phases(translator.translate([.touchUp(device: otherTouchscreen, slot: 1, time: 8)])) == ["up 1 3,4"])
    }

    @Test func libinputsOwnCancelBeforeRemovalIsNotRepeated() {
        var translator = TouchTranslator(screen: screen)
        _ = translator.translate([.touchDown(device: touchscreen, slot: 0, position: Point(x: 1, y: 2), time: 1), .touchFrame(time: 1)])
        let touches = translator.translate([.touchCancel(device: touchscreen, slot: 0, time: 5), .touchFrame(time: 5),
                                            .deviceRemoved(device: touchscreen, time: 5)])
        #expect(phases(touches) == ["cancel 0 1,2", "frame"])
    }

    /// libinput releases held buttons while removing a device; that release must not click.
    @Test func aMouseUnpluggedWithTheButtonHeldCancels() {
        var translator = TouchTranslator(screen: screen)
        _ = translator.translate([.pointerButton(device: mouse, button: TouchTranslator.leftButton, pressed: true, time: 1)])
        let touches = translator.translate([.pointerButton(device: mouse, button: TouchTranslator.leftButton, pressed: false, time: 2),
                                            .deviceRemoved(device: mouse, time: 2)])
        #expect(phases(touches) == ["cancel \(TouchTranslator.pointerSlot) 400,240", "frame"])
    }
}
