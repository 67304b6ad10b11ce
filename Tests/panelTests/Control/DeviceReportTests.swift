import Glibc
import PanelUI
import Testing
@testable import panel

/// Values that follow the device, through the built binary on a real socket: `set` with
/// `"apply": false` shows and saves without running the action, `update` changes a
/// control's runtime properties (and subscribers hear it), value rows show text from
/// outside and are never written to the state file.
struct DeviceReportTests {
    static func yaml(_ folder: TemporaryFolder) -> String {
        """
        sections:
          - controls:
              - {id: coolant, kind: switch, default: false, action: {exec: [/bin/sh, -c, "echo {value} >> \(folder.file("runs"))"]}}
              - {id: ip, kind: value, label: IP address}
        """
    }

    @Test func aReportedValueIsShownAndSavedWithoutItsAction() throws {
        let folder = TemporaryFolder()
        let panel = try SocketPanel(yaml: Self.yaml(folder), in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let client = try #require(SocketClient(panel.socketPath))
        #expect(client.request(#"{"cmd":"set","id":"coolant","value":true,"apply":false}"#)
            == #"{"ok":true,"id":"coolant","value":true,"changed":true}"#)
        #expect(try AcknowledgedSetTests.saved(folder)?.value(for: "coolant") == .bool(true), "saved when answered")
        #expect(client.request(#"{"cmd":"set","id":"coolant","value":"yes","apply":"no"}"#)
            == #"{"error":"\"apply\" must be true or false"}"#)
        // A command (apply defaults to true) runs the action once.
        #expect(client.request(#"{"cmd":"set","id":"coolant","value":false}"#)
            == #"{"ok":true,"id":"coolant","value":false,"changed":true}"#)
        #expect(folder.readText("runs") == "false\n", "only the command ran its action")
    }

    @Test func anUpdateDisablesRenamesAndIsHeard() throws {
        let folder = TemporaryFolder()
        let panel = try SocketPanel(yaml: Self.yaml(folder), in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let subscriber = try #require(SocketClient(panel.socketPath))
        #expect(subscriber.request(#"{"cmd":"subscribe"}"#) == #"{"ok":true,"subscribed":true}"#)
        let client = try #require(SocketClient(panel.socketPath))
        #expect(client.request(#"{"cmd":"update","id":"coolant","enabled":false,"label":"Coolant (locked)","detail":"interlock open"}"#)
            == #"{"ok":true,"id":"coolant","enabled":false,"label":"Coolant (locked)","detail":"interlock open"}"#)
        #expect(subscriber.receive() == .line(
            #"{"event":"updated","id":"coolant","enabled":false,"label":"Coolant (locked)","detail":"interlock open"}"#))
        #expect(client.request(#"{"cmd":"get","id":"coolant"}"#)
            == #"{"ok":true,"id":"coolant","value":false,"enabled":false,"label":"Coolant (locked)","detail":"interlock open"}"#)
        // Disabled: commands are refused, what the device reports is taken.
        #expect(client.request(#"{"cmd":"set","id":"coolant","value":true}"#)
            == #"{"error":"'coolant' is disabled; only a set with \"apply\": false (what the device reports) changes it"}"#)
        #expect(client.request(#"{"cmd":"set","id":"coolant","value":true,"apply":false}"#)
            == #"{"ok":true,"id":"coolant","value":true,"changed":true}"#)
        #expect(client.request(#"{"cmd":"update","id":"coolant","detail":null,"enabled":true}"#)
            == #"{"ok":true,"id":"coolant","enabled":true,"label":"Coolant (locked)","detail":null}"#)
        for bad in [#"{"cmd":"update","id":"coolant"}"#, #"{"cmd":"update","id":"coolant","label":""}"#,
                    #"{"cmd":"update","id":"coolant","label":"a\nb"}"#, #"{"cmd":"update","id":"coolant","enabled":1}"#,
                    #"{"cmd":"update","id":"nope","enabled":true}"#] {
            let reply = client.request(bad)
            #expect(reply?.hasPrefix(#"{"error":"#) == true, "\(bad) → \(reply ?? "nothing")")
        }
        #expect(folder.readText("runs") == nil, "no action ran")
    }

    @Test func aValueRowShowsTextButIsNotSaved() throws {
        let folder = TemporaryFolder()
        let panel = try SocketPanel(yaml: Self.yaml(folder), in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let client = try #require(SocketClient(panel.socketPath))
        #expect(client.request(#"{"cmd":"get","id":"ip"}"#)
            == #"{"ok":true,"id":"ip","value":"—","enabled":true,"label":"IP address","detail":null}"#)
        #expect(client.request(#"{"cmd":"set","id":"ip","value":"10.0.0.7"}"#)
            == #"{"ok":true,"id":"ip","value":"10.0.0.7","changed":true}"#)
        #expect(client.request(#"{"cmd":"set","id":"ip","value":true}"#)?.hasPrefix(
            #"{"error":"value true does not fit value 'ip'; use text of one line"#) == true)
        // A later change of a setting saves the file; the row's text is still not in it.
        #expect(client.request(#"{"cmd":"set","id":"coolant","value":true,"apply":false}"#)?.hasPrefix(#"{"ok":true"#) == true)
        let saved = try #require(try AcknowledgedSetTests.saved(folder))
        #expect(saved.value(for: "ip") == nil, "\(saved.serialized())")
        #expect(saved.value(for: "coolant") == .bool(true))
    }

    @Test func ctlSendsReportsAndUpdates() throws {
        let folder = TemporaryFolder()
        let panel = try SocketPanel(yaml: Self.yaml(folder), in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let set = CommandRunner.run(["ctl", "--socket", panel.socketPath, "set", "--no-apply", "coolant", "true"])
        #expect(set.status == 0 && set.out == #"{"ok":true,"id":"coolant","value":true,"changed":true}"#, "\(set)")
        let update = CommandRunner.run(["ctl", "--socket", panel.socketPath, "update", "coolant", "--enabled", "false",
                                            "--detail", "locked"])
        #expect(update.status == 0 && update.out.contains(#""enabled":false"#) && update.out.contains(#""detail":"locked""#),
                "\(update)")
        let bad = CommandRunner.run(["ctl", "--socket", panel.socketPath, "update", "coolant"])
        #expect(bad.status == 2, "\(bad)")
        #expect(folder.readText("runs") == nil, "no action ran")
    }
}

/// The whole-panel `get` is kept serialized between changes: it must still show every change.
struct WholePanelReplyTests {
    @Test func theKeptReplyFollowsEveryChange() throws {
        let folder = TemporaryFolder()
        let yaml = "sections:\n  - controls:\n      - {id: wifi, kind: switch}\n      - {id: ip, kind: value}\n"
        let panel = try SocketPanel(yaml: yaml, in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let client = try #require(SocketClient(panel.socketPath))
        #expect(client.request(#"{"cmd":"get"}"#) == #"{"ok":true,"values":{"wifi":false,"ip":"—"}}"#)
        #expect(client.request(#"{"cmd":"set","id":"wifi","value":true}"#)?.hasPrefix(#"{"ok":true"#) == true)
        #expect(client.request(#" { "cmd" : "get" } "#) == #"{"ok":true,"values":{"wifi":true,"ip":"—"}}"#)
        #expect(client.request(#"{"cmd":"set","id":"ip","value":"10.0.0.7"}"#)?.hasPrefix(#"{"ok":true"#) == true)
        #expect(client.request(#"{"cmd":"get"}"#) == #"{"ok":true,"values":{"wifi":true,"ip":"10.0.0.7"}}"#)
        // Replies stay in request order around a kept one.
        let three: [String] = [#"{"cmd":"get","id":"wifi"}"#, #"{"cmd":"get"}"#, #"{"cmd":"nope"}"#]
        let batch = three.map { $0 + "\n" }.joined()
        #expect(client.send(batch))
        let first = client.receive(), second = client.receive(), third = client.receive()
        guard case .line(let one) = first, case .line(let two) = second, case .line(let last) = third else {
            Issue.record("\(first) \(second) \(third)")
            return
        }
        #expect(one.contains(#""id":"wifi""#))
        #expect(two == #"{"ok":true,"values":{"wifi":true,"ip":"10.0.0.7"}}"#)
        #expect(last.hasPrefix(#"{"error":"unknown cmd"#))
    }

    @Test func onlyTheWholePanelGetIsKept() {
        #expect(WholePanelReply.asksForEverything(Array(#"{"cmd":"get"}"#.utf8)))
        #expect(WholePanelReply.asksForEverything(Array(#" {"cmd" :"get"} "#.utf8)))
        #expect(!WholePanelReply.asksForEverything(Array(#"{"cmd":"get","id":"wifi"}"#.utf8)))
        #expect(!WholePanelReply.asksForEverything(Array(#"{"cmd":"set"}"#.utf8)))
        #expect(!WholePanelReply.asksForEverything(Array("not json".utf8)))
    }
}
