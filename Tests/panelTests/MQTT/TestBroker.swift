import Glibc
import PanelUI
@testable import panel

/// Debian's mosquitto broker run by a test on 127.0.0.1 and a free port, with its own
/// config (anonymous, no persistence) in the test's folder; stopped (SIGKILL) when dropped.
/// mosquitto_sub and mosquitto_pub are the other side.
final class TestBroker {
    private(set) var port = 0
    private let folder: TemporaryFolder
    private var process: ChildProcess?

    /// `settings` replaces `allow_anonymous true` (a password file, TLS files for the listener).
    /// The free port is found by binding port 0 and closing it, so another process (a parallel
    /// test, another build's tests) may take it before mosquitto binds: then a new port is tried.
    init(folder: TemporaryFolder, settings: String = "allow_anonymous true\n") throws {
        self.folder = folder
        // As root mosquitto would become the user mosquitto, who can't read the test's files.
        let user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root"
        for attempt in 1...5 {
            port = Self.freePort()
            folder.write("user \(user)\nper_listener_settings false\npersistence false\nlistener \(port) 127.0.0.1\n" + settings, to: "mosquitto.conf")
            folder.write("", to: "mosquitto.log")
            do {
                try start()
                return
            } catch let error as BrokerError where attempt < 5 && error.message.contains("Address already in use") {
                stop()
            }
        }
    }

    deinit { stop() }

    /// Starts the broker (again, on the same port) and waits until it accepts connections.
    func start() throws {
        process = try ChildProcess(argv: ["/bin/sh", "-c", "exec /usr/sbin/mosquitto -c \"$0\" >>\"$1\" 2>&1",
                                          folder.file("mosquitto.conf"), folder.file("mosquitto.log")],
                                   environment: ["PATH=/usr/bin:/bin"])
        let deadline = MonotonicClock.monotonicSeconds() + 10
        while MonotonicClock.monotonicSeconds() < deadline {
            if Self.accepts(port) { return }
            if folder.readText("mosquitto.log")?.contains("Address already in use") == true { break }
            usleep(20_000)
        }
        throw BrokerError(message: "mosquitto did not listen on \(port): \(folder.readText("mosquitto.log") ?? "")")
    }

    func stop() {
        guard let process else { return }
        process.signalGroup(SIGKILL)
        _ = process.waitForExit()
        self.process = nil
    }

    /// The retained messages under `filter` (topic → payload), as a new subscriber gets them.
    func retained(_ filter: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in shell("mosquitto_sub -p \(port) -t '\(filter)' -v --retained-only -W 1 2>/dev/null").split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            found[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return found
    }

    /// Waits until `condition` holds on the retained messages under `filter`.
    func waitForRetained(_ filter: String, seconds: Double = 15, _ condition: ([String: String]) -> Bool) -> [String: String] {
        let deadline = MonotonicClock.monotonicSeconds() + seconds
        var last = retained(filter)
        while !condition(last), MonotonicClock.monotonicSeconds() < deadline {
            last = retained(filter)
        }
        return last
    }

    func publish(_ topic: String, _ payload: String, retain: Bool = false) {
        _ = shell("mosquitto_pub -p \(port) -q 1 -t '\(topic)' \(retain ? "-r" : "") -m '\(payload)'")
    }

    /// Every line of `file` published on `topic`, one message per line, through one client.
    func publishLines(_ topic: String, file: String) {
        _ = shell("mosquitto_pub -p \(port) -q 1 -t '\(topic)' -l < '\(file)'")
    }

    func publishFile(_ topic: String, file: String, retain: Bool = false) {
        _ = shell("mosquitto_pub -p \(port) -q 1 -t '\(topic)' \(retain ? "-r" : "") -f '\(file)'")
    }

    /// A subscriber writing `topic payload` lines to `file` until stopped (SIGKILL on drop).
    func subscriber(_ filter: String, file: String) throws -> ChildProcess {
        let child = try ChildProcess(argv: ["/bin/sh", "-c", "exec mosquitto_sub -p \"$0\" -t \"$1\" -v >\"$2\" 2>&1",
                                            String(port), filter, file], environment: ["PATH=/usr/bin:/bin"])
        usleep(300_000)
        return child
    }

    private static func freePort() -> Int {
        let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } } == 0
    }
}

struct BrokerError: Error { let message: String }

/// A shell command's standard output ("" when the shell could not be started).
func shell(_ command: String) -> String { shellOutput(command) ?? "" }

/// A shell command's standard output, or nil when the shell could not start it (status 127).
func shellOutput(_ command: String) -> String? {
    guard let pipe = popen(command, "r") else { return nil }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, pipe)
        if count == 0 { break }
        output += chunk[..<count]
    }
    return pclose(pipe) == 127 << 8 ? nil : String(decoding: output, as: UTF8.self)
}

/// Parses a JSON text the panel published.
func parsedJSON(_ text: String?) -> JSONValue? {
    text.flatMap { try? JSONValue.parse(utf8: Array($0.utf8)) }
}
