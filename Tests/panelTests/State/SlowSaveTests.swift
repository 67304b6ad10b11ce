import Glibc
import PanelUI
import Testing
@testable import panel

/// Saves are written off the event loop: with every save made slow (PANEL_TEST_SAVE_DELAY_MS,
/// read by the writer's thread only), the built panel still answers `get`s and tells
/// subscribers at once, while a `set` is answered only once a file holding its value is on
/// the disk; sets made during a save share the next write; SIGTERM waits for the save.
@Suite struct SlowSaveTests {
    static let yaml = """
    sections:
      - controls:
          - {id: wifi, kind: switch, default: true}
          - {id: mode, kind: radio, options: [o0, o1, o2, o3, o4], default: o0, must_have_selection: true}
    """

    static func start(_ folder: TemporaryFolder, delay milliseconds: Int) throws -> SocketPanel {
        let panel = try SocketPanel(yaml: yaml, in: folder, environment: ["PANEL_TEST_SAVE_DELAY_MS=\(milliseconds)"])
        try #require(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        return panel
    }

    static func saved(_ folder: TemporaryFolder, _ id: String) -> JSONValue? {
        folder.readText("state.json").flatMap { try? StateDocument.parse($0) }?.value(for: id)
    }

    /// A 3 s save in flight: another client's `get` and a subscriber's change line come within
    /// a second, the file doesn't hold the value yet, and the `set` is answered after the save,
    /// with the value in the file.
    @Test func aGetIsAnsweredWhileASaveIsSlowAndTheSetAfterIt() throws {
        let folder = TemporaryFolder()
        let panel = try Self.start(folder, delay: 3000)
        let setter = try #require(SocketClient(panel.socketPath))
        let getter = try #require(SocketClient(panel.socketPath))
        let subscriber = try #require(SocketClient(panel.socketPath))
        #expect(subscriber.request(#"{"cmd":"subscribe"}"#) == #"{"ok":true,"subscribed":true}"#)

        let sent = monotonicSeconds()
        #expect(setter.send(#"{"cmd":"set","id":"wifi","value":false}"# + "\n"))
        #expect(subscriber.receive(seconds: 10) == .line(#"{"event":"changed","id":"wifi","value":false,"source":"socket"}"#))
        #expect(getter.request(#"{"cmd":"get","id":"wifi"}"#, seconds: 10) == #"{"ok":true,"id":"wifi","value":false,"enabled":true,"label":"wifi","detail":null}"#)
        let answered = monotonicSeconds() - sent
        #expect(answered < 1, "the get took \(answered) s while the save was written: the loop waited for it")
        #expect(Self.saved(folder, "wifi") != .bool(false), "the save is still under way")

        #expect(setter.receive(seconds: 20) == .line(#"{"ok":true,"id":"wifi","value":false,"changed":true}"#))
        let acknowledged = monotonicSeconds() - sent
        #expect(Self.saved(folder, "wifi") == .bool(false), "in the file when answered")
        #expect(acknowledged >= 2.9, "answered after \(acknowledged) s, before the 3 s save ended")
        // The loop is free again, and a set to the value saved is answered at once.
        #expect(getter.request(#"{"cmd":"set","id":"wifi","value":false}"#, seconds: 2.5)
            == #"{"ok":true,"id":"wifi","value":false,"changed":false}"#)
    }

