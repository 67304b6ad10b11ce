import Glibc
import PanelUI
import Testing
@testable import panel

/// Value rows fed by their `source:` through the built binary: the row shows the command's
/// first line, a failing command shows "—" (and subscribers hear both), and nothing of it
/// reaches the state file.
struct ValueFeedTests {
    @Test func aSourceFeedsItsRowAndAFailureShowsTheDash() throws {
        let folder = TemporaryFolder()
        let flag = folder.file("fail")
        let yaml = """
        sections:
          - controls:
              - {id: temp, kind: value, label: Temperature, source: {exec: [/bin/sh, -c, "test -e \(flag) && exit 3; echo 21.5 °C"], every: 0.5}}
              - {id: wifi, kind: switch}
        """
        let panel = try SocketPanel(yaml: yaml, in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let client = try #require(SocketClient(panel.socketPath))
        func shown(_ text: String) -> Bool {
            let deadline = monotonicSeconds() + 15
            while monotonicSeconds() < deadline {
                if client.request(#"{"cmd":"get","id":"temp"}"#)?.contains(#""value":\#(JSONValue.string(text).serialized())"#) == true {
                    return true
                }
                usleep(50_000)
            }
            return false
        }
        #expect(shown("21.5 °C"), "the command's line: \(panel.log)")
        folder.write("", to: "fail")
        #expect(shown("—"), "a failing command shows the dash: \(panel.log)")
        #expect(panel.log.contains("exited with status 3"), "the reason is logged: \(panel.log)")
        _ = unlink(flag)
        #expect(shown("21.5 °C"), "and the text again once it works")
        #expect(client.request(#"{"cmd":"set","id":"wifi","value":true}"#)?.hasPrefix(#"{"ok":true"#) == true)
        let saved = try #require(try AcknowledgedSetTests.saved(folder))
        #expect(saved.value(for: "temp") == nil && saved.value(for: "wifi") == .bool(true), "\(saved.serialized())")
    }
}
