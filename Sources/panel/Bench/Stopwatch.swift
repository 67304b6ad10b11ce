import Glibc

/// Timing for the benchmark: a monotonic clock and medians, because on a shared machine
/// single runs are noisy and the median of many is what repeats from run to run.
enum Stopwatch {
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Milliseconds one call of `body` takes.
    @inline(never)
    static func milliseconds(_ body: () -> Void) -> Double {
        let start = nanoseconds()
        body()
        return Double(nanoseconds() - start) / 1e6
    }

    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

/// Keeps the optimiser from dropping work whose result is never read.
@inline(never)
func blackHole(_ pointer: UnsafeMutableRawPointer) {
    withExtendedLifetime(pointer) {}
}
