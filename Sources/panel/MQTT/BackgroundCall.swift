import CLinux
import Glibc

/// One call that may block for long (a host name lookup) run on a thread of its own, so the
/// event loop, and with it SIGTERM's signalfd, touches and drawing, goes on meanwhile. Its
/// end reaches the loop through an eventfd the loop watches; `finished` then runs on the
/// loop's thread with the result.
///
/// `abandon()` (or dropping this value) stops listening: the thread is detached and ends on
/// its own, its result dropped. What it shares with the loop (the eventfd and the result's
/// place) is held by both sides and goes with the last of them, so an abandoned thread that
/// ends later never writes to a descriptor the loop has closed and reused.
final class BackgroundCall<Value: Sendable> {
    private let loop: EventLoop
    private let shared: BackgroundCallBox<Value>
    private var watch: EventLoop.Watch?
    private var finished: ((Value) -> Void)?

    /// Starts `work` on a new thread with every signal blocked (they stay for the loop's
    /// signalfd). Fails when no eventfd or thread can be had.
    init(loop: EventLoop, work: @escaping @Sendable () -> Value, finished: @escaping (Value) -> Void) throws(SystemCallError) {
        self.loop = loop
        self.finished = finished
        let fd: CInt
        do throws(Errno) {
            fd = try retryingInterrupts { eventfd(0, CInt(EFD_CLOEXEC) | CInt(EFD_NONBLOCK)) }
        } catch {
            throw SystemCallError("create an eventfd for a background call", error, advice: "raise the process's file limit (LimitNOFILE=)")
        }
        shared = BackgroundCallBox(wakeUp: FileDescriptor(owning: fd), work: work)
        watch = try loop.watch(fd) { [unowned self] _ in heard() }
        do throws(SystemCallError) {
            try SignalFreeThread.start("a background thread", detached: true) { [shared] in shared.run() }
        } catch {
            abandon()
            throw error
        }
    }

    deinit { abandon() }

    /// Stops listening; the thread, if still working, ends on its own and its result is dropped.
    func abandon() {
        if let watch { loop.unwatch(watch) }
        watch = nil
        finished = nil
    }

    private func heard() {
        guard let result = shared.take() else { return }
        let finished = self.finished
        // `finished` usually drops the owner's reference to this call: it lives to the end here.
        withExtendedLifetime(self) {
            abandon()
            finished?(result)
        }
    }
}

/// What the loop and the call's thread share: the eventfd, the work, and the result once there.
///
/// `@unchecked Sendable` because the compiler can't see the lock: `result` is read and written
/// only with `mutex` held; `wakeUp` and `work` are set once in `init`.
private final class BackgroundCallBox<Value: Sendable>: @unchecked Sendable {
    let wakeUp: FileDescriptor
    private let work: @Sendable () -> Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var result: Value?

    init(wakeUp: consuming FileDescriptor, work: @escaping @Sendable () -> Value) {
        self.wakeUp = wakeUp
        self.work = work
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// On the thread: the work, its result kept, the loop woken.
    func run() {
        let value = work()
        pthread_mutex_lock(mutex)
        result = value
        pthread_mutex_unlock(mutex)
        var one: UInt64 = 1
        _ = Glibc.write(wakeUp.rawValue, &one, MemoryLayout<UInt64>.size)
    }

    /// On the loop: the result once the thread has posted it (the eventfd's count read too).
    func take() -> Value? {
        var count: UInt64 = 0
        _ = Glibc.read(wakeUp.rawValue, &count, MemoryLayout<UInt64>.size)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return result
    }
}
