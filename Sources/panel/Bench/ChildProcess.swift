import Glibc

/// A program started with its stderr (or stdout) on a pipe the benchmark reads: the start-up
/// measurement and the cairo helper both run as their own processes.
final class ChildProcess {
    let pid: pid_t
    private let output: CInt
    private var pending: [UInt8] = []

    /// Starts `path` with `arguments`; the child's `stream` (STDOUT_FILENO or STDERR_FILENO) comes back here.
    init(path: String, arguments: [String], stream: CInt) throws(CommandFailure) {
        var fds: [CInt] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw CommandFailure(message: "panel bench: pipe: \(Errno.current)", status: ExitStatus.failure)
        }
        // Neither end leaks into other children; dup2 in the child clears the flag on its copy.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], stream)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw CommandFailure(message: "panel bench: cannot start \(path): \(Errno(status))", status: ExitStatus.failure)
        }
        pid = child
        output = fds[0]
    }

    deinit { close(output) }

    /// The next line the child writes, or nil when it closed the stream.
    func readLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }

    /// Waits for the child to end; returns its exit status (128 + signal when killed).
    @discardableResult
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// The running program's own executable, for starting the release binary again.
func currentExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
