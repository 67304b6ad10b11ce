import Glibc

/// One run of a value source's program on the event loop: stdout's first line and stderr's
/// last are read as they arrive (non-blocking, a few reads per wake-up, bounded buffers), and
/// once the program has ended `finished` gets the reading, exactly once.
///
/// Output is read to its end, not cut off: a program printing a megabyte after its first line
/// is drained and exits normally instead of dying of SIGPIPE. What a program's background
/// children write after it exited is not waited for.
final class SourceRun {
    private let loop: EventLoop
    private let timeout: Double
    private var child: TimedChild?
    private var stdout = FirstLineCapture()
    private var stderr = LastLineCapture()
    /// The pipes still read, by descriptor.
    private var watches: [CInt: EventLoop.Watch] = [:]
    private var finished: ((ValueReading) -> Void)?

    /// Bytes per read(2).
    static let chunk = 16 << 10
    /// Reads of one pipe per wake-up while the program runs, so a flood of output takes its
    /// turn with the loop's other work (level-triggered epoll calls again).
    static let readsPerWake = 4
    /// Reads of one pipe once the program has ended, for what it left in the pipe (64 KiB at
    /// most on Linux's default pipe, unless a background child keeps writing).
    static let readsAtEnd = 16

    init(argv: [String], environment: [String], timeout: Double, loop: EventLoop,
         finished: @escaping (ValueReading) -> Void) throws(SystemCallError) {
        self.loop = loop
        self.timeout = timeout
        self.finished = finished
        let child = try TimedChild(argv: argv, environment: environment, output: .pipes, timeout: timeout, loop: loop) { [weak self] ending in
            self?.ended(ending)
        }
        self.child = child
        for fd in [child.process.output, child.process.errorOutput].compactMap({ $0 }) {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            do {
                watches[fd] = try loop.watch(fd) { [unowned self] _ in read(fd, times: Self.readsPerWake) }
            } catch {
                cancel()
                throw error
            }
        }
    }

    deinit { stopReading() }

    /// Kills the program (SIGKILL to its group); it is still reaped, and nothing is reported.
    func cancel() {
        finished = nil
        stopReading()
        child?.kill()
    }

    private func stopReading() {
        for watch in watches.values { loop.unwatch(watch) }
        watches = [:]
    }

    /// Up to `times` reads of `fd`; at its end (or an error) it is no longer watched.
    private func read(_ fd: CInt, times: Int) {
        withUnsafeTemporaryAllocation(byteCount: Self.chunk, alignment: 1) { buffer in
            for _ in 0..<times {
                let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
                if count > 0 {
                    let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                    if fd == child?.process.output { stdout.take(bytes) } else { stderr.take(bytes) }
                    continue
                }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
                if let watch = watches.removeValue(forKey: fd) { loop.unwatch(watch) }
                return
            }
        }
    }

    private func ended(_ ending: TimedChild.Ending) {
        for fd in Array(watches.keys) { read(fd, times: Self.readsAtEnd) }
        stopReading()
        let reading: ValueReading = switch ending {
        case .timedOut: .failed(reason: "timed out after \(TimeConversion.shown(timeout)) s")
        case .exited(.exited(0)): .text(stdout.text)
        case .exited(let termination): .failed(reason: termination.description + (stderr.line.map { ": \($0)" } ?? ""))
        }
        let finished = self.finished
        self.finished = nil
        finished?(reading)
    }
}