    /// One set starts a 1.5 s write; three sets sent while it is written wait as one pending
    /// save (each replacing the one before): all three are answered after the second write,
    /// whose file holds the last value, and there is no third.
    @Test func setsDuringASaveShareTheNextWrite() throws {
        let folder = TemporaryFolder()
        let panel = try Self.start(folder, delay: 1500)
        let clients = try (0..<4).map { _ in try #require(SocketClient(panel.socketPath)) }
        let sent = monotonicSeconds()
        #expect(clients[0].send(#"{"cmd":"set","id":"mode","value":"o1"}"# + "\n"))
        usleep(400_000)  // the writer has taken the first save
        for value in 2...4 {
            #expect(clients[value - 1].send(#"{"cmd":"set","id":"mode","value":"o\#(value)"}"# + "\n"))
            usleep(50_000)  // each in a wake-up of its own, each handed over
        }
        var replies: [(client: Int, at: Double, file: JSONValue?)] = []
        var files: Set<String> = []
        let deadline = sent + 20
        while replies.count < 4, monotonicSeconds() < deadline {
            files.formUnion(Self.inode(folder.file("state.json")).map { [$0] } ?? [])
            for (index, client) in clients.enumerated() where !replies.contains(where: { $0.client == index }) {
                if case .line(let reply) = client.receive(seconds: 0.01) {
                    #expect(reply == #"{"ok":true,"id":"mode","value":"o\#(index + 1)","changed":true}"#)
                    replies.append((index, monotonicSeconds() - sent, Self.saved(folder, "mode")))
                }
            }
        }
        usleep(300_000)
        files.formUnion(Self.inode(folder.file("state.json")).map { [$0] } ?? [])
        try #require(replies.count == 4, "\(replies.count) of 4 sets answered: \(panel.log)")
        #expect(replies[0].client == 0 && replies[0].file == .string("o1"), "the first set is answered first, with its value saved")
        for reply in replies.dropFirst() {
            #expect(reply.file == .string("o4"), "set \(reply.client) answered with \(reply.file?.serialized() ?? "nothing") saved")
            #expect(reply.at >= 2.9, "set \(reply.client) answered after \(reply.at) s, before the second write ended")
        }
        #expect(files.count == 2, "\(files.count) files renamed into place: the sets during the first write share one")
    }

    /// SIGTERM while a 2 s save is written: the panel waits for it, sends the set's reply, and
    /// exits 0 with the value in the file.
    @Test func sigtermWaitsForTheSaveBeingWritten() throws {
        let folder = TemporaryFolder()
        let panel = try Self.start(folder, delay: 2000)
        let client = try #require(SocketClient(panel.socketPath))
        #expect(client.send(#"{"cmd":"set","id":"wifi","value":false}"# + "\n"))
        usleep(300_000)
        let stopped = monotonicSeconds()
        panel.signal(SIGTERM)
        #expect(client.receive(seconds: 20) == .line(#"{"ok":true,"id":"wifi","value":false,"changed":true}"#),
                "the reply of the save under way goes out before the socket closes")
        #expect(panel.wait(seconds: 20) == .exited(0), "\(panel.log)")
        let took = monotonicSeconds() - stopped
        #expect(took >= 1.5, "exited after \(took) s, before the save being written had ended")
        #expect(Self.saved(folder, "wifi") == .bool(false))
    }

    /// In the process, on a real loop and thread: saves to a folder that is a file (ENOTDIR),
    /// the first written slowly and two more handed over meanwhile (the second replaced by the
    /// third before it started). Every waiter hears the failure of the write that held its
    /// save, no retry is timed while a write is under way, and the two writes count as two
    /// failures (two log lines, the retry interval doubled twice), not three.
    @Test func aReplacedSaveSharesTheFailureOfTheWriteThatHeldIt() throws {
        let folder = TemporaryFolder()
        folder.write("not a folder", to: "state")
        let loop = try EventLoop()
        let lines = LogLines()
        let log = Log(write: { lines.append($0) })
        let writer = try #require(StateWriter.started(loop: loop, environment: ["PANEL_TEST_SAVE_DELAY_MS": "300"], log: log))
        defer { writer.finish() }
        let saves = SessionSaves(store: StateStore(path: folder.file("state/state.json")), log: log)
        saves.saver = writer
        var heard: [Int: StateStoreError?] = [:]
        for (index, value) in [true, false, true].enumerated() {
            saves.request()
            saves.whenSaved { heard[index] = $0 }
            saves.save(StateDocument(values: [("wifi", .bool(value))]), at: loop.clock.now)
            if index == 0 { usleep(100_000) }  // the thread has taken the first
        }
        let deadline = monotonicSeconds() + 20
        while heard.isEmpty, monotonicSeconds() < deadline { try loop.runOnce(timeout: 0.1) }
        // The first write failed 300 ms before the second ends.
        #expect(heard.count == 1 && saves.inFlight == 2)
        #expect(saves.hasUnsaved && saves.retry.due != nil && saves.retryDeadline == nil, "no retry is timed while a save is being written")
        while saves.inFlight > 0, monotonicSeconds() < deadline { try loop.runOnce(timeout: 0.1) }
        #expect(saves.inFlight == 0)
        #expect(heard.count == 3)
        for (index, error) in heard {
            #expect(error?.errno == Errno(ENOTDIR), "save \(index) heard \(String(describing: error))")
        }
        let errors = lines.all.filter { $0.contains("error:") }
        #expect(errors.count == 2, "\(errors)")
        #expect(saves.retry.interval == SaveRetry.firstInterval * 4, "two failures double it twice")
        #expect(saves.retryDeadline != nil, "the retry is timed once the writes have ended")
    }

    /// Names the file at `path` now: a rename puts a new one there (an inode may be reused, so its time too).
    static func inode(_ path: String) -> String? {
        var info = stat()
        return lstat(path, &info) == 0 ? "\(info.st_ino)@\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : nil
    }
}
