import CLinux
import Glibc
import Testing
@testable import panel

/// The built `panel run` with its stderr a pipe nobody reads (a stalled journal) and an action
/// that writes 100 MB to its stderr: the socket keeps answering throughout, the action ends,
/// and once the pipe is read again the log says how much was dropped.
struct StalledStderrTests {
    static let yaml = """
    sections:
      - controls:
          - {id: wifi, kind: switch, default: true}
          - {id: flood, kind: switch, default: false, action: {exec: [/bin/sh, -c, "head -c 100000000 /dev/zero >&2"], timeout: 300}}
    """

    @Test func anActionFloodingAStalledStderrStallsNothing() throws {
        let folder = TemporaryFolder()
        folder.write(Self.yaml, to: "panel.yml")
        let socket = folder.file("panel.sock")
        let child = try ChildProcess(argv: [PanelProcess.binary, "run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                            "--display", "headless:320x240", "--input", "none", "--socket", socket],
                                     environment: ["PATH=/usr/bin:/bin", "HOME=/tmp"], output: .pipe(stream: STDERR_FILENO))
        defer {
            child.signalGroup(SIGKILL)
            _ = child.waitForExit()
        }
        let stderr = try #require(child.output)
        // Serving: a client gets a reply (the start-up lines fit in the pipe).
        let start = monotonicSeconds()
        var asker: SocketClient?
        while asker == nil, monotonicSeconds() - start < 30 {
            if let client = SocketClient(socket), client.request(#"{"cmd":"get","id":"wifi"}"#, seconds: 2) != nil { asker = client } else { usleep(10_000) }
        }
        let getter = try #require(asker, "the panel did not start")
        let setter = try #require(SocketClient(socket))
        #expect(setter.send(#"{"cmd":"set","id":"flood","value":true}"# + "\n"))

        // Gets, each answered within 10 s (the old code never answered once the pipe was full),
        // until the set's reply says the action ended.
        var latencies: [Double] = []
        var setReply: SocketClient.Received = .timedOut
        while setReply == .timedOut, monotonicSeconds() - start < 240 {
            let asked = monotonicSeconds()
            guard getter.request(#"{"cmd":"get","id":"wifi"}"#, seconds: 10) != nil else {
                Issue.record("a get went unanswered for 10 s while the action wrote to a full stderr")
                break
            }
            latencies.append(monotonicSeconds() - asked)
            setReply = setter.receive(seconds: 0.02)
        }
        #expect(setReply == .line(#"{"ok":true,"id":"flood","value":true,"changed":true}"#), "\(setReply)")
        #expect(latencies.count >= 2 && (latencies.max() ?? 99) < 5, "\(latencies.count) gets, slowest \(latencies.max() ?? -1) s")
        var held: CInt = 0
        _ = ioctl(stderr, UInt(FIONREAD), &held)
        #expect(held >= 32 * 1024, "stderr was full: \(held) bytes in the pipe")

        // Read again: what waited comes out, then one line with what was dropped.
        _ = fcntl(stderr, F_SETFL, O_NONBLOCK)
        var text = ""
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = monotonicSeconds() + 30
        while !text.contains(" bytes of actions' output"), monotonicSeconds() < deadline {
            let count = read(stderr, &chunk, chunk.count)
            if count > 0 {
                text += String(decoding: chunk[..<count].filter { $0 != 0 }, as: UTF8.self)
            } else {
                var pollFD = pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)
                _ = poll(&pollFD, 1, 100)
            }
        }
        let note = text.split(separator: "\n").first { $0.contains("panel: warning: stderr took no more output") }
        let dropped = note.flatMap { $0.split(separator: "dropped ").last?.split(separator: " ").first.flatMap { Int($0) } } ?? 0
        #expect(dropped > 99_000_000 && dropped < 100_010_000, "\(note ?? "no note"): \(text.suffix(500))")
        #expect(getter.request(#"{"cmd":"get","id":"flood"}"#)?.hasPrefix(#"{"ok":true,"id":"flood","value":true"#) == true)
    }
}
