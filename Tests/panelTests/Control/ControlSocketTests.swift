import Glibc
import PanelUI
import Testing
@testable import panel

/// The control socket in-process on a real loop: requests and replies, bad requests,
/// subscribers, many clients, and a stuck client that is dropped without holding others up.
struct ControlSocketTests {
    let folder = TemporaryFolder()

    final class Panel {
        let loop: EventLoop
        let keeper: ValueKeeper
        let server: ControlServer
        let service: PanelService
        let lines = LogLines()

        init(folder: TemporaryFolder) throws {
            let description = try Commands.loadDescription(nil)
            let log = Log(write: { [lines] in lines.append($0) })
            let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                           store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: log)
            loop = try EventLoop(clock: MonotonicClock())
            keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: [:]), log: log, now: { 0 })
            server = try ControlServer(path: folder.file("panel.sock"), loop: loop, log: log)
            service = try PanelService(loop: loop, keeper: keeper, log: log, notifier: ServiceNotifier(environment: [:])) { session }
            service.attach(control: server)
        }

        /// Runs wake-ups until `condition` or a second passes.
        func serve(until condition: () -> Bool) throws {
            let deadline = loop.clock.now + 1
            while !condition(), loop.clock.now < deadline { try loop.runOnce(timeout: 0.01) }
        }
    }

    /// A non-blocking client socket with a line buffer.
    final class Client {
        let fd: CInt
        var buffer: [UInt8] = []

        init(_ path: String) throws {
            // Close-on-exec: panels that other tests start meanwhile must not inherit it.
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let address = try #require(UnixAddress.make(path))
            let connected = UnixAddress.with(address) { connect(fd, $0, $1) }
            #expect(connected == 0)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }

        deinit { close(fd) }

        func send(_ text: String) { _ = text.withCString { write(fd, $0, strlen($0)) } }

        /// Complete lines received so far.
        func lines() -> [String] {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(fd, &chunk, chunk.count)
                if count <= 0 { break }
                buffer += chunk[..<count]
            }
            var result: [String] = []
            while let newline = buffer.firstIndex(of: 0x0A) {
                result.append(String(decoding: buffer[..<newline], as: UTF8.self))
                buffer.removeSubrange(...newline)
            }
            return result
        }

        func request(_ text: String, on panel: Panel) throws -> String? {
            send(text + "\n")
            var got: [String] = []
            try panel.serve { got = lines(); return !got.isEmpty }
            return got.first
        }
    }

    @Test func getSetAndErrorsKeepTheConnection() throws {
        let panel = try Panel(folder: folder)
        let client = try Client(folder.file("panel.sock"))
        #expect(try client.request(#"{"cmd":"get","id":"wifi"}"#, on: panel) == #"{"ok":true,"id":"wifi","value":true,"enabled":true,"label":"Wi-Fi","detail":null}"#)
        #expect(try client.request("not json", on: panel)?.hasPrefix(#"{"error":"not JSON: "#) == true)
        #expect(try client.request(#"{"cmd":"set","id":"nope","value":true}"#, on: panel)?.hasPrefix(#"{"error":"unknown id 'nope'"#) == true)
        #expect(try client.request(#"{"cmd":"set","id":"wifi","value":"on"}"#, on: panel)
            == #"{"error":"value \"on\" does not fit switch 'wifi'; use true or false"}"#)
        #expect(try client.request(#"{"cmd":"jump"}"#, on: panel) == #"{"error":"unknown cmd 'jump'; use get, set, press, update or subscribe"}"#)
        #expect(try client.request(#"{"cmd":"set","id":"wifi","value":false}"#, on: panel)
            == #"{"ok":true,"id":"wifi","value":false,"changed":true}"#)
        #expect(panel.keeper.session.model.values[0] == .bool(false), "the panel shows it")
        #expect(try client.request(#"{"cmd":"get"}"#, on: panel)?.hasPrefix(#"{"ok":true,"values":{"wifi":false,"#) == true)
    }

    @Test func subscribersHearChangesFromAnySource() throws {
        let panel = try Panel(folder: folder)
        let watcher = try Client(folder.file("panel.sock"))
        #expect(try watcher.request(#"{"cmd":"subscribe"}"#, on: panel) == #"{"ok":true,"subscribed":true}"#)
        let setter = try Client(folder.file("panel.sock"))
        _ = try setter.request(#"{"cmd":"set","id":"mode","value":"eco"}"#, on: panel)
        let wifi = panel.keeper.session.model.layout.targets[0].frame.center
        for phase in [TouchPhase.down, .up] {
            panel.keeper.session.handle(TouchEvent(phase: phase, slot: 0, position: wifi, time: 0), at: 1)
        }
        var events: [String] = []
        try panel.serve { events += watcher.lines(); return events.count >= 2 }
        #expect(events == [#"{"event":"changed","id":"mode","value":"eco","source":"socket"}"#,
                           #"{"event":"changed","id":"wifi","value":false,"source":"touch"}"#])
    }

    /// A subscriber that never reads is dropped once its queue is full; forty others keep
    /// getting their replies throughout, and the loop never blocks on it.
    @Test func aStuckClientIsDroppedAndOthersAreServed() throws {
        let panel = try Panel(folder: folder)
        let stuck = try Client(folder.file("panel.sock"))
        stuck.send(#"{"cmd":"subscribe"}"# + "\n")
        let others = try (0..<40).map { _ in try Client(folder.file("panel.sock")) }
        try panel.serve { panel.server.clientCount == 41 }
        var replies = 0
        for round in 0..<400 {
            let client = others[round % others.count]
            let reply = try client.request(#"{"cmd":"set","id":"wifi","value":\#(round % 2 == 0)}"#, on: panel)
            if reply?.hasPrefix(#"{"ok":true"#) == true { replies += 1 }
            // Change lines are small: filler lines fill the stuck queue in a few rounds.
            if panel.server.clientCount == 40 { break }
            for _ in 0..<200 { panel.server.broadcast(String(repeating: "x", count: 1000)) }
        }
        #expect(panel.server.clientCount == 40, "the stuck subscriber was dropped")
        #expect(panel.lines.all.contains { $0.contains("is not reading (over 256 KiB waiting); dropping it") })
        #expect(try others[7].request(#"{"cmd":"get","id":"wifi"}"#, on: panel)?.hasPrefix(#"{"ok":true"#) == true)
        #expect(replies > 0)
    }
}
