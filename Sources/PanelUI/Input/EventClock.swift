/// Turns a recording's timestamps into microseconds since its first event.
///
/// Old evemu files carry wall-clock seconds, newer evemu and `libinput record` start
/// near 0; rebasing on the first event makes both start at 0. Equal times are normal
/// (every event of a frame shares one), going backwards means a damaged file.
struct EventClock {
    private var first: UInt64?
    private var last: UInt64 = 0

    mutating func rebase(seconds: UInt64, microseconds: UInt64, line: Int, file: String) throws(RecordingError) -> UInt64 {
        guard microseconds < 1_000_000 else {
            throw RecordingError(file: file, line: line, message: "microseconds \(microseconds) out of range (0...999999)")
        }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else {
            throw RecordingError(file: file, line: line, message: "timestamp \(seconds) s is too large")
        }
        let absolute = scaled + microseconds
        guard let start = first else {
            first = absolute
            last = absolute
            return 0
        }
        guard absolute >= last else {
            throw RecordingError(file: file, line: line,
                                 message: "event time \(Self.format(absolute)) is before the previous event's \(Self.format(last))")
        }
        last = absolute
        return absolute - start
    }

    static func format(_ us: UInt64) -> String {
        let fraction = String(us % 1_000_000)
        return "\(us / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
