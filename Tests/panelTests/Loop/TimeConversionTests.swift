import Glibc
import Testing
@testable import panel

/// Seconds into timespecs and poll timeouts: saturating, never trapping, NaN and
/// infinity meaning "never" (issue 11: `blank_after: 9.3e18` killed the panel with SIGILL).
struct TimeConversionTests {
    @Test func timespecsRoundUpToTheNanosecond() throws {
        let t = try #require(TimeConversion.timespec(seconds: 12.25))
        #expect(t.tv_sec == 12 && t.tv_nsec == 250_000_000)
        let tiny = try #require(TimeConversion.timespec(seconds: 3 + 1e-10))
        #expect(tiny.tv_sec == 3 && tiny.tv_nsec == 1, "never before the time it stands for")
        let carried = try #require(TimeConversion.timespec(seconds: 4.9999999999))
        #expect(carried.tv_sec == 5 && carried.tv_nsec == 0)
    }

    @Test func pastAndNegativeTimesAreNow() throws {
        for seconds in [0.0, -1, -1e19, -Double.infinity] {
            let t = try #require(TimeConversion.timespec(seconds: seconds))
            #expect(t.tv_sec == 0 && t.tv_nsec == 0, "\(seconds)")
        }
    }

    @Test func timesPastWhatATimespecHoldsAreNever() throws {
        for seconds in [9.3e18, 1e19, 1e300, Double.greatestFiniteMagnitude, .infinity, .nan, Double(Int.max)] {
            #expect(TimeConversion.timespec(seconds: seconds) == nil, "\(seconds)")
        }
        let largest = try #require(TimeConversion.timespec(seconds: Double(Int.max).nextDown))
        #expect(largest.tv_sec == Int(Double(Int.max).nextDown))
    }

    @Test func pollTimeoutsSaturate() {
        #expect(TimeConversion.pollMilliseconds(nil) == -1)
        #expect(TimeConversion.pollMilliseconds(0) == 0)
        #expect(TimeConversion.pollMilliseconds(-5) == 0)
        #expect(TimeConversion.pollMilliseconds(-.infinity) == 0)
        #expect(TimeConversion.pollMilliseconds(0.0001) == 1, "rounded up: a short wait is not a busy loop")
        #expect(TimeConversion.pollMilliseconds(2.5) == 2500)
        #expect(TimeConversion.pollMilliseconds(2_000_000) == 2_000_000_000)
        for seconds in [3e6, 1e19, .infinity, .nan] {
            #expect(TimeConversion.pollMilliseconds(seconds) == -1, "\(seconds): past CInt.max ms waits for ever")
        }
    }

    @Test func secondsAreShownWithoutTrapping() {
        #expect(TimeConversion.shown(5) == "5")
        #expect(TimeConversion.shown(0.2) == "0.2")
        #expect(TimeConversion.shown(1e19) == "1e+19")
        #expect(TimeConversion.shown(.infinity) == "inf")
        #expect(TimeConversion.shown(.nan) == "nan")
    }

    @Test func monotonicInstantsOfFarTimesAreNever() throws {
        let clock = MonotonicClock()
        #expect(clock.monotonicInstant(of: 1e19) == nil)
        #expect(clock.monotonicInstant(of: .infinity) == nil)
        #expect(clock.monotonicInstant(of: .nan) == nil)
        let soon = try #require(clock.monotonicInstant(of: clock.now + 1))
        #expect(Double(soon.tv_sec) > MonotonicClock.monotonicSeconds())
        let past = try #require(clock.monotonicInstant(of: -1e19))
        #expect(past.tv_sec == 0)
    }

    @Test func farTimersNeverFireNorWakeTheLoop() throws {
        let loop = try EventLoop(clock: MonotonicClock())
        var fired: [String] = []
        // 5e18 and 1e12 s fit a timespec: the kernel takes them (and saturates its own clock) without EINVAL.
        for (name, deadline) in [("1e19", 1e19), ("9.3e18", 9.3e18), ("inf", .infinity), ("nan", .nan), ("5e18", 5e18), ("1e12", 1e12)] {
            loop.schedule(at: deadline) { fired.append(name) }
        }
        let wakes = loop.wakeCount
        try loop.runOnce(timeout: 0.1)
        #expect(loop.wakeCount == wakes, "a timer at never, or in 30,000 years, wakes nothing")
        // A near timer still fires on time with the far ones pending.
        var near = false
        loop.schedule(at: loop.clock.now + 0.02) { near = true }
        try loop.run(until: { near })
        try loop.runOnce(timeout: 0.05)
        #expect(fired.isEmpty)
        #expect(loop.nextDeadline == 1e12)
    }

    @Test func theLoopWaitsThroughTimeoutsTooLongForEpoll() throws {
        let loop = try EventLoop(clock: MonotonicClock())
        var ends: [CInt] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var handled = 0
        try loop.watch(ends[0]) { _ in
            var byte: UInt8 = 0
            _ = read(ends[0], &byte, 1)
            handled += 1
        }
        for timeout in [1e19, .infinity, .nan] {
            _ = write(ends[1], "x", 1)
            try loop.runOnce(timeout: timeout)
        }
        #expect(handled == 3)
    }
}
