import CInput
import Glibc

extension TerminationSignals {
    /// A descriptor that becomes readable when SIGTERM or SIGINT arrives, for poll loops.
    /// Call `block()` first: signalfd only sees blocked signals. Nothing is read from it,
    /// so the signal stays pending and `isPending` reports it.
    static func descriptor() throws(Errno) -> FileDescriptor {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        let fd = signalfd(-1, &signals, CInt(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw Errno.current }
        return FileDescriptor(adopting: fd)
    }
}
