import Glibc
import PanelUI
import Testing
@testable import panel

/// A subscriber whose `set` waits for a slow action while others change values by the
/// thousand: it reads, so it is kept and gets its reply, then each control's newest value;
/// a subscriber that reads nothing is dropped, held reply or not.
@Suite(.serialized)
struct HeldReplyTests {
    /// An action that ends when the test writes a line into `fifo` (ordered by that, not by time).
    static func yaml(fifos: [String: String]) -> String {
        "sections:\n  - controls:\n      - {id: wifi, kind: switch, default: true}\n" + fifos.sorted { $0.key < $1.key }.map {
            "      - {id: \($0.key), kind: switch, default: false, action: {exec: [/bin/sh, -c, \"read line < \($0.value)\"], timeout: 300}}\n"
        }.joined()
    }

    static func makeFIFO(_ folder: TemporaryFolder, _ name: String) throws -> String {
        let path = folder.file(name)
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    /// Lets the action reading `fifo` end: opening blocks until it reads (it has since its set).
    static func release(_ fifo: String) {
        let fd = open(fifo, O_WRONLY | O_CLOEXEC)
        #expect(fd >= 0)
        _ = "go\n".withCString { write(fd, $0, 3) }
        close(fd)
    }

    /// `count` sets of wifi from `setter`, alternating from false, 250 in flight at a time;
    /// `meanwhile` runs between batches (a reader reading). The number answered ok.
    static func changeWifi(_ count: Int, from setter: SocketClient, meanwhile: () -> Void) -> Int {
        var answered = 0
        for batch in stride(from: 0, to: count, by: 250) {
            let sets = (batch..<min(count, batch + 250)).map { #"{"cmd":"set","id":"wifi","value":\#($0 % 2 == 1)}"# + "\n" }
            #expect(setter.send(sets.joined()))
            for _ in sets {
                guard case .line(let reply) = setter.receive(seconds: 30) else { return answered }
                if reply.hasPrefix(#"{"ok":true"#) { answered += 1 }
            }
            meanwhile()
        }
        return answered
    }

    static func notReadingLines(_ panel: SocketPanel) -> Int {
        panel.log.split(separator: "\n").filter { $0.contains("is not reading") }.count
    }

    @Test func aReaderWhoseReplyIsHeldIsKeptAndADeafOneIsDropped() throws {
        let folder = TemporaryFolder()
        let fifoA = try Self.makeFIFO(folder, "go-a"), fifoD = try Self.makeFIFO(folder, "go-d")
        let panel = try SocketPanel(yaml: Self.yaml(fifos: ["slow": fifoA, "slow2": fifoD]), in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let reader = try #require(SocketClient(panel.socketPath))   // reads all along
        let heldDeaf = try #require(SocketClient(panel.socketPath)) // a held reply, then reads nothing
        let deaf = try #require(SocketClient(panel.socketPath))     // reads nothing at all
        let setter = try #require(SocketClient(panel.socketPath))
        for client in [reader, heldDeaf, deaf] { #expect(client.request(#"{"cmd":"subscribe"}"#) == #"{"ok":true,"subscribed":true}"#) }
        #expect(reader.send(#"{"cmd":"set","id":"slow","value":true}"# + "\n"))
        // The reader's set first (it shows at once), so slow2's change line waits behind its reply too.
        let shown = monotonicSeconds() + 10
        while setter.request(#"{"cmd":"get","id":"slow"}"#)?.hasPrefix(#"{"ok":true,"id":"slow","value":true"#) != true, monotonicSeconds() < shown {}
        #expect(heldDeaf.send(#"{"cmd":"set","id":"slow2","value":true}"# + "\n"))

        // 20,000 changes (1.2 MB of change lines) while the two replies are held.
        var readerLines: [String] = []
        func readerReads() {
            while case .line(let line) = reader.receive(seconds: 0) { readerLines.append(line) }
        }
        #expect(Self.changeWifi(20_000, from: setter, meanwhile: readerReads) == 20_000)
        readerReads()
        #expect(readerLines.isEmpty, "everything waits behind the held reply: \(readerLines.prefix(3))")
        #expect(Self.notReadingLines(panel) == 1, "only the client that reads nothing is dropped: \(panel.log)")

        // The action ends: the reply, then each control's newest value, then a get's reply.
        Self.release(fifoA)
        #expect(reader.send(#"{"cmd":"get","id":"wifi"}"# + "\n"))
        var lines: [String] = []
        var ending = SocketClient.Received.timedOut
        while lines.count < 50 {
            ending = reader.receive(seconds: 30)
            guard case .line(let text) = ending else { break }
            lines.append(text)
            if text.hasPrefix(#"{"ok":true,"id":"wifi","value""#) { break }
        }
        #expect(lines.first == #"{"ok":true,"id":"slow","value":true,"changed":true}"#, "\(lines.prefix(3)), then \(ending)")
        #expect(lines.filter { $0.hasPrefix(#"{"event":"changed","id":"wifi""#) } == [#"{"event":"changed","id":"wifi","value":true,"source":"socket"}"#],
                "one line for wifi, its newest value: \(lines)")
        #expect(lines.last == #"{"ok":true,"id":"wifi","value":true,"enabled":true,"label":"wifi","detail":null}"#, "\(lines)")

        // The other held reply goes out; its client reads nothing: the next changes drop it, not the reader.
        Self.release(fifoD)
        #expect(Self.changeWifi(20_000, from: setter, meanwhile: readerReads) == 20_000)
        #expect(Self.notReadingLines(panel) == 2, "the client that stopped reading is dropped too: \(panel.log)")
        readerReads()
        #expect(reader.request(#"{"cmd":"get","id":"wifi"}"#, seconds: 30)?.hasPrefix(#"{"ok":true"#) == true, "the reader is still served")
        _ = (deaf, heldDeaf)
    }

    /// Lines no key joins (presses) behind a held reply are bounded: past 4 MiB the client is
    /// dropped with a warning that says why; keyed ones of any number are not.
    @Test func unreplaceableLinesBehindAHeldReplyAreBounded() throws {
        let folder = TemporaryFolder()
        let fifo = try Self.makeFIFO(folder, "go")
        let lines = LogLines()
        let log = Log(write: { [lines] in lines.append($0) })
        let description = try PanelDescription.parse(Self.yaml(fifos: ["slow": fifo]), file: "t.yml", fileExists: { _ in true })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 320, height: 240)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: log)
        let loop = try EventLoop(clock: MonotonicClock())
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(devNull) }
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: ["PATH": "/usr/bin:/bin"],
                                                                         stderr: ErrorStream(fd: devNull)),
                                 log: log, now: { loop.clock.now })
        let server = try ControlServer(path: folder.file("panel.sock"), loop: loop, log: log)
        defer { server.close() }
        let service = try PanelService(loop: loop, keeper: keeper, log: log, notifier: ServiceNotifier(environment: [:])) { session }
        service.attach(control: server)
        func serve(until condition: () -> Bool) throws {
            let deadline = loop.clock.now + 10
            while !condition(), loop.clock.now < deadline { try loop.runOnce(timeout: 0.01) }
        }
        let client = try #require(SocketClient(folder.file("panel.sock")))
        #expect(client.send(#"{"cmd":"subscribe"}"# + "\n" + #"{"cmd":"set","id":"slow","value":true}"# + "\n"))
        var subscribed = false
        try serve { subscribed = subscribed || client.receive(seconds: 0) == .line(#"{"ok":true,"subscribed":true}"#); return subscribed && !keeper.actions.isIdle }
        #expect(subscribed && !keeper.actions.isIdle, "the set waits for its action")

        let line = String(repeating: "k", count: 999)
        for _ in 0..<10_000 { server.broadcast(line, key: "same") }
        #expect(server.clientCount == 1, "10 MB of one key's lines are one line")
        for _ in 0..<5_000 where server.clientCount == 1 { server.broadcast(line) }
        #expect(server.clientCount == 0)
        #expect(lines.all.contains { $0.contains("MiB of change lines waiting behind a reply not known yet") }, "\(lines.all)")
        Self.release(fifo)
        try serve { keeper.actions.isIdle }
    }
}
