/// One evdev event from a recording (`struct input_event` plus where it was written).
public struct InputEvent: Equatable, Sendable {
    /// Microseconds since the recording's first event, which is 0 whether the file used
    /// wall-clock (old evemu) or relative (evemu 1.3, `libinput record`) timestamps.
    public var time: UInt64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    /// The source line, so a decoder complaint can point into the file.
    public var line: Int

    public init(time: UInt64, type: UInt16, code: UInt16, value: Int32, line: Int = 0) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
        self.line = line
    }
}
