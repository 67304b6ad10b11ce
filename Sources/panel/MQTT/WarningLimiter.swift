/// Which warnings about received messages are logged: any broker client can send them, so a
/// flood of junk must write a bounded amount of log.
///
/// Per topic, the first warning is logged and starts a window of `window` seconds; the others
/// in it are only counted, and when it ends one summary line gives the count. At most
/// `topicsKept` topics have windows of their own at once; warnings on any other topic share
/// one more window. So per `window` at most `topicsKept + 1` warnings and as many summaries are
/// written, and the table never holds more than `topicsKept + 1` entries, whatever is sent.
struct WarningLimiter: Equatable {
    /// A topic with a window of its own, or all the others together.
    enum Key: Hashable {
        case topic(String)
        case otherTopics
    }

    struct Window: Equatable {
        var start: Double
        /// Warnings counted and not logged since `start`.
        var suppressed = 0
    }

    /// A window that ended with warnings not logged: its summary.
    struct Summary: Equatable {
        var key: Key
        var suppressed: Int
    }

    var window = 60.0
    var topicsKept = 16
    private(set) var windows: [Key: Window] = [:]

    /// Whether a warning about a message on `topic` at `now` is logged (true) or only counted.
    /// Windows that have ended are closed first (`closeWindows(at:)`): take their summaries
    /// before calling this, or they are dropped.
    mutating func admit(_ topic: String, at now: Double) -> Bool {
        let topicsOpen = windows.count - (windows[.otherTopics] == nil ? 0 : 1)
        let key: Key = windows[.topic(topic)] != nil || topicsOpen < topicsKept ? .topic(topic) : .otherTopics
        if var open = windows[key], now < open.start + window {
            open.suppressed += 1
            windows[key] = open
            return false
        }
        windows[key] = Window(start: now)
        return true
    }

    /// Closes the windows ended by `now` and returns the summaries of those that counted
    /// warnings, in a stable order (topics by name, then the others).
    mutating func closeWindows(at now: Double) -> [Summary] {
        var summaries: [Summary] = []
        for (key, open) in windows where now >= open.start + window {
            windows[key] = nil
            if open.suppressed > 0 { summaries.append(Summary(key: key, suppressed: open.suppressed)) }
        }
        return summaries.sorted { a, b in
            switch (a.key, b.key) {
            case (.topic(let x), .topic(let y)): x < y
            case (.topic, .otherTopics): true
            default: false
            }
        }
    }

    /// When the first window with warnings not logged ends; nil when there is none (a timer
    /// for summaries is needed only then).
    var nextSummary: Double? {
        windows.values.filter { $0.suppressed > 0 }.map { $0.start + window }.min()
    }
}
