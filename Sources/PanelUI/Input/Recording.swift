/// A parsed recording: one device and its events in file order.
public struct Recording: Sendable {
    public var device: InputDeviceInfo
    public var events: [InputEvent]

    public init(device: InputDeviceInfo, events: [InputEvent]) {
        self.device = device
        self.events = events
    }
}

/// A recording that can't be read, located for a `FILE:LINE: message` report.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
