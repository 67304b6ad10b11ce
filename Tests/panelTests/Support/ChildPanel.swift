import Glibc

/// The built `panel` binary (beside the test bundle) started as its own process, for tests
/// that must kill it or watch it from outside.
struct ChildPanel {
    let pid: pid_t

    static var executable: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = String(decoding: buffer[..<max(count, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/panel"
    }

    /// Starts `panel ARGS…` with stdout and stderr going to `log` (or /dev/null).
    init(_ arguments: [String], log: String = "/dev/null") {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([Self.executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, Self.executable, &actions, nil, argv, environ)
        precondition(status == 0, "cannot start \(Self.executable): \(status)")
        pid = child
    }

    /// Waits for the end; the exit status, or 128 + the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    func kill(_ signal: Int32 = SIGKILL) { _ = Glibc.kill(pid, signal) }
}
