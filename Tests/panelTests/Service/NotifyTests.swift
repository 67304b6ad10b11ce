import Glibc
import Testing
@testable import panel

/// The sd_notify datagrams the binary sends, read from a socket standing in for systemd's,
/// and the journal's priority prefixes.
struct NotifyTests {
    let folder = TemporaryFolder()

    @Test func readyWatchdogAndStopping() throws {
        let path = folder.file("notify")
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        let address = try #require(UnixAddress.make(path))
        #expect(UnixAddress.with(address) { bind(fd, $0, $1) } == 0)
        let panel = try PanelProcess(["run", "--state", folder.file("state.json"), "--display", "headless:320x240", "--input", "none"],
                                     log: folder.file("log"), environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "200000"])
        var messages: [String] = []
        func receive(until done: ([String]) -> Bool) {
            let deadline = MonotonicClock.monotonicSeconds() + 5
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !done(messages), MonotonicClock.monotonicSeconds() < deadline {
                var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&pollFD, 1, 100) == 1 else { continue }
                let count = recv(fd, &buffer, buffer.count, 0)
                if count > 0 { messages.append(String(decoding: buffer[..<count], as: UTF8.self)) }
            }
        }
        receive { $0.contains("WATCHDOG=1") }
        #expect(messages.first?.hasPrefix("READY=1\nSTATUS=showing 4 controls") == true, "\(messages)")
        #expect(messages.contains("WATCHDOG=1"), "every 0.1 s: half of WATCHDOG_USEC")
        panel.signal(SIGTERM)
        receive { $0.contains("STOPPING=1") }
        #expect(messages.last == "STOPPING=1")
        #expect(panel.wait(seconds: 2) == .exited(0))
    }

    @Test func journalPrioritiesPrefixLines() {
        let lines = LogLines()
        let log = Log(write: { lines.append($0) }, journalPriorities: true)
        log.info("a")
        log.warning("b")
        log.error("c")
        #expect(lines.all == ["<6>panel: a", "<4>panel: warning: b", "<3>panel: error: c"])
        #expect(!Log.stderrIsJournal(environment: [:]))
        #expect(!Log.stderrIsJournal(environment: ["JOURNAL_STREAM": "1:2"]), "not stderr's device and inode")
    }
}
