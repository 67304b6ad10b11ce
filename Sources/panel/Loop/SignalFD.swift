import CLinux
import Glibc

/// SIGTERM, SIGINT and SIGHUP, blocked and read from a signalfd by the event loop: a
/// signal never interrupts a frame half drawn, and a DRM panel always puts the old CRTC
/// back before it exits. (Children get their own mask back: see ActionSpawner.)
struct SignalFD: ~Copyable {
    static let handled: [CInt] = [SIGTERM, SIGINT, SIGHUP]
    let descriptor: FileDescriptor

    private static var set: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in handled { sigaddset(&signals, signal) }
        return signals
    }

    /// Blocks the signals on the calling thread, and on threads it starts later. Call it
    /// first thing, on the main thread, so no thread is left where they would kill the process.
    static func block() {
        var signals = set
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// True when SIGTERM or SIGINT waits to be read (a replay stops early on one).
    static var isTerminationPending: Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGTERM) == 1 || sigismember(&pending, SIGINT) == 1
    }

    init() throws(SystemCallError) {
        Self.block()
        var signals = Self.set
        do {
            descriptor = FileDescriptor(owning: try retryingInterrupts {
                signalfd(-1, &signals, CInt(SFD_CLOEXEC) | CInt(SFD_NONBLOCK))
            })
        } catch {
            throw SystemCallError("create a signalfd", error)
        }
    }

    /// The descriptor to wait on.
    var rawValue: CInt { descriptor.rawValue }

    /// Nothing to do (the descriptor closes itself), but a deinit of its own keeps Swift 6.2.3's
    /// optimizer from splitting this value into its fields, which it then fails to verify
    /// (a compiler crash building `panel touches` for arm64).
    deinit {}

    /// The signals waiting, in arrival order (each kind at most once: signals coalesce).
    func drain() -> [CInt] {
        var signals: [CInt] = []
        var info = signalfd_siginfo()
        while Glibc.read(descriptor.rawValue, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            signals.append(CInt(info.ssi_signo))
        }
        return signals
    }
}
