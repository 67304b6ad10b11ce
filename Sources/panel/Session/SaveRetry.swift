/// When to try a failed save again: after 1 s, then twice as long each failure up to a minute,
/// so a full or read-only disk isn't hammered (nor the journal flooded) but is used again
/// within a minute of being fixed. Every value change also tries at once.
struct SaveRetry: Equatable {
    static let firstInterval = 1.0
    static let longestInterval = 60.0

    /// When the next timed attempt is due (session seconds); nil while saves succeed.
    private(set) var due: Double?
    private(set) var interval = firstInterval

    mutating func failed(at now: Double) {
        due = now + interval
        interval = min(interval * 2, Self.longestInterval)
    }

    mutating func succeeded() {
        due = nil
        interval = Self.firstInterval
    }
}
