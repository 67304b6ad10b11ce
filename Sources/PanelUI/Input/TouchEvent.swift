/// What a touch did, named as libinput's LIBINPUT_EVENT_TOUCH_* events.
public enum TouchPhase: String, Sendable {
    case down, motion, up, cancel
    /// Ends a group of touch events that happened together (one evdev SYN_REPORT).
    case frame
}

/// One libinput-style touch event in screen pixels.
public struct TouchEvent: Equatable, Sendable {
    public var phase: TouchPhase
    /// The touch's slot; -1 for `frame`.
    public var slot: Int
    /// Screen pixels (not rotated); for `up` and `cancel` the touch's last position; zero for `frame`.
    public var position: Point
    /// Microseconds since the recording started (the SYN_REPORT's time).
    public var time: UInt64

    public init(phase: TouchPhase, slot: Int, position: Point, time: UInt64) {
        self.phase = phase
        self.slot = slot
        self.position = position
        self.time = time
    }

    public static func frame(time: UInt64) -> TouchEvent {
        TouchEvent(phase: .frame, slot: -1, position: .zero, time: time)
    }
}
