import PanelUI

/// Turns libinput events into the panel's touch events: touches pass through with their
/// last position kept for up and cancel, a mouse or touchpad is one more touch (left
/// button down = finger down), and a device that goes away takes its touches with it.
struct TouchTranslator {
    /// The slot a pointer's touch uses. libinput numbers seat slots from 0 for concurrent
    /// touches, so a pointer on slot 0 would collide with the first finger on a touchscreen.
    static let pointerSlot = 1_000
    /// evdev's BTN_LEFT (linux/input-event-codes.h).
    static let leftButton: UInt32 = 0x110

    let screen: Size
    /// Screen position of each touch that is down, and which device it is on.
    private var touches: [Int: (device: LibinputEvent.DeviceKey, position: Point)] = [:]
    /// Where a pointer would touch; starts in the middle of the screen.
    private(set) var cursor: Point
    /// The device whose left button is down, when one is.
    private var pressingDevice: LibinputEvent.DeviceKey?

    init(screen: Size) {
        self.screen = screen
        cursor = Point(x: Double(screen.width) / 2, y: Double(screen.height) / 2)
    }

    /// Translates the events of one drain. A whole batch at a time because a device
    /// removal shows up in it as a button release (libinput's `release_pressed_keys` while
    /// removing) followed by DEVICE_REMOVED: that release is an unplug, not a lifted finger.
    mutating func translate(_ batch: [LibinputEvent]) -> [TouchEvent] {
        let removed = Set(batch.compactMap { event -> LibinputEvent.DeviceKey? in
            if case .deviceRemoved(let device, _) = event { return device }
            return nil
        })
        return batch.flatMap { translate($0, deviceIsGoing: removed) }
    }

    private mutating func translate(_ event: LibinputEvent, deviceIsGoing removed: Set<LibinputEvent.DeviceKey>) -> [TouchEvent] {
        switch event {
        case .touchDown(let device, let slot, let position, let time):
            touches[slot] = (device, position)
            return [TouchEvent(phase: .down, slot: slot, position: position, time: time)]
        case .touchMotion(let device, let slot, let position, let time):
            guard touches[slot] != nil else { return [] }
            touches[slot] = (device, position)
            return [TouchEvent(phase: .motion, slot: slot, position: position, time: time)]
        case .touchUp(_, let slot, let time):
            guard let touch = touches.removeValue(forKey: slot) else { return [] }
            return [TouchEvent(phase: .up, slot: slot, position: touch.position, time: time)]
        case .touchCancel(_, let slot, let time):
            guard let touch = touches.removeValue(forKey: slot) else { return [] }
            return [TouchEvent(phase: .cancel, slot: slot, position: touch.position, time: time)]
        case .touchFrame(let time):
            return [.frame(time: time)]
        case .pointerMotion(_, let dx, let dy, let time):
            // A relative pointer moves a cursor that stays on the screen, as a desktop's does.
            let x = min(max(cursor.x + dx, 0), Double(screen.width - 1))
            let y = min(max(cursor.y + dy, 0), Double(screen.height - 1))
            return movePointer(to: Point(x: x, y: y), time: time)
        case .pointerMotionAbsolute(_, let position, let time):
            return movePointer(to: position, time: time)
        case .pointerButton(let device, let button, let pressed, let time):
            guard button == Self.leftButton else { return [] }
            if pressed, pressingDevice == nil {
                pressingDevice = device
                return pointerTouch(.down, time: time)
            }
            if !pressed, pressingDevice == device {
                pressingDevice = nil
                return pointerTouch(removed.contains(device) ? .cancel : .up, time: time)
            }
            return []
        case .deviceRemoved(let device, let time):
            return cancelTouches(of: device, time: time)
        }
    }

    private mutating func movePointer(to position: Point, time: UInt64) -> [TouchEvent] {
        cursor = position
        return pressingDevice == nil ? [] : pointerTouch(.motion, time: time)
    }

    private func pointerTouch(_ phase: TouchPhase, time: UInt64) -> [TouchEvent] {
        [TouchEvent(phase: phase, slot: Self.pointerSlot, position: cursor, time: time), .frame(time: time)]
    }

    /// libinput cancels a removed device's touches itself (`cancel_touches` before
    /// DEVICE_REMOVED); whatever is still down here is cancelled too, so an unplug never
    /// finishes a tap.
    private mutating func cancelTouches(of device: LibinputEvent.DeviceKey, time: UInt64) -> [TouchEvent] {
        var out: [TouchEvent] = []
        for slot in touches.keys.sorted() where touches[slot]?.device == device {
            out.append(TouchEvent(phase: .cancel, slot: slot, position: touches[slot]!.position, time: time))
            touches[slot] = nil
        }
        if pressingDevice == device {
            pressingDevice = nil
            out.append(TouchEvent(phase: .cancel, slot: Self.pointerSlot, position: cursor, time: time))
        }
        if !out.isEmpty { out.append(.frame(time: time)) }
        return out
    }
}
