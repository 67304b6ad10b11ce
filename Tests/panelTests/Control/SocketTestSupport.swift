import CLinux
import Glibc
import PanelUI
@testable import panel

/// The built `panel run` serving a control socket in a temporary folder, started through
/// /bin/sh so a test can set its umask or descriptor limit first (`setup`), watched from
/// outside through /proc.
final class SocketPanel {
    let folder: TemporaryFolder
    let child: ChildProcess
    let socketPath: String
    let statePath: String
    let logPath: String
    private(set) var exitStatus: ChildProcess.Termination?

    /// `setup` is shell run before exec ("umask 000", "ulimit -n 64").
    init(yaml: String, in folder: TemporaryFolder, name: String = "panel", setup: String = "", socket: String? = nil,
         environment: [String] = []) throws {
        self.folder = folder
        folder.write(yaml, to: "\(name).yml")
        socketPath = socket ?? folder.file("panel.sock")
        // One state file per panel: two panels on one are refused by its lock.
        statePath = folder.file(name == "panel" ? "state.json" : "\(name)-state.json")
        logPath = folder.file("\(name).log")
        let arguments = ["run", "--config", folder.file("\(name).yml"), "--state", statePath, "--display", "headless:320x240",
                         "--input", "none", "--socket", socketPath]
        child = try ChildProcess(argv: ["/bin/sh", "-c", "\(setup)\nexec \"$0\" \"$@\" 2>\"$PANEL_TEST_LOG\"", PanelProcess.binary] + arguments,
                                 environment: ["PATH=/usr/bin:/bin", "HOME=/tmp", "PANEL_TEST_LOG=\(logPath)"] + environment)
    }

    deinit {
        if exitStatus == nil {
            child.signalGroup(SIGKILL)
            _ = wait(seconds: 5)
        }
    }

    var pid: pid_t { child.pid }
    var log: String { (try? readFile(logPath)) ?? "" }

    /// Waits until a client can connect and get a reply; false after `seconds` or an exit.
    func waitUntilServing(seconds: Double = 15) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while monotonicSeconds() < deadline, wait(seconds: 0) == nil {
            if let client = SocketClient(socketPath), client.request(#"{"cmd":"subscribe"}"#, seconds: 2) != nil { return true }
            usleep(10_000)
        }
        return false
    }

    /// Waits for the exit (through the pidfd); nil after `seconds`.
    func wait(seconds: Double) -> ChildProcess.Termination? {
        if let exitStatus { return exitStatus }
        var pollFD = pollfd(fd: child.pidfd.rawValue, events: Int16(POLLIN), revents: 0)
        guard poll(&pollFD, 1, CInt(seconds * 1000)) == 1 else { return nil }
        exitStatus = child.reap()
        return exitStatus
    }

    func signal(_ signal: CInt) { _ = kill(child.pid, signal) }

