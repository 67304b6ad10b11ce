import CLinux
import Glibc
import Testing
@testable import panel

/// The loop on a manual clock: timers fire only when time passes them, descriptors are
/// handled as they become ready, `afterWake` runs once per wake-up.
struct EventLoopTests {
    @Test func timersFireWhenTheManualClockPassesThem() throws {
        let loop = try EventLoop(clock: ManualClock())
        var fired: [String] = []
        loop.schedule(at: 0.5) { fired.append("b") }
        loop.schedule(at: 0.2) { fired.append("a") }
        let cancelled = loop.schedule(at: 0.3) { fired.append("cancelled") }
        loop.cancel(cancelled)
        try loop.advanceTime(by: 0.1)
        #expect(fired.isEmpty)
        try loop.advanceTime(by: 0.1)
        #expect(fired == ["a"])
        try loop.advanceTime(by: 1)
        #expect(fired == ["a", "b"], "in deadline order; the cancelled one never")
        #expect(loop.nextDeadline == nil)
    }

    @Test func readyDescriptorsAreHandledThenAfterWakeOnce() throws {
        let loop = try EventLoop(clock: ManualClock())
        var ends: [CInt] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var reads = 0, wakes = 0
        loop.afterWake = { wakes += 1 }
        try loop.watch(ends[0]) { _ in
            var byte: UInt8 = 0
            while read(ends[0], &byte, 1) == 1 && byte != 0x0A { reads += 1 }
        }
        try loop.runOnce(timeout: 0)
        #expect(reads == 0)
        _ = write(ends[1], "ab\n", 3)
        try loop.runOnce(timeout: 0)
        #expect(reads == 2)
        #expect(wakes == 2)
    }

    @Test func unwatchedDescriptorsAreNotHandled() throws {
        let loop = try EventLoop(clock: ManualClock())
        var ends: [CInt] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var handled = 0
        let watch = try loop.watch(ends[0]) { _ in handled += 1 }
        loop.unwatch(watch)
        _ = write(ends[1], "x", 1)
        try loop.runOnce(timeout: 0)
        #expect(handled == 0)
    }

    /// On the real clock the timerfd wakes the loop at the deadline, not before, and with
    /// no timer left it is disarmed: a wait with nothing ready returns without a wake-up.
    @Test func realClockTimersWakeTheLoopOnTime() throws {
        let loop = try EventLoop(clock: MonotonicClock())
        let start = loop.clock.now
        var firedAt: Double?
        loop.schedule(at: start + 0.05) { firedAt = loop.clock.now }
        try loop.run(until: { firedAt != nil })
        let elapsed = try #require(firedAt) - start
        #expect(elapsed >= 0.05 && elapsed < 0.5)
        let wakes = loop.wakeCount
        try loop.runOnce(timeout: 0.1)
        #expect(loop.wakeCount == wakes, "nothing armed, nothing ready: no wake-up")
    }

    @Test func stopEndsRunAfterTheCurrentWakeUp() throws {
        let loop = try EventLoop(clock: MonotonicClock())
        var ran = 0
        loop.schedule(at: loop.clock.now) { ran += 1; loop.stop() }
        loop.schedule(at: loop.clock.now + 60) { ran += 100 }
        try loop.run()
        #expect(ran == 1)
    }
}
