import CLinux
import Glibc

/// A CLOCK_MONOTONIC timerfd, armed at an absolute instant or disarmed: the loop's only
/// source of timed wake-ups, so an idle panel, with nothing armed, never wakes.
struct TimerFD: ~Copyable {
    let descriptor: FileDescriptor

    init() throws(SystemCallError) {
        do {
            descriptor = FileDescriptor(owning: try retryingInterrupts {
                timerfd_create(CLOCK_MONOTONIC, CInt(TFD_CLOEXEC) | CInt(TFD_NONBLOCK))
            })
        } catch {
            throw SystemCallError("create a timerfd", error)
        }
    }

    /// Fires once at `instant` (CLOCK_MONOTONIC); nil disarms.
    func arm(at instant: timespec?) throws(SystemCallError) {
        var value = itimerspec()
        if var instant {
            // An all-zero it_value would disarm instead of firing at once.
            if instant.tv_sec == 0 && instant.tv_nsec == 0 { instant.tv_nsec = 1 }
            value.it_value = instant
        }
        do {
            _ = try retryingInterrupts { timerfd_settime(descriptor.rawValue, CInt(TFD_TIMER_ABSTIME), &value, nil) }
        } catch {
            throw SystemCallError("arm the loop's timerfd", error)
        }
    }

    /// Clears the expiry count so the descriptor stops being readable.
    func acknowledge() {
        var expirations: UInt64 = 0
        _ = Glibc.read(descriptor.rawValue, &expirations, MemoryLayout<UInt64>.size)
    }
}
