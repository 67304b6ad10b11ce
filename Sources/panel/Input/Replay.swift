import PanelUI

/// A recording read and decoded up front, ready to play on a virtual clock.
/// Decoding everything before the panel starts means a malformed recording is reported
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
        let text: String
        do {
            text = try readFile(path)
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.badInput)
        }
        let recording: Recording
        var decoder: TouchDecoder
        do {
            recording = try RecordingReader.parse(text, file: path)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.badInput)
        }
        do {
            decoder = try TouchDecoder(device: recording.device, screen: screen, calibration: calibration ?? [1, 0, 0, 0, 1, 0])
        } catch {
            throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.badInput)
        }
        touches = recording.events.flatMap { event in
            decoder.feed(event).map { TimedTouch(touch: $0, seconds: Double($0.time) / 1_000_000) }
        }
    }
}
