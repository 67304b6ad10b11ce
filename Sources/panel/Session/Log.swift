import Glibc

/// Where the program's text goes. Tests swap in closures that collect it.
struct Console: Sendable {
    /// Results (JSON, reports): stdout. Each call is one piece of output; a newline is added if missing.
    var out: @Sendable (String) -> Void
    /// Messages for people: stderr, which is the journal under systemd.
    var err: @Sendable (String) -> Void

    static let standard = Console(out: { writeStandardStream(STDOUT_FILENO, $0) },
                                  err: { writeStandardStream(STDERR_FILENO, $0) })
}

/// Messages for people, one line each, prefixed with what they are.
struct Log {
    var write: (String) -> Void

    func info(_ message: String) { write("panel: \(message)") }
    func warning(_ message: String) { write("panel: warning: \(message)") }
    func error(_ message: String) { write("panel: error: \(message)") }
}
