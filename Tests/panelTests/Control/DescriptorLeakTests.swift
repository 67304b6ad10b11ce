import Glibc
import PanelUI
import Testing
@testable import panel

/// A long busy run of the built binary leaves no descriptor behind: 1,000 connections of
/// every kind, 320 actions (succeeding, failing, missing, timing out) set over the socket,
/// and 100 SIGHUPs among them, with systemd's notify socket never read (as when systemd is
/// slow): afterwards the panel holds exactly the descriptors it held before.
struct DescriptorLeakTests {
    static let slowCount = 8
    static let yaml = """
    sections:
      - controls:
          - {id: plain, kind: switch, default: false}
          - {id: ok, kind: switch, default: false, action: {exec: [/bin/true]}}
          - {id: bad, kind: switch, default: false, action: {exec: [/bin/false]}}
          - {id: missing, kind: switch, default: false, action: {exec: [/nonexistent/program]}}

    """ + (0..<slowCount).map { "      - {id: slow\($0), kind: switch, default: false, action: {exec: [/bin/sleep, \"5\"], timeout: 0.1}}\n" }.joined()

    @Test func aBusyRunLeavesNoDescriptorBehind() throws {
        let folder = TemporaryFolder()
        let notify = socket(AF_UNIX, CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        defer { close(notify) }
        let notifyPath = folder.file("notify")
        let address = try #require(UnixAddress.make(notifyPath))
        try #require(UnixAddress.with(address, { bind(notify, $0, $1) }) == 0)
        let panel = try SocketPanel(yaml: Self.yaml, in: folder, environment: ["NOTIFY_SOCKET=\(notifyPath)"])
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        usleep(200_000)
        let before = panel.descriptors
        // 1,000 connections, eight kinds in turn.
        var served = 0
        var deadline = monotonicSeconds() + 20
        for i in 0..<1000 where monotonicSeconds() < deadline {
            guard let client = SocketClient(panel.socketPath) else { continue }
            let value = i % 16 < 8
            switch i % 8 {
            case 0: if client.request(#"{"cmd":"get"}"#, seconds: 5) != nil { served += 1 }
            case 1: client.send(#"{"cmd":"get"}"# + "\n")  // and leaves without reading
            case 2: break  // connects and leaves
            case 3: if client.request(#"{"cmd":"subscribe"}"#, seconds: 5) != nil { served += 1 }
            case 4: if client.request(#"{"cmd":"set","id":"plain","value":\#(value)}"#, seconds: 5) != nil { served += 1 }
            case 5:
                client.send(String(repeating: "x", count: 70_000) + "\n")
                if case .line = client.receive(seconds: 5), client.receive(seconds: 5) == .closed { served += 1 }
            case 6: if client.request("not json\n\n  \n{\"cmd\":\"get\",\"id\":\"plain\"}", seconds: 5) != nil { served += 1 }
            default: client.send(#"{"cmd":"set","id":"plain","value":\#(!value)}"# + "\n")  // a held reply nobody reads
            }
        }
        #expect(served == 5 * 125, "connections that wait for their reply got it: \(served)")

        // 320 actions, each control's set answered before its next; SIGHUPs among them.
        deadline = monotonicSeconds() + 20
        let controls = ["ok", "bad", "missing"] + (0..<Self.slowCount).map { "slow\($0)" }
        let quota = controls.map { $0.hasPrefix("slow") ? 80 / Self.slowCount : 80 }
        var setters = controls.compactMap { _ in SocketClient(panel.socketPath) }
        try #require(setters.count == controls.count)
        var done = controls.map { _ in 0 }
        var waiting = controls.map { _ in false }
        var failures = 0, hangups = 0
        while done != quota || waiting.contains(true), monotonicSeconds() < deadline {
            for (index, setter) in setters.enumerated() {
                if !waiting[index], done[index] < quota[index] {
                    // ok alternates; the others fail and go back to false, so true changes them every time.
                    let value = controls[index] == "ok" ? done[index] % 2 == 0 : true
                    setter.send(#"{"cmd":"set","id":"\#(controls[index])","value":\#(value)}"# + "\n")
                    waiting[index] = true
                }
                if waiting[index], case .line(let reply) = setter.receive(seconds: 0.001) {
                    if reply.contains("action failed") { failures += 1 }
                    waiting[index] = false
                    done[index] += 1
                }
            }
            if hangups < 100 {
                panel.signal(SIGHUP)
                hangups += 1
                usleep(2_000)
            }
        }
        #expect(done == quota, "every action ran: \(done)")
        #expect(failures == 240, "bad, missing and slow fail: \(failures)")
        #expect(hangups == 100)
        #expect(panel.waitForReloads(), "the panel reloaded: \(panel.log.suffix(300))")

        // Everything closed from this side: the panel gets back to what it had.
        setters = []
        var after = panel.descriptors
        let settled = monotonicSeconds() + 10
        while after != before, monotonicSeconds() < settled {
            usleep(50_000)
            after = panel.descriptors
        }
        #expect(after == before, "before: \(before)\nafter: \(after)")
        #expect(SocketClient(panel.socketPath)?.request(#"{"cmd":"get","id":"ok"}"#) == #"{"ok":true,"id":"ok","value":false,"enabled":true,"label":"ok","detail":null}"#)
    }
}

extension SocketPanel {
    /// Waits until the log has a reload, or a few seconds pass.
    func waitForReloads(seconds: Double = 10) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while monotonicSeconds() < deadline {
            if log.contains("reloaded the description") { return true }
            usleep(20_000)
        }
        return false
    }
}
