import Glibc

/// SIGTERM and SIGINT, blocked so they never kill the process mid-frame: a DRM panel
/// must put the old CRTC back before it exits. They are taken with `wait` or noticed with `isPending`.
enum TerminationSignals {
    private static var set: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        return signals
    }

    static func block() {
        var signals = set
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// True when one arrived (and is waiting to be taken).
    static var isPending: Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGTERM) == 1 || sigismember(&pending, SIGINT) == 1
    }

    /// Waits for one, at most `seconds` (forever when nil); true when one arrived.
    static func wait(seconds: Double?) -> Bool {
        var signals = set
        guard let seconds else {
            var received: Int32 = 0
            sigwait(&signals, &received)
            return true
        }
        let whole = seconds.rounded(.down)
        var timeout = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        while true {
            if sigtimedwait(&signals, nil, &timeout) >= 0 { return true }
            if errno != EINTR { return false }  // EAGAIN: the time is up
        }
    }
}
