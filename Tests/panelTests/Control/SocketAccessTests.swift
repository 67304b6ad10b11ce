import Glibc
import PanelUI
import Testing
@testable import panel

/// Who may reach the panel and how much `panel ctl` takes: an abstract socket name (which no
/// file mode guards) is refused, and `panel ctl` stops at a reply line of 64 MiB from a server
/// that sends one without end, for a single reply and for `subscribe` after its lines.
@Suite(.serialized)
struct SocketAccessTests {
    static let yaml = "sections:\n  - controls:\n      - {id: wifi, kind: switch, default: true}\n"

    @Test func anAbstractSocketNameIsRefused() throws {
        let folder = TemporaryFolder()
        folder.write(Self.yaml, to: "p.yml")
        let name = "@panel-test-\(getpid())"
        let panel = try PanelProcess(["run", "--config", folder.file("p.yml"), "--state", folder.file("state.json"), "--display", "headless:320x240",
                                      "--input", "none", "--socket", name], log: folder.file("run.log"))
        #expect(panel.wait(seconds: 30) == .exited(2), "the panel did not stop with status 2: \(panel.log)")
        #expect(panel.log.contains("panel run: --socket \(name): abstract socket names are refused, since any local user could connect"), "\(panel.log)")
        #expect(SocketClient(name) == nil, "nothing listens on \(name)")

        let ctl = try startCtl(["get"], socket: name, folder: folder)
        #expect(ctl.waitForExit() == .exited(2))
        #expect((folder.readText("ctl.err") ?? "").contains("panel ctl: --socket \(name): abstract socket names are refused"))
    }

    /// A fake server answers with an endless line: `panel ctl get` stops reading at 64 MiB,
    /// says so and fails, and `panel ctl subscribe` prints the lines before it first.
    @Test func ctlStopsAtAnEndlessReplyLine() throws {
        let folder = TemporaryFolder()
        let path = folder.file("fake.sock")
        let listener = try UnixSocket.listen(at: path, mode: 0o600)
        let lines = #"{"ok":true,"subscribed":true}"# + "\n" + #"{"event":"changed","id":"wifi","value":false,"source":"touch"}"# + "\n"
        for (words, before) in [(["get"], ""), (["subscribe"], lines)] {
            let child = try startCtl(words, socket: path, folder: folder)
            var pollFD = pollfd(fd: listener.rawValue, events: Int16(POLLIN), revents: 0)
            #expect(poll(&pollFD, 1, 10_000) == 1)
            let fd = accept(listener.rawValue, nil, nil)
            try #require(fd >= 0)
            var request = [UInt8](repeating: 0, count: 4096)
            #expect(Glibc.read(fd, &request, request.count) > 0)
            _ = before.withCString { Glibc.write(fd, $0, strlen($0)) }
            // 160 MiB without a newline, as fast as ctl takes it; it stops when ctl hangs up.
            let writer = FloodWriter(fd: fd, total: 160 << 20, byte: UInt8(ascii: "x"), seconds: 120)
            let written = writer.join()
            Glibc.close(fd)
            #expect(child.waitForExit() == .exited(1))
            #expect(written < 80 << 20, "ctl stopped reading: it took \(written) bytes")
            let err = folder.readText("ctl.err") ?? ""
            #expect(err.contains("panel ctl: a reply line from \(path) is longer than 64 MiB"), "\(err.prefix(300))")
            #expect(folder.readText("ctl.out") == before, "the complete lines were printed, the endless one not")
        }
    }

    func startCtl(_ words: [String], socket: String, folder: TemporaryFolder) throws -> ChildProcess {
        try ChildProcess(argv: ["/bin/sh", "-c", "exec \"$0\" ctl --socket \"$@\" >\"$CTL_OUT\" 2>\"$CTL_ERR\"", PanelProcess.binary, socket] + words,
                         environment: ["CTL_OUT=\(folder.file("ctl.out"))", "CTL_ERR=\(folder.file("ctl.err"))"])
    }
}