    /// User plus system CPU time so far, in seconds (/proc/PID/stat fields 14 and 15).
    var cpuSeconds: Double {
        guard let stat = try? readFile("/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // fields[0] is the state (field 3), so utime (14) and stime (15) are 11 and 12.
        let ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        return Double(ticks) / Double(sysconf(CInt(_SC_CLK_TCK)))
    }

    /// The peak resident set (VmHWM), in bytes.
    var peakResidentBytes: Int {
        guard let status = try? readFile("/proc/\(pid)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// What each open descriptor is ("socket:[123]", "anon_inode:[eventpoll]", a path).
    var descriptors: [String] {
        folderEntries("/proc/\(pid)/fd").compactMap { name in
            var buffer = [CChar](repeating: 0, count: 256)
            let count = readlink("/proc/\(pid)/fd/\(name)", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Each socket has its own inode: name the kind, not the inode.
            return target.hasPrefix("socket:") ? "socket" : target
        }.sorted()
    }
}

/// A client of the control socket in the test process: non-blocking, every wait bounded.
final class SocketClient {
    let fd: CInt
    private var buffer: [UInt8] = []
    private var start = 0

    /// Connects without waiting; nil when the connect fails (refused, backlog full, no file).
    init?(_ path: String) {
        fd = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue) | CInt(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0, let address = UnixAddress.make(path) else { return nil }
        guard UnixAddress.with(address, { connect(fd, $0, $1) }) == 0 else {
            Glibc.close(fd)
            return nil
        }
    }

    deinit { Glibc.close(fd) }

    /// Writes what the socket takes now; the count, or nil when the connection is gone.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let count = Glibc.send(fd, bytes.baseAddress, bytes.count, CInt(MSG_NOSIGNAL))
        if count >= 0 { return count }
        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
    }

    /// Writes all of `text` within `seconds`; false when it could not.
    @discardableResult
    func send(_ text: String, seconds: Double = 10) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        let deadline = monotonicSeconds() + seconds
        while sent < bytes.count {
            guard let count = bytes.withUnsafeBytes({ write(UnsafeRawBufferPointer(rebasing: $0[sent...])) }) else { return false }
            sent += count
            if count == 0 {
                guard monotonicSeconds() < deadline else { return false }
                var pollFD = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pollFD, 1, 10)
            }
        }
        return true
    }

    enum Received: Equatable {
        case line(String)
        /// The server closed the connection.
        case closed
        case timedOut
    }

    /// The next line, waiting at most `seconds`.
    func receive(seconds: Double = 10) -> Received {
        let deadline = monotonicSeconds() + seconds
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                if start > 65536 { buffer.removeFirst(start); start = 0 }
                return .line(line)
            }
            switch readAvailable() {
            case nil: return .closed
            case 0?:
                let left = deadline - monotonicSeconds()
                guard left > 0 else { return .timedOut }
                var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&pollFD, 1, CInt(min(left, 0.05) * 1000) + 1)
            default: continue
            }
        }
    }

    /// Reads what is there: the byte count, 0 when nothing is, nil at the end.
    func readAvailable() -> Int? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count > 0 { buffer += chunk[..<count]; return count }
        if count == 0 { return nil }
        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
    }

    /// Sends one request line and waits for one reply line.
    func request(_ text: String, seconds: Double = 10) -> String? {
        guard send(text + "\n", seconds: seconds), case .line(let reply) = receive(seconds: seconds) else { return nil }
        return reply
    }
}

/// A thread of the test process that writes `total` bytes of `byte` into a socket as fast
/// as the reader takes them, stopping early when the connection breaks: an abusive client
/// that never waits for the panel. It gives up after `seconds`.
final class FloodWriter: @unchecked Sendable {
    let fd: CInt
    let total: Int
    let byte: UInt8
    let deadline: Double
    /// The time the last byte was written (or the writer gave up).
    private(set) var finished = 0.0
    /// What the socket accepted; read it after `join`.
    private(set) var written = 0
    private var thread = pthread_t()

    init(fd: CInt, total: Int, byte: UInt8, seconds: Double = 30) {
        self.fd = fd
        self.total = total
        self.byte = byte
        deadline = monotonicSeconds() + seconds
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let writer = Unmanaged<FloodWriter>.fromOpaque(context!).takeRetainedValue()
            writer.run()
            return nil
        }, context)
        precondition(status == 0, "pthread_create: \(status)")
    }

    private func run() {
        defer { finished = monotonicSeconds() }
        let chunk = [UInt8](repeating: byte, count: 65536)
        while written < total, monotonicSeconds() < deadline {
            let count = chunk.withUnsafeBytes { send(fd, $0.baseAddress, min($0.count, total - written), CInt(MSG_NOSIGNAL)) }
            if count > 0 { written += count; continue }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return }
            var pollFD = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&pollFD, 1, 100)
        }
    }

    /// Waits for the thread to end.
    func join() -> Int {
        pthread_join(thread, nil)
        return written
    }
}
