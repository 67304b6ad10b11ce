/// The touches of one device, by slot, and what changed since the last SYN_REPORT.
///
/// The kernel's three ways of reporting touches (slotted, anonymous, single-touch)
/// differ only in how they say that a contact begins, moves or ends; turning those
/// changes into libinput-style events at SYN_REPORT is the same for all of them, as
/// in libinput's `fallback_handle_state` (src/evdev-fallback.c).
struct TouchSlots {
    struct Slot {
        var x: Int32 = 0
        var y: Int32 = 0
        /// Down as of the events read so far, this frame included.
        var isDown = false
        /// Down as the consumer last heard (a `down` was emitted and no `up` yet).
        var isReported = false
        /// `.down` / `.up` in the order they happened this frame. Keeping both keeps a
        /// tap that starts and ends within one frame; libinput's single per-slot state
        /// would turn it into an up for a touch it never reported and drop it.
        var changes: [TouchPhase] = []
        var moved = false
        var lastPosition = Point.zero
    }

    private(set) var slots: [Slot]

    init(count: Int) {
        slots = Array(repeating: Slot(), count: count)
    }

    var count: Int { slots.count }

    func isDown(_ index: Int) -> Bool { slots.indices.contains(index) && slots[index].isDown }

    func position(_ index: Int) -> (x: Int32, y: Int32)? {
        guard slots.indices.contains(index) else { return nil }
        return (slots[index].x, slots[index].y)
    }

    /// A contact starts. Ignored when the slot is already down: libinput logs "driver
    /// sent multiple touch down for the same slot" and keeps the touch it has.
    mutating func begin(_ index: Int) {
        guard slots.indices.contains(index), !slots[index].isDown else { return }
        slots[index].isDown = true
        slots[index].changes.append(.down)
    }

    /// A contact ends. Ignored when the slot has no touch, as in libinput.
    mutating func end(_ index: Int) {
        guard slots.indices.contains(index), slots[index].isDown else { return }
        slots[index].isDown = false
        slots[index].changes.append(.up)
    }

    /// Positions are kept whether or not the slot is down: a frame may set them
    /// before the contact's tracking id or BTN_TOUCH, and the values at SYN_REPORT count.
    mutating func setX(_ index: Int, _ value: Int32) {
        guard slots.indices.contains(index) else { return }
        slots[index].x = value
        slots[index].moved = true
    }

    mutating func setY(_ index: Int, _ value: Int32) {
        guard slots.indices.contains(index) else { return }
        slots[index].y = value
        slots[index].moved = true
    }

    /// The events for this frame, slot by slot, then a `frame` if there were any.
    mutating func flush(time: UInt64, mapper: TouchCoordinateMapper) -> [TouchEvent] {
        var out: [TouchEvent] = []
        for i in slots.indices {
            var slot = slots[i]
            for change in slot.changes {
                if change == .down {
                    slot.lastPosition = mapper.point(x: slot.x, y: slot.y)
                    out.append(TouchEvent(phase: .down, slot: i, position: slot.lastPosition, time: time))
                } else {
                    out.append(TouchEvent(phase: .up, slot: i, position: slot.lastPosition, time: time))
                }
            }
            // libinput sends motion for a dirty slot it already reported; a new touch's
            // down already carries the frame's final position.
            if slot.moved, slot.isDown, !slot.changes.contains(.down) {
                slot.lastPosition = mapper.point(x: slot.x, y: slot.y)
                out.append(TouchEvent(phase: .motion, slot: i, position: slot.lastPosition, time: time))
            }
            slot.changes = []
            slot.moved = false
            slot.isReported = slot.isDown
            slots[i] = slot
        }
        if !out.isEmpty { out.append(.frame(time: time)) }
        return out
    }

    /// Cancels every touch the consumer knows about and forgets the frame in progress.
    mutating func cancelAll(time: UInt64) -> [TouchEvent] {
        var out: [TouchEvent] = []
        for i in slots.indices {
            if slots[i].isReported {
                out.append(TouchEvent(phase: .cancel, slot: i, position: slots[i].lastPosition, time: time))
            }
            slots[i].isDown = false
            slots[i].isReported = false
            slots[i].changes = []
            slots[i].moved = false
        }
        if !out.isEmpty { out.append(.frame(time: time)) }
        return out
    }
}
