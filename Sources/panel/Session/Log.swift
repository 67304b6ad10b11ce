import Glibc

/// Where the program's text goes. Tests swap in closures that collect it.
struct Console {
    /// Results (JSON, reports): stdout. Each call is one piece of output; a newline is added if missing.
    var out: (String) -> Void
    /// Messages for people: stderr, which is the journal under systemd.
    var err: (String) -> Void

    static let standard = Console(
        out: { text in fputs(text.hasSuffix("\n") ? text : text + "\n", stdout) },
        err: { text in fputs(text.hasSuffix("\n") ? text : text + "\n", stderr) })
}

/// Messages for people, one line each, prefixed with what they are.
struct Log {
    var write: (String) -> Void

    func info(_ message: String) { write("panel: \(message)") }
    func warning(_ message: String) { write("panel: warning: \(message)") }
    func error(_ message: String) { write("panel: error: \(message)") }
}
