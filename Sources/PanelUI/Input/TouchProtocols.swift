/// How one kind of kernel touch reporting turns evdev events into slot changes.
protocol TouchProtocolReader {
    /// Reads one event other than SYN_REPORT / SYN_DROPPED.
    mutating func read(_ event: InputEvent, into slots: inout TouchSlots)
    /// Called at SYN_REPORT, before the slots are flushed.
    mutating func endFrame(_ slots: inout TouchSlots)
    /// Forgets anything half-read (after SYN_DROPPED).
    mutating func reset()
}

/// Multitouch protocol B: ABS_MT_SLOT selects a slot, ABS_MT_TRACKING_ID ≥ 0 starts a
/// contact in it and -1 ends it (kernel Documentation/input/multi-touch-protocol.rst),
/// read as libinput's `fallback_process_touch` does.
struct SlottedTouchReader: TouchProtocolReader {
    /// Slot 0 until the device says otherwise: many drivers never send ABS_MT_SLOT for
    /// the first contact, since the kernel's current slot starts at 0.
    private var current = 0

    mutating func read(_ event: InputEvent, into slots: inout TouchSlots) {
        guard event.type == EvdevType.abs else { return }
        switch event.code {
        case EvdevCode.absMTSlot:
            // libinput clamps an out-of-range slot to the last one ("exceeded slot count").
            current = min(max(Int(event.value), 0), slots.count - 1)
        case EvdevCode.absMTTrackingID:
            if event.value >= 0 { slots.begin(current) } else { slots.end(current) }
        case EvdevCode.absMTPositionX:
            slots.setX(current, event.value)
        case EvdevCode.absMTPositionY:
            slots.setY(current, event.value)
        default:
            break
        }
    }

    mutating func endFrame(_ slots: inout TouchSlots) {}

    mutating func reset() {}
}

/// Single-touch: ABS_X / ABS_Y and BTN_TOUCH, one touch in slot 0, as libinput's
/// `fallback_flush_st_down/_motion/_up` for devices without MT axes.
struct SingleTouchReader: TouchProtocolReader {
    mutating func read(_ event: InputEvent, into slots: inout TouchSlots) {
        switch (event.type, event.code) {
        case (EvdevType.key, EvdevCode.btnTouch):
            // value 2 would be key repeat, which libinput ignores; 1 is down, 0 up.
            if event.value == 1 { slots.begin(0) } else if event.value == 0 { slots.end(0) }
        case (EvdevType.abs, EvdevCode.absX):
            slots.setX(0, event.value)
        case (EvdevType.abs, EvdevCode.absY):
            slots.setY(0, event.value)
        default:
            break
        }
    }

    mutating func endFrame(_ slots: inout TouchSlots) {}

    mutating func reset() {}
}
