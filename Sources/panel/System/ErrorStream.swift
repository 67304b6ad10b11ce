import CLinux
import Glibc

/// panel's stderr (the journal under systemd), which log lines and actions' stderr go to.
///
/// Until `makeNonBlocking` it is written as any command-line tool writes it, waiting while
/// it is full. `panel run` makes it non-blocking once its event loop exists: whoever reads
/// stderr (journald, a pipe, a terminal) can then stall for as long as it likes and the loop
/// never waits for it. What stderr doesn't take at once waits here, up to `capacity` bytes,
/// and goes out when it takes more (the loop watches for that); beyond that, output is
/// dropped and counted, whole log lines at a time, and when stderr has taken everything kept
/// one warning says how long it was full and how much was lost ("once per episode").
///
/// Non-blocking without touching what others share: the O_NONBLOCK flag belongs to the open
/// file description, which the process that started panel and every action (whose stdout is
/// panel's stderr) share, and setting it would make their writes fail with EAGAIN. So a
/// socket (the journal's stream) is written with send(MSG_DONTWAIT), a pipe, FIFO or terminal
/// through a description of its own, opened non-blocking through /proc/self/fd/2, and a
/// regular file as it is (a write to one never waits for a reader). Should that open fail
/// (no /proc), writes go out only when poll says stderr has room, a page at a time.
///
/// Log lines may come from any thread (a lock guards the state); the loop's watch is changed
/// only on the loop's thread, and bytes written meanwhile from another go out with the next.
final class ErrorStream: @unchecked Sendable {
    /// The process's stderr.
    static let standard = ErrorStream(fd: STDERR_FILENO)

    /// Bytes kept while stderr takes none; what comes beyond them is dropped.
    static let capacity = 64 * 1024

    private enum Mode {
        /// write(2), waiting while stderr is full: before `makeNonBlocking`.
        case blocking
        /// send(MSG_DONTWAIT) on `fd`: a socket.
        case send
        /// write(2) on `own`, which is non-blocking: a pipe, FIFO or terminal opened anew.
        case own
        /// write(2) on `fd`: a regular file or anything else that never waits for a reader.
        case plain
        /// write(2) on `fd` of at most PIPE_BUF bytes, and only when poll says it has room.
        case polled
    }

    private let fd: CInt
    private var mode = Mode.blocking
    private var own: FileDescriptor?
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Bytes waiting for stderr, from `pendingStart` on.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// What was dropped since the episode began (at its first drop), and when that was.
    private var droppedBytes = 0
    private var droppedLines = 0
    private var episodeStart: Double?
    private var journalPriorities = false
    private var loop: EventLoop?
    private var loopThread = pthread_t()
    private var watch: EventLoop.Watch?

