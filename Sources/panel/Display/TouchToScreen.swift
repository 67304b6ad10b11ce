import PanelUI

/// `panel run --stats`: for every finger that goes down, the time from the kernel's timestamp
/// of its event (libinput's event time, CLOCK_MONOTONIC) to the moment the first frame drawn
/// after it reached the screen: the page-flip event's timestamp (CLOCK_MONOTONIC too) on a
/// DRM display that flips, otherwise the moment the frame was handed to the display. Logged
/// as percentiles when the panel stops.
///
/// Bounded: the percentiles are of the last `keep` touches; touches waiting for a frame are
/// at most `keep` too (a stuck display must not make the list grow).
final class TouchToScreen {
    static let keep = 65_536

    /// Event times (µs) of touches delivered since the last frame was presented.
    private var waiting: [UInt64] = []
    /// Those in the frame whose page flip is queued.
    private var flipping: [UInt64] = []
    /// Milliseconds, a ring of the last `keep`.
    private var samples: [Double] = []
    private var next = 0
    private(set) var count = 0

    /// A finger went down; its event's kernel time in CLOCK_MONOTONIC microseconds.
    func touched(atMicroseconds time: UInt64) {
        if waiting.count >= Self.keep { waiting.removeFirst(waiting.count / 2) }
        waiting.append(time)
    }

    /// A frame drawn after the waiting touches was handed to the display at `now`
    /// (CLOCK_MONOTONIC µs); with `flipQueued` it shows only when its page flip completes.
    func presented(atMicroseconds now: UInt64, flipQueued: Bool) {
        guard !waiting.isEmpty else { return }
        if flipQueued {
            flipping += waiting
        } else {
            for time in waiting { record(now, since: time) }
        }
        waiting.removeAll(keepingCapacity: true)
    }

    /// The page flip of the last queued frame completed at `time` (the event's tv_sec/tv_usec).
    func flipped(atMicroseconds time: UInt64) {
        for touch in flipping { record(time, since: touch) }
        flipping.removeAll(keepingCapacity: true)
    }

    private func record(_ shown: UInt64, since touch: UInt64) {
        let ms = shown >= touch ? Double(shown - touch) / 1000 : 0
        if samples.count < Self.keep {
            samples.append(ms)
        } else {
            samples[next] = ms
            next = (next + 1) % Self.keep
        }
        count += 1
    }

    /// Nearest-rank percentile (0...1) of the kept samples, nil without any.
    func percentile(_ p: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int(clamping: (p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    /// The line logged on exit; `source` says what "on screen" meant.
    func summary(source: String) -> String {
        guard let p50 = percentile(0.5), let p99 = percentile(0.99), let max = percentile(1) else {
            return "touch to screen: no touches"
        }
        let kept = count > samples.count ? " (the last \(samples.count))" : ""
        return "touch to screen: \(count) touch\(count == 1 ? "" : "es")\(kept), p50 \(fixed(p50)) ms, p99 \(fixed(p99)) ms, max \(fixed(max)) ms "
            + "(kernel event time to \(source))"
    }

    /// "2.000": three decimals; a time too long for them (a touch stamped long before the
    /// frame by a broken clock) as Swift prints it.
    private func fixed(_ ms: Double) -> String {
        let scaled = (ms * 1000).rounded()
        guard scaled.magnitude < 1e15 else { return "\(ms)" }
        let thousandths = Int(scaled)
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
