import CLinux
import Glibc

/// The program's thread of work: one epoll over every descriptor (display, input, signals,
/// control socket, action children, the state writer's eventfd) plus one timerfd for everything
/// timed. (The only other thread writes the state file: `StateWriter`.)
///
/// Each wake-up handles every ready descriptor, then every due timer, then `afterWake`
/// (where the panel draws, once per wake-up however much arrived). The timerfd is armed
/// only for the earliest pending timer, so with no timer (nothing animates, no deadline)
/// the process sleeps in epoll_wait until a descriptor wakes it. Time comes from an
/// injected clock: with a `ManualClock`, timers fire only when `advanceTime(by:)` passes
/// them, so tests run deterministically and instantly (the shape of NIO's EmbeddedEventLoop).
final class EventLoop {
    typealias Handler = (_ events: UInt32) -> Void

    /// Names a watched descriptor, for changing its events or unwatching it.
    struct Watch: Hashable { fileprivate let token: UInt64 }
    /// Names a scheduled timer, for cancelling it.
    struct Timer: Hashable { fileprivate let id: UInt64 }

    let clock: any LoopClock
    private let epoll: Epoll
    private let timerFD: TimerFD
    private var watches: [UInt64: (fd: CInt, handler: Handler)] = [:]
    private var timers: [UInt64: (deadline: Double, action: () -> Void)] = [:]
    private var nextID: UInt64 = 1
    private var armedDeadline: Double?
    private var stopping = false
    /// Runs after the descriptors and timers of each wake-up.
    var afterWake: (() -> Void)?
    /// epoll_wait returns so far: the idle test expects none while nothing happens.
    private(set) var wakeCount = 0

    private static let timerToken: UInt64 = 0

    init(clock: any LoopClock = MonotonicClock()) throws(SystemCallError) {
        self.clock = clock
        epoll = try Epoll()
        timerFD = try TimerFD()
        try epoll.add(timerFD.descriptor.rawValue, events: EPOLLIN.rawValue, token: Self.timerToken)
    }

    // MARK: descriptors

    /// Calls `handler` with the ready events whenever `fd` is ready for `events`
    /// (level-triggered: a handler that leaves data unread is called again).
    @discardableResult
    func watch(_ fd: CInt, events: UInt32 = EPOLLIN.rawValue, handler: @escaping Handler) throws(SystemCallError) -> Watch {
        let token = nextID
        nextID += 1
        try epoll.add(fd, events: events, token: token)
        watches[token] = (fd, handler)
        return Watch(token: token)
    }

    func change(_ watch: Watch, events: UInt32) throws(SystemCallError) {
        guard let fd = watches[watch.token]?.fd else { return }
        try epoll.modify(fd, events: events, token: watch.token)
    }

    /// Stops watching; call it before closing the descriptor.
    func unwatch(_ watch: Watch) {
        guard let entry = watches.removeValue(forKey: watch.token) else { return }
        epoll.remove(entry.fd)
    }

    // MARK: timers

    /// Runs `action` once at `deadline` (clock seconds), or at the first wake-up after it.
    /// A deadline of +infinity, or NaN, is never: the timer waits until cancelled.
    @discardableResult
    func schedule(at deadline: Double, _ action: @escaping () -> Void) -> Timer {
        let id = nextID
        nextID += 1
        // NaN compares false with everything: as a deadline it would never be due yet always be re-armed.
        timers[id] = (deadline.isNaN ? .infinity : deadline, action)
        return Timer(id: id)
    }

    func cancel(_ timer: Timer?) {
        guard let timer else { return }
        timers[timer.id] = nil
    }

    /// The earliest pending deadline, if any.
    var nextDeadline: Double? { timers.values.map(\.deadline).min() }

    // MARK: running

    /// Runs wake-ups until `stop()`.
    func run() throws(SystemCallError) {
        stopping = false
        while !stopping { try runOnce(timeout: nil) }
    }

    /// Runs wake-ups until `condition` holds, or `stop()`.
    func run(until condition: () -> Bool) throws(SystemCallError) {
        stopping = false
        while !stopping, !condition() { try runOnce(timeout: nil) }
    }

    /// Makes `run` return after the current wake-up.
    func stop() { stopping = true }
    var isStopping: Bool { stopping }

    /// One wake-up: waits up to `timeout` seconds (nil: until a descriptor or the timerfd
    /// is ready; 0: not at all) and handles what is ready, the due timers and `afterWake`.
    /// A timeout too long for epoll (NaN, infinity, more than about 24 days) waits like nil.
    func runOnce(timeout: Double?) throws(SystemCallError) {
        try armTimerFD()
        let ready = try epoll.wait(milliseconds: TimeConversion.pollMilliseconds(timeout))
        if !ready.isEmpty || timeout == nil { wakeCount += 1 }
        for (token, events) in ready {
            if token == Self.timerToken {
                timerFD.acknowledge()
                armedDeadline = nil
            } else {
                // A handler may unwatch others: look each up as it comes.
                watches[token]?.handler(events)
            }
        }
        fireDueTimers()
        afterWake?()
    }

    /// Manual clocks only: moves time on, then runs one wake-up without waiting, which
    /// fires the timers passed and handles whatever descriptors are ready.
    func advanceTime(by seconds: Double) throws(SystemCallError) {
        guard let manual = clock as? ManualClock else { preconditionFailure("advanceTime needs a ManualClock") }
        manual.now += seconds
        try runOnce(timeout: 0)
    }

    private func fireDueTimers() {
        // Timers scheduled by these actions for a time already passed run on the next wake-up.
        let now = clock.now
        let due = timers.filter { $0.value.deadline <= now }.sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        for (id, timer) in due where timers.removeValue(forKey: id) != nil {
            timer.action()
        }
    }

    /// Arms the timerfd for the earliest timer, or disarms it: no timer, no wake-up. A deadline
    /// the clock can't arm (never, or a manual clock whose timers tests fire by hand) disarms too.
    private func armTimerFD() throws(SystemCallError) {
        let deadline = nextDeadline
        guard deadline != armedDeadline else { return }
        try timerFD.arm(at: deadline.flatMap { clock.monotonicInstant(of: $0) })
        armedDeadline = deadline
    }
}
