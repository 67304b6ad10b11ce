import Glibc
import PanelUI
import Testing
@testable import panel

/// The built binary as a service: idle without wake-ups, SIGTERM saves and exits 0 at
/// once, SIGHUP reloads the description and keeps values, a replay waits for its actions.
@Suite(.serialized)
struct ServiceProcessTests {
    let folder = TemporaryFolder()

    func start(_ yaml: String, extra: [String] = []) throws -> PanelProcess {
        folder.write(yaml, to: "panel.yml")
        let process = try PanelProcess(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                        "--display", "headless:800x480", "--input", "none", "--socket", folder.file("panel.sock")] + extra,
                                       log: folder.file("log"))
        #expect(process.waitForLog("stop with SIGTERM"), "panel did not start: \(process.log)")
        return process
    }

    static let yaml = """
    sections:
      - controls:
          - {id: wifi, kind: switch, default: true}
          - {id: mode, kind: radio, options: [eco, fast], default: eco, must_have_selection: true}
    """

    func ctl(_ words: String...) -> Int32 {
        CommandRunner.run(["ctl", "--socket", folder.file("panel.sock")] + words).status
    }

    /// Over two seconds of showing a still panel the loop's thread never wakes.
    @Test func anIdlePanelMakesNoWakeUps() throws {
        let panel = try start(Self.yaml)
        usleep(300_000)  // let start-up finish
        let before = try #require(panel.voluntarySwitches)
        usleep(2_000_000)
        let after = try #require(panel.voluntarySwitches)
        #expect(after - before == 0, "the event loop woke \(after - before) times while idle")
    }

    @Test func sigtermSavesAndExitsZeroWithinASecond() throws {
        let panel = try start(Self.yaml)
        #expect(ctl("set", "wifi", "false") == 0)
        let sent = MonotonicClock.monotonicSeconds()
        panel.signal(SIGTERM)
        let status = panel.wait(seconds: 1)
        #expect(status == .exited(0), "\(panel.log)")
        #expect(MonotonicClock.monotonicSeconds() - sent < 1)
        let saved = try StateDocument.parse(#require(folder.readText("state.json")))
        #expect(saved.value(for: "wifi") == .bool(false))
        #expect(!pathExists(folder.file("panel.sock")), "the socket file is removed")
    }

    @Test func sighupReloadsAndKeepsValues() throws {
        let panel = try start(Self.yaml)
        #expect(ctl("set", "wifi", "false") == 0)
        folder.write(Self.yaml.replacing("default: eco", with: "default: eco, label: Speed")
            + "\n      - {id: extra, kind: checkbox, default: true}\n", to: "panel.yml")
        panel.signal(SIGHUP)
        #expect(panel.waitForLog("reloaded the description: 3 controls"), "\(panel.log)")
        let reply = CommandRunner.run(["ctl", "--socket", folder.file("panel.sock"), "get"])
        #expect(reply.out == #"{"ok":true,"values":{"wifi":false,"mode":"eco","extra":true}}"#)
        // A broken description is logged and the panel stays as it was.
        folder.write("sections: [{controls: [{id: wifi, kind: swtch}]}]", to: "panel.yml")
        panel.signal(SIGHUP)
        #expect(panel.waitForLog("keeping the panel as it was"))
        #expect(ctl("get", "extra") == 0)
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 2) == .exited(0))
    }

    /// A replay exits only after its actions have finished, and saves what they accepted.
    @Test func replayWaitsForActions() throws {
        let marker = folder.file("ran")
        // The demo recording turns Wi-Fi off; its action runs past the recording's end.
        let yaml = DemoPanel.yaml.replacing("label: Wi-Fi, default: true}",
                                            with: "label: Wi-Fi, default: true, action: {exec: [/bin/sh, -c, 'sleep 0.3; touch \(marker)']}}")
        folder.write(yaml, to: "panel.yml")
        let replay = RepositoryFile.path("demo/taps.evemu")
        let result = CommandRunner.run(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                        "--display", "headless:800x480", "--input", "replay:\(replay)"])
        #expect(result.status == 0, "\(result.err)")
        #expect(pathExists(marker))
        #expect(result.err.contains("waiting for actions to finish"))
        #expect(try StateDocument.parse(#require(folder.readText("state.json"))).value(for: "wifi") == .bool(false))
    }
}
