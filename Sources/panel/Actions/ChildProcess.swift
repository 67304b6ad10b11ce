import CLinux
import Glibc

/// A program started with posix_spawn and watched through a pidfd.
///
/// A pidfd becomes readable when the child exits, whatever the signal masks of the
/// process's threads (SIGCHLD through a signalfd would be lost to any thread that has it
/// unblocked), and signalling through it can never hit a recycled pid.
final class ChildProcess {
    let pid: pid_t
    let pidfd: FileDescriptor
    /// The read end of the child's piped stream, for `Output.pipe` (stdout's for `.pipes`); closed with the child object.
    let output: CInt?
    /// The read end of the child's stderr, for `Output.pipes` and `.stderrPipe`; closed with
    /// the child object unless taken (`takeErrorOutput`).
    private(set) var errorOutput: CInt?

    /// Where the child's stdout goes.
    enum Output {
        /// Into its stderr, which is panel's (the journal): actions, whose output is for people.
        case panelStderr
        /// `stream` (STDOUT_FILENO or STDERR_FILENO) into a pipe read through `output`:
        /// programs whose output panel reads (the benchmark's children).
        case pipe(stream: CInt)
        /// stdout into `output` and stderr into `errorOutput`, each its own pipe: programs whose
        /// result panel reads from stdout and whose complaint it reads from stderr (value sources).
        case pipes
        /// stdout into panel's stderr, stderr into a pipe read through `errorOutput`: actions,
        /// whose last error line panel keeps for the reason of a failure (`ActionOutput`).
        case stderrPipe
    }

    /// How a child ended.
    enum Termination: Equatable, CustomStringConvertible {
        case exited(CInt)
        case signalled(CInt)

        var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "was killed by signal \(signal)"
            }
        }
    }

    /// Starts `argv[0]` (an absolute path) with `argv` and `environment` ("NAME=value").
    /// stdin is /dev/null; by default stdout goes to stderr (the journal), so it never mixes
    /// with the results panel prints; the child leads its own process group, so a timeout
    /// stops everything it started.
    init(argv: [String], environment: [String], output: Output = .panelStderr) throws(SystemCallError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        var pipeEnds: [CInt] = [-1, -1]
        var errorEnds: [CInt] = [-1, -1]
        /// Close-on-exec on both ends: only the dup2'd copy reaches the child.
        func makePipe(_ ends: inout [CInt], for stream: CInt) throws(SystemCallError) {
            guard pipe(&ends) == 0 else { throw SystemCallError("make a pipe for \(argv[0])", Errno.current) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, ends[1], stream)
        }
        let closeAll = { for end in pipeEnds + errorEnds where end >= 0 { Glibc.close(end) } }
        switch output {
        case .panelStderr:
            posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        case .pipe(let stream):
            try makePipe(&pipeEnds, for: stream)
        case .pipes:
            try makePipe(&pipeEnds, for: STDOUT_FILENO)
            do { try makePipe(&errorEnds, for: STDERR_FILENO) } catch { closeAll(); throw error }
        case .stderrPipe:
            // In order: stdout takes panel's stderr before stderr becomes the pipe.
            posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
            try makePipe(&errorEnds, for: STDERR_FILENO)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // panel blocks SIGTERM, SIGINT and SIGHUP for its signalfd; a child must not inherit that.
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in SignalFD.handled + [SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var pid: pid_t = 0
        let result = withCStrings(argv) { cArgv in
            withCStrings(environment) { cEnvironment in
                posix_spawn(&pid, argv[0], &actions, &attributes, cArgv, cEnvironment)
            }
        }
        for end in [pipeEnds[1], errorEnds[1]] where end >= 0 { Glibc.close(end) }
        (pipeEnds[1], errorEnds[1]) = (-1, -1)
        guard result == 0 else {
            closeAll()
            throw SystemCallError("start \(argv[0])", Errno(result), advice: "check the path in the control's 'action: exec:'")
        }
        self.pid = pid
        self.output = pipeEnds[0] >= 0 ? pipeEnds[0] : nil
        errorOutput = errorEnds[0] >= 0 ? errorEnds[0] : nil
        let fd = pidfd_open(pid, 0)
        guard fd >= 0 else {
            let error = Errno.current
            closeAll()
            Glibc.kill(-pid, SIGKILL)
            var status: CInt = 0
            _ = waitpid(pid, &status, 0)
            throw SystemCallError("watch \(argv[0]) (pidfd_open)", error, advice: "panel needs Linux 5.3 or later")
        }
        pidfd = FileDescriptor(owning: fd)
    }

    deinit {
        if let output { Glibc.close(output) }
        if let errorOutput { Glibc.close(errorOutput) }
    }

    /// The read end of the stderr pipe, now the caller's to close; nil without one or once taken.
    func takeErrorOutput() -> CInt? {
        defer { errorOutput = nil }
        return errorOutput
    }

    /// Signals the child's whole process group (the pid is ours until it is reaped).
    func signalGroup(_ signal: CInt) {
        _ = Glibc.kill(-pid, signal)
    }

    /// Blocks until the child has exited and reaps it.
    func waitForExit() -> Termination {
        var status: CInt = 0
        _ = try? retryingInterrupts { waitpid(pid, &status, 0) }
        return Self.termination(status)
    }

    /// Reaps the child once it has exited (its pidfd is readable); nil while it runs.
    func reap() -> Termination? {
        var status: CInt = 0
        guard (try? retryingInterrupts({ waitpid(pid, &status, WNOHANG) })) == pid else { return nil }
        return Self.termination(status)
    }

    /// WIFEXITED and friends are C macros; these are their glibc definitions.
    private static func termination(_ status: CInt) -> Termination {
        if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
        return .signalled(status & 0x7f)
    }
}

/// NUL-terminated copies of `strings` as a NULL-terminated char* array, for exec-style calls.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
