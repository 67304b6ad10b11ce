import Glibc
import PanelUI
import Testing
@testable import panel

/// A socket `set`'s `ok` means the value is in the state file on the disk: SIGKILL at random
/// moments during a stream of sets never loses an acknowledged value; a control's action
/// decides before the reply; a save that fails is said so.
@Suite(.serialized)
struct AcknowledgedSetTests {
    static let options = (0..<10).map { "o\($0)" }
    static let ids = ["r0", "r1", "r2"]
    static let yaml = "sections:\n  - controls:\n" + ids.map {
        "      - {id: \($0), kind: radio, options: [\(options.joined(separator: ", "))], default: o0, must_have_selection: true}\n"
    }.joined()

    /// Three clients, each setting its own control in lockstep (the next set once the last is
    /// answered), and the panel SIGKILLed at a random moment; 50 times. Afterwards the file
    /// holds, for each control, the last value acknowledged or the one sent after it.
    @Test func everyAcknowledgedSetSurvivesAKill() throws {
        let folder = TemporaryFolder()
        srand48(0x5E7)
        var acknowledged = 0
        var lost: [String] = []
        for run in 0..<50 {
            let panel = try SocketPanel(yaml: Self.yaml, in: folder)
            try #require(panel.waitUntilServing(), "run \(run): panel did not start: \(panel.log)")
            let start = try Self.saved(folder)
            var shown = Self.ids.map { start?.value(for: $0).flatMap { value in Self.options.firstIndex { .string($0) == value } } ?? 0 }
            var acked: [Int?] = Self.ids.map { _ in nil }
            var inFlight: [Int?] = Self.ids.map { _ in nil }
            let clients = try Self.ids.map { _ in try #require(SocketClient(panel.socketPath)) }
            let killAt = monotonicSeconds() + 0.02 + drand48() * 0.25
            while monotonicSeconds() < killAt {
                for (index, client) in clients.enumerated() {
                    if inFlight[index] == nil {
                        let next = (shown[index] + 1) % Self.options.count
                        #expect(client.send(#"{"cmd":"set","id":"\#(Self.ids[index])","value":"\#(Self.options[next])"}"# + "\n"))
                        inFlight[index] = next
                    }
                    if case .line(let reply) = client.receive(seconds: 0.001) {
                        #expect(reply.hasPrefix(#"{"ok":true"#), "\(reply)")
                        if reply.hasPrefix(#"{"ok":true"#) {
                            acked[index] = inFlight[index]
                            shown[index] = inFlight[index]!
                            acknowledged += 1
                        }
                        inFlight[index] = nil
                    }
                }
            }
            panel.signal(SIGKILL)
            #expect(panel.wait(seconds: 10) == .signalled(SIGKILL))
            let document = try Self.saved(folder)
            for (index, id) in Self.ids.enumerated() {
                guard let value = acked[index] else { continue }
                let allowed = [value, inFlight[index]].compactMap { $0 }.map { JSONValue.string(Self.options[$0]) }
                if !allowed.contains(document?.value(for: id) ?? .null) {
                    lost.append("run \(run): \(id) acknowledged \(Self.options[value]), file has \(document?.value(for: id)?.serialized() ?? "nothing")")
                }
            }
        }
        #expect(lost.isEmpty, "\(lost.count) acknowledged values lost: \(lost.prefix(5))")
        #expect(acknowledged > 150, "the runs set values: \(acknowledged) acknowledged")
    }

    static func saved(_ folder: TemporaryFolder) throws -> StateDocument? {
        guard let text = folder.readText("state.json") else { return nil }
        return try StateDocument.parse(text)
    }

    /// A set of a control with an action is answered once the action succeeded and the
    /// value is saved, or with the action's failure; a `get` sent behind it waits its turn.
    @Test func aSetWaitsForItsActionAndItsSave() throws {
        let folder = TemporaryFolder()
        let yaml = """
        sections:
          - controls:
              - {id: slow, kind: switch, default: false, action: {exec: [/bin/sleep, "0.4"]}}
              - {id: broken, kind: switch, default: false, action: {exec: [/bin/false]}}
        """
        let panel = try SocketPanel(yaml: yaml, in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let client = try #require(SocketClient(panel.socketPath))
        let sent = monotonicSeconds()
        #expect(client.send(#"{"cmd":"set","id":"slow","value":true}"# + "\n" + #"{"cmd":"get","id":"slow"}"# + "\n"))
        #expect(client.receive() == .line(#"{"ok":true,"id":"slow","value":true,"changed":true}"#))
        let answered = monotonicSeconds() - sent
        #expect(answered >= 0.35, "answered after \(answered) s, before its action ended")
        #expect(try Self.saved(folder)?.value(for: "slow") == .bool(true), "in the file when answered")
        #expect(client.receive() == .line(#"{"ok":true,"id":"slow","value":true,"enabled":true,"label":"slow","detail":null}"#), "the get came after the set's reply")

        #expect(client.request(#"{"cmd":"set","id":"broken","value":true}"#)
            == #"{"error":"action failed: exited with status 1; 'broken' is back to false"}"#)
        #expect(client.request(#"{"cmd":"get","id":"broken"}"#) == #"{"ok":true,"id":"broken","value":false,"enabled":true,"label":"broken","detail":null}"#)
        // Nothing to wait for: the value shown is the one saved.
        #expect(client.request(#"{"cmd":"set","id":"slow","value":true}"#, seconds: 0.3)
            == #"{"ok":true,"id":"slow","value":true,"changed":false}"#)
    }

    /// Sets sent while a control's action runs coalesce: of three sets sent together, the first
    /// runs its action, the second is replaced by the third before its action starts and is
    /// answered so (it never ran), and the third runs and is answered once saved.
    @Test func aSetReplacedBeforeItsActionRanIsAnsweredSo() throws {
        let folder = TemporaryFolder()
        let yaml = """
        sections:
          - controls:
              - {id: slow, kind: switch, default: false, action: {exec: [/bin/sh, -c, "echo {value} >> \(folder.file("runs")); sleep 0.3"]}}
        """
        let panel = try SocketPanel(yaml: yaml, in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let client = try #require(SocketClient(panel.socketPath))
        let sets = [true, false, true].map { #"{"cmd":"set","id":"slow","value":\#($0)}"# + "\n" }.joined()
        #expect(client.send(sets))
        #expect(client.receive() == .line(#"{"ok":true,"id":"slow","value":true,"changed":true}"#))
        #expect(client.receive() == .line(
            #"{"error":"action failed: not run: a newer change replaced it before its action started; a newer change of 'slow' is queued"}"#))
        #expect(client.receive() == .line(#"{"ok":true,"id":"slow","value":true,"changed":true}"#))
        #expect(folder.readText("runs") == "true\ntrue\n", "the replaced value's action never ran")
        #expect(try Self.saved(folder)?.value(for: "slow") == .bool(true))
    }

    /// A set whose save fails is answered with an error saying so; `panel ctl` exits 1.
    @Test func aFailedSaveIsReported() throws {
        let folder = TemporaryFolder()
        #expect(mkdir(folder.file("state"), 0o700) == 0)
        let yaml = "sections:\n  - controls:\n      - {id: wifi, kind: switch, default: false}\n"
        folder.write(yaml, to: "panel.yml")
        let process = try PanelProcess(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state/state.json"),
                                        "--display", "headless:320x240", "--input", "none", "--socket", folder.file("panel.sock")],
                                       log: folder.file("log"))
        #expect(process.waitForLog("stop with SIGTERM"), "\(process.log)")
        // The state folder taken away under the running panel (it holds the lock there) and a
        // file put at its name: every save from now on fails (ENOTDIR).
        #expect(rename(folder.file("state"), folder.file("state-gone")) == 0)
        folder.write("not a folder", to: "state")
        let client = try #require(SocketClient(folder.file("panel.sock")))
        let reply = try #require(client.request(#"{"cmd":"set","id":"wifi","value":true}"#))
        #expect(reply.hasPrefix(#"{"error":"'wifi' shows true but it is not saved: cannot "#), "\(reply)")
        #expect(reply.contains("will retry"), "\(reply)")
        #expect(client.request(#"{"cmd":"get","id":"wifi"}"#) == #"{"ok":true,"id":"wifi","value":true,"enabled":true,"label":"wifi","detail":null}"#, "still shown")
    }
}
