import Glibc

/// Where the program's text goes. Tests swap in closures that collect it.
struct Console: Sendable {
    /// Results (JSON, reports): stdout. Each call is one piece of output; a newline is added if missing.
    var out: @Sendable (String) -> Void
    /// Messages for people: stderr, which is the journal under systemd (`ErrorStream`: `run`
    /// makes it non-blocking, dropping and counting lines while it is full).
    var err: @Sendable (String) -> Void

    static let standard = Console(out: { writeStandardStream(STDOUT_FILENO, $0) },
                                  err: { ErrorStream.standard.writeLine($0) })
}

/// Messages for people, one line each, prefixed with what they are.
///
/// With `journalPriorities`, each line starts with sd-daemon.h's `<N>` prefix
/// (`<6>` SD_INFO, `<4>` SD_WARNING, `<3>` SD_ERR): journald, reading stderr, takes it as
/// the line's priority and strips it, so `journalctl -p warning` finds warnings.
struct Log {
    var write: (String) -> Void
    var journalPriorities = false

    func info(_ message: String) { write(prefix(6) + "panel: \(message)") }
    func warning(_ message: String) { write(prefix(4) + "panel: warning: \(message)") }
    func error(_ message: String) { write(prefix(3) + "panel: error: \(message)") }

    private func prefix(_ priority: Int) -> String { journalPriorities ? "<\(priority)>" : "" }

    /// Whether stderr is connected to the journal: systemd sets $JOURNAL_STREAM to the
    /// "device:inode" of that stream (systemd.exec(5)), which must still be stderr's.
    static func stderrIsJournal(environment: [String: String]) -> Bool {
        guard let stream = environment["JOURNAL_STREAM"] else { return false }
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return false }
        return stream == "\(info.st_dev):\(info.st_ino)"
    }
}