    init(fd: CInt) {
        self.fd = fd
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Bytes waiting for stderr to take them.
    var waitingBytes: Int { locked { pending.count - pendingStart } }
    /// Bytes dropped in the episode going on (0 when none is).
    var droppedSoFar: Int { locked { droppedBytes } }

    /// From now on never waits for stderr. With `loop`, bytes kept while stderr is full go out
    /// as soon as it takes them (its thread is the caller's); without one, with the next write.
    /// `journalPriorities` marks the episode's warning as `Log` marks its own.
    func makeNonBlocking(loop: EventLoop?, journalPriorities: Bool = false) {
        locked {
            self.journalPriorities = journalPriorities
            if case .blocking = mode { mode = Self.chooseMode(fd, own: &own) }
            detachLocked()
            self.loop = loop
            loopThread = pthread_self()
            armLocked()
        }
    }

    /// Stops watching the loop (before it goes), giving stderr what it takes now of what
    /// waits; writes stay non-blocking (panel may be stopping, and SIGTERM is blocked).
    func detach() {
        locked {
            detachLocked()
            if case .blocking = mode { return }
            flushLocked()
        }
    }

    /// One line for people (a newline is added if missing), whole or not at all.
    func writeLine(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        bytes.withUnsafeBytes { put($0, wholeLine: true) }
    }

    /// Bytes as they come (an action's stderr): what doesn't fit is dropped from the end.
    func pass(_ bytes: UnsafeRawBufferPointer) { put(bytes, wholeLine: false) }

    private func put(_ bytes: UnsafeRawBufferPointer, wholeLine: Bool) {
        guard !bytes.isEmpty else { return }
        pthread_mutex_lock(mutex)
        if case .blocking = mode {
            pthread_mutex_unlock(mutex)
            return Self.writeBlocking(fd, bytes)
        }
        defer { pthread_mutex_unlock(mutex) }
        flushLocked()
        var taken = 0
        if pending.count == pendingStart {
            guard let count = attempt(bytes) else { return drop(bytes.count, line: wholeLine) }
            taken = count
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[taken...])
        if !rest.isEmpty {
            let room = Self.capacity - (pending.count - pendingStart)
            if wholeLine && taken == 0 {
                // A line goes whole or not at all; one begun is finished, whatever the room.
                if rest.count <= room { pending += rest } else { drop(rest.count, line: true) }
            } else if wholeLine {
                pending += rest
            } else {
                pending += rest.prefix(max(0, room))
                if rest.count > room { drop(rest.count - max(0, room), line: false) }
            }
        }
        armLocked()
    }

    private func drop(_ count: Int, line: Bool) {
        if episodeStart == nil { episodeStart = MonotonicClock.monotonicSeconds() }
        droppedBytes += count
        if line { droppedLines += 1 }
    }

    /// Writes what waits as far as stderr takes it; at the end of an episode, says what it lost.
    private func flushLocked() {
        while pendingStart < pending.count {
            let count = pending.withUnsafeBytes { attempt(UnsafeRawBufferPointer(rebasing: $0[pendingStart...])) }
            guard let count else {
                // stderr is gone (closed, EPIPE): what waits for it is lost.
                drop(pending.count - pendingStart, line: false)
                pending = []
                pendingStart = 0
                break
            }
            guard count > 0 else { break }
            pendingStart += count
        }
        if pendingStart == pending.count {
            pending = []
            pendingStart = 0
            if let episodeStart { endEpisode(since: episodeStart) }
        } else if pendingStart >= Self.capacity {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
    }

    /// stderr took everything kept: one warning for what it didn't.
    private func endEpisode(since start: Double) {
        let seconds = MonotonicClock.monotonicSeconds() - start
        let lines = droppedLines == 0 ? "" : " (\(droppedLines) of panel's log lines among them)"
        let text = (journalPriorities ? "<4>" : "") + "panel: warning: stderr took no more output for "
            + TimeConversion.shown((seconds * 10).rounded() / 10) + " s (is the journal or whatever reads it stalled?); "
            + "dropped \(droppedBytes) bytes of actions' output and log lines\(lines)\n"
        (episodeStart, droppedBytes, droppedLines) = (nil, 0, 0)
        let bytes = Array(text.utf8)
        let count = bytes.withUnsafeBytes { attempt($0) } ?? bytes.count
        // Said once: if stderr is full again already, the rest of the note waits like anything else.
        if count < bytes.count { pending = Array(bytes[count...]) }
    }

    /// One non-blocking write: the bytes taken (0 when stderr is full), nil when it is gone.
    private func attempt(_ bytes: UnsafeRawBufferPointer) -> Int? {
        while true {
            let count: Int
            switch mode {
            case .blocking, .plain: count = Glibc.write(fd, bytes.baseAddress, bytes.count)
            case .send: count = Glibc.send(fd, bytes.baseAddress, bytes.count, CInt(MSG_DONTWAIT | MSG_NOSIGNAL))
            case .own: count = Glibc.write(own?.rawValue ?? fd, bytes.baseAddress, bytes.count)
            case .polled:
                var poll = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                guard Glibc.poll(&poll, 1, 0) == 1 else { return 0 }
                guard poll.revents & Int16(POLLOUT) != 0 else { return nil }
                count = Glibc.write(fd, bytes.baseAddress, min(bytes.count, Int(PIPE_BUF)))
            }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
        }
    }

    /// Watches for room while bytes wait, and not otherwise (an idle loop must not wake).
    private func armLocked() {
        guard let loop, pthread_equal(pthread_self(), loopThread) != 0 else { return }
        let waiting = pendingStart < pending.count
        switch (watch, waiting) {
        case (nil, true):
            let target = own?.rawValue ?? fd
            watch = try? loop.watch(target, events: EPOLLOUT.rawValue) { [unowned self] _ in
                locked {
                    flushLocked()
                    armLocked()
                }
            }
        case (let watch?, false):
            loop.unwatch(watch)
            self.watch = nil
        default: break
        }
    }

    private func detachLocked() {
        if let watch, let loop { loop.unwatch(watch) }
        (watch, loop) = (nil, nil)
    }

    /// How to write `fd` without waiting (see the type's comment).
    private static func chooseMode(_ fd: CInt, own: inout FileDescriptor?) -> Mode {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .plain }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: return .send
        case S_IFIFO, S_IFCHR:
            // O_NOCTTY: a terminal opened anew must not become the controlling one.
            do throws(Errno) {
                own = try FileDescriptor(opening: "/proc/self/fd/\(fd)", flags: O_WRONLY | O_NONBLOCK | O_NOCTTY)
                return .own
            } catch {
                return .polled
            }
        default: return .plain
        }
    }

    /// A command-line tool's write: waits while stderr is full; an error drops the rest.
    private static func writeBlocking(_ fd: CInt, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = try? retryingInterrupts { Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
            guard let written, written > 0 else { return }
            offset += written
        }
    }
}
