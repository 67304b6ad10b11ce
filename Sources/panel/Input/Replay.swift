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

    /// The recording's touches in order, decoded as they are played: a long recording costs
    /// its events (24 bytes each), not a second array of its touches.
    struct Touches: Sequence {
        fileprivate let events: [InputEvent]
        fileprivate let decoder: TouchDecoder

        struct Iterator: IteratorProtocol {
            fileprivate var events: IndexingIterator<[InputEvent]>
            fileprivate var decoder: TouchDecoder
            /// What the last event fed gave, and how much of it has been handed out.
            private var decoded: [TouchEvent] = []
            private var handedOut = 0

            fileprivate init(events: [InputEvent], decoder: TouchDecoder) {
                self.events = events.makeIterator()
                self.decoder = decoder
            }

            mutating func next() -> TimedTouch? {
                while handedOut == decoded.count {
                    guard let event = events.next() else { return nil }
                    decoded = decoder.feed(event)
                    handedOut = 0
                }
                let touch = decoded[handedOut]
                handedOut += 1
                return TimedTouch(touch: touch, seconds: Double(touch.time) / 1_000_000)
            }
        }

        func makeIterator() -> Iterator { Iterator(events: events, decoder: decoder) }
    }

    let touches: Touches

    /// Recordings up to 256 MiB: hours of touches (a busy minute of `libinput record` is
    /// about 1 MB), read as a stream, so the size bounds time rather than memory.
    static let limits = ReadLimits(maxBytes: 256 << 20)

    /// Reads and decodes a recording for a screen of `screen` pixels, through the
    /// description's `calibration` as libinput would apply it to the device.
    init(path: String, screen: Size, calibration: [Double]? = nil) throws(CommandFailure) {
        try self.init(recording: Self.read(path: path, calibration: calibration), path: path, screen: screen, calibration: calibration)
    }

    /// Decodes a recording `read` has checked, once the screen's size is known.
    init(recording: Recording, path: String, screen: Size, calibration: [Double]?) throws(CommandFailure) {
        touches = Touches(events: recording.events,
                          decoder: try Self.decoder(for: recording, path: path, screen: screen, calibration: calibration))
    }

    /// Reads and parses a recording, and checks that it comes from a touch device this
    /// pipeline can decode; decoding itself waits for the screen size.
    ///
    /// The file is read as it is parsed, never whole (only its events are kept), and only
    /// a regular file up to `limits` is read: a FIFO or `/dev/zero` is refused at once.
    static func read(path: String, calibration: [Double]?) throws(CommandFailure) -> Recording {
        let file: FileReader
        do {
            file = try FileReader(path, limits: limits)
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.badInput)
        }
        var readError: FileError?
        let recording: Recording
        do {
            recording = try RecordingReader.parse(file: path) { buffer in
                do throws(FileError) { return try file.read(into: buffer) } catch {
                    readError = error
                    return nil
                }
            }
        } catch {
            throw CommandFailure(message: readError.map { "panel: \($0)" } ?? error.description, status: ExitStatus.badInput)
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
