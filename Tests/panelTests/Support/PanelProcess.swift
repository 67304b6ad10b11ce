import CLinux
import Glibc
@testable import panel

/// The built `panel` binary run as a child, its stderr in a file: for signals, idleness
/// and anything else that needs a whole process.
final class PanelProcess {
    let child: ChildProcess
    let logPath: String

    /// The binary beside this test bundle (`swift build` and `swift test` put both in .build/debug).
    static let binary: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = String(decoding: buffer.prefix(max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return parentFolder(of: exe) + "/panel"
    }()

    /// `user`: run as that user and group id, without supplementary groups (setpriv), so file
    /// modes apply as they do to an unprivileged service.
    init(_ arguments: [String], log: String, environment: [String: String] = [:], user: uid_t? = nil) throws {
        logPath = log
        let env = ["PATH=/usr/bin:/bin", "HOME=/tmp"] + environment.map { "\($0.key)=\($0.value)" }
        let drop = user.map { "/usr/bin/setpriv --reuid=\($0) --regid=\($0) --clear-groups " } ?? ""
        child = try ChildProcess(argv: ["/bin/sh", "-c", "exec \(drop)\"$0\" \"$@\" 2>\"$PANEL_TEST_LOG\"", Self.binary] + arguments,
                                 environment: env + ["PANEL_TEST_LOG=\(log)"])
    }

    deinit {
        if exitStatus == nil {
            child.signalGroup(SIGKILL)
            _ = wait(seconds: 5)
        }
    }

    var log: String { (try? readFile(logPath)) ?? "" }

    /// Waits until the log contains `text`; false after `seconds`.
    func waitForLog(_ text: String, seconds: Double = 10) -> Bool {
        let deadline = MonotonicClock.monotonicSeconds() + seconds
        while MonotonicClock.monotonicSeconds() < deadline {
            if log.contains(text) { return true }
            if exitStatus != nil { return log.contains(text) }
            usleep(10_000)
        }
        return false
    }

    func signal(_ signal: CInt) { _ = kill(child.pid, signal) }

    private(set) var exitStatus: ChildProcess.Termination?

    /// Waits for the exit (through the pidfd); nil after `seconds`.
    func wait(seconds: Double) -> ChildProcess.Termination? {
        if let exitStatus { return exitStatus }
        var pollFD = pollfd(fd: child.pidfd.rawValue, events: Int16(POLLIN), revents: 0)
        guard poll(&pollFD, 1, CInt(seconds * 1000)) == 1 else { return nil }
        exitStatus = child.reap()
        return exitStatus
    }

    /// The main thread's voluntary context switches: each sleep-and-wake of the event loop is one.
    var voluntarySwitches: Int? {
        guard let status = try? readFile("/proc/\(child.pid)/task/\(child.pid)/status") else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.split(separator: "\t").last ?? "") }
    }
}
