import CLinux
import Glibc
import PanelUI
import Testing
@testable import panel

/// Issue 14: an `exec` argument with a placeholder other than `{id}` and `{value}` (`{vaule}`)
/// ran with the braces in it. Through the built binary: `check` warns at the argument and exits
/// 0, `run` logs the warning at start, and the action is never started: a socket `set` is
/// answered with the reason, the row goes back, and the program's file never appears.
struct PlaceholderWarningTests {
    let folder = TemporaryFolder()

    /// A switch whose action would write `ran` into `out` with the argument as written.
    var yaml: String {
        """
        sections:
          - controls:
              - id: wifi
                kind: switch
                action: {exec: [/bin/sh, -c, 'echo "$1" > \(folder.file("out"))', sh, "{vaule}"]}
              - {id: fan, kind: switch, action: {exec: [/bin/true, "{id}", "{value}"]}}

        """
    }

    /// `FILE:5:COL: `, COL where the quoted argument starts on line 5.
    var warning: String {
        let line = Array(yaml.split(separator: "\n")[4].utf8), quoted = Array("\"{vaule}".utf8)
        let start = (0...line.count - quoted.count).first { Array(line[$0..<$0 + quoted.count]) == quoted }!
        return "\(folder.file("panel.yml")):5:\(start + 1): "
    }
    let message = "unknown placeholder {vaule} in exec argument 4 (did you mean {value}?); panel replaces only {id} and {value} and will not start this command while it has {vaule}"

    /// `panel ARGS…`; its status, stdout and stderr.
    func panel(_ arguments: [String]) throws -> (ChildProcess.Termination, String, String) {
        let child = try ChildProcess(argv: [PanelProcess.binary] + arguments, environment: ["PATH=/usr/bin:/bin", "HOME=/tmp"], output: .pipes)
        let out = readToEnd(child.output!), err = readToEnd(child.errorOutput!)
        return (child.waitForExit(), out, err)
    }

    func readToEnd(_ fd: CInt) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = Glibc.read(fd, &chunk, chunk.count), count > 0 { bytes += chunk[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func checkWarnsAtTheArgumentAndPasses() throws {
        let path = folder.write(yaml, to: "panel.yml")
        let (status, out, err) = try panel(["check", "--config", path])
        #expect(status == .exited(0), "\(err)")
        #expect(err == warning + "warning: " + message + "\n")
        #expect(out == "\(path): ok, 2 controls (1 warning)\n")
    }

    @Test func runLogsTheWarningAtStart() throws {
        let path = folder.write(yaml, to: "panel.yml")
        let (status, _, err) = try panel(["run", "--config", path, "--state", folder.file("state.json"), "--display", "headless:320x240",
                                          "--input", "none", "--screenshot", folder.file("shot.png")])
        #expect(status == .exited(0), "\(err)")
        #expect(err.split(separator: "\n").contains { $0 == "panel: warning: " + warning + message }, "\(err)")
    }

    @Test func theActionIsNeverStartedAndFailsWithTheReason() throws {
        let panel = try SocketPanel(yaml: yaml, in: folder)
        try #require(panel.waitUntilServing(), "\(panel.log)")
        let client = try #require(SocketClient(panel.socketPath))
        let reply = try #require(client.request(#"{"cmd":"set","id":"wifi","value":true}"#))
        #expect(reply.contains("action failed: unknown placeholder {vaule} in exec argument 4; 'wifi' is back to false"), "\(reply)")
        #expect(folder.readText("out") == nil, "the program never ran")
        #expect(panel.log.contains("panel: error: action for wifi = true failed: unknown placeholder {vaule} in exec argument 4; back to false"),
                "\(panel.log)")
        // A control whose placeholders are known still runs its action.
        let fan = try #require(client.request(#"{"cmd":"set","id":"fan","value":true}"#))
        #expect(fan.hasPrefix(#"{"ok":true"#), "\(fan)")
    }
}
