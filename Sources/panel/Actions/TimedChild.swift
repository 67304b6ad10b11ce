import Glibc

/// A child process run on the event loop with a deadline, never waited for: its exit arrives
/// through its pidfd, its timeout as a loop timer. At the timeout its process group gets
/// SIGTERM, then SIGKILL `killGrace` seconds later, and it ends `.timedOut`.
///
/// It keeps itself alive (through the loop's handlers) until the child is reaped, then calls
/// `ended` once: an owner may drop it at any time, or `kill()` it and drop it, without leaving
/// a zombie behind while panel runs.
final class TimedChild {
    /// How a run ended.
    enum Ending: Equatable {
        case exited(ChildProcess.Termination)
        /// Stopped after its timeout (whatever its status then).
        case timedOut
    }

    let process: ChildProcess
    /// Seconds between SIGTERM and SIGKILL for a child that timed out.
    static let killGrace = 1.0

    private let loop: EventLoop
    private var watch: EventLoop.Watch?
    private var timer: EventLoop.Timer?
    private var timedOut = false
    private var ended: ((Ending) -> Void)?

    /// Starts `argv` (see `ChildProcess`); `onTimeout` is called when the timeout passes (before
    /// the child has ended), `ended` once it has been reaped.
    init(argv: [String], environment: [String], output: ChildProcess.Output = .panelStderr, timeout: Double,
         loop: EventLoop, onTimeout: @escaping () -> Void = {}, ended: @escaping (Ending) -> Void) throws(SystemCallError) {
        self.loop = loop
        process = try ChildProcess(argv: argv, environment: environment, output: output)
        self.ended = ended
        do {
            watch = try loop.watch(process.pidfd.rawValue) { [self] _ in exited() }
        } catch {
            process.signalGroup(SIGKILL)
            _ = process.waitForExit()
            throw error
        }
        timer = loop.schedule(at: loop.clock.now + timeout) { [self] in
            timedOut = true
            onTimeout()
            process.signalGroup(SIGTERM)
            timer = loop.schedule(at: loop.clock.now + Self.killGrace) { [weak process] in process?.signalGroup(SIGKILL) }
        }
    }

    /// Signals the child's whole process group.
    func signalGroup(_ signal: CInt) { process.signalGroup(signal) }

    /// SIGKILL for a run nobody waits for any more; it is still reaped, and `ended` not called.
    func kill() {
        ended = nil
        process.signalGroup(SIGKILL)
    }

    private func exited() {
        guard let termination = process.reap() else { return }
        if let watch { loop.unwatch(watch) }
        loop.cancel(timer)
        (watch, timer) = (nil, nil)
        let ended = self.ended
        self.ended = nil
        ended?(timedOut ? .timedOut : .exited(termination))
    }
}
