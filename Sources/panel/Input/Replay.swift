import PanelUI

/// A recording read and decoded up front, ready to play on a virtual clock.
/// Reading it before the panel starts means a malformed recording is reported
/// (`FILE:LINE: message`, exit 2) before anything is drawn or saved.
struct Replay {
    struct TimedTouch {
        var touch: TouchEvent
        /// Seconds since the recording's first event.
        var seconds: Double
    }

    let touches: [TimedTouch]

    /// Reads and decodes a recording for a screen of `screen` pixels, through the
    /// description's `calibration` as libinput would apply it to the device.
    init(path: String, screen: Size, calibration: [Double]? = nil) throws(CommandFailure) {
        try self.init(recording: Self.read(path: path, calibration: calibration), path: path, screen: screen, calibration: calibration)
    }

    /// Decodes a recording `read` has checked, once the screen's size is known.
    init(recording: Recording, path: String, screen: Size, calibration: [Double]?) throws(CommandFailure) {
        var decoder = try Self.decoder(for: recording, path: path, screen: screen, calibration: calibration)
        touches = recording.events.flatMap { event in
            decoder.feed(event).map { TimedTouch(touch: $0, seconds: Double($0.time) / 1_000_000) }
        }
    }

    /// Reads and parses a recording, and checks that it comes from a touch device this
    /// pipeline can decode; decoding itself waits for the screen size.
    static func read(path: String, calibration: [Double]?) throws(CommandFailure) -> Recording {
        let text: String
        do {
            text = try readFile(path)
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.badInput)
        }
        let recording: Recording
        do {
            recording = try RecordingReader.parse(text, file: path)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.badInput)
        }
        _ = try decoder(for: recording, path: path, screen: DisplaySpec.defaultHeadlessSize, calibration: calibration)
        return recording
    }

    private static func decoder(for recording: Recording, path: String, screen: Size,
                                calibration: [Double]?) throws(CommandFailure) -> TouchDecoder {
        do {
            return try TouchDecoder(device: recording.device, screen: screen, calibration: calibration ?? [1, 0, 0, 0, 1, 0])
        } catch {
            throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.badInput)
        }
    }
}
