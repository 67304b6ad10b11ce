import Glibc
import PanelUI
import Testing
@testable import panel

/// Buttons through the built binary: a recorded tap on a confirmed button whose action writes
/// a file (absent after Cancel, there once after the go-ahead), taps behind the dialog, the
/// socket's press, and what a failing action's sheet and reply say.
struct ButtonProcessTests {
    let folder = TemporaryFolder()
    static let screen = Size(width: 800, height: 480)

    func yaml(action: String) -> String {
        """
        sections:
          - controls:
              - {id: restart, kind: button, label: Restart, confirm: "Restart the service?", action: {exec: \(action)}}
              - {id: lamp, kind: switch, label: Lamp}
        """
    }

    var writesAFile: String {
        "[/bin/sh, -c, \(JSONValue.string("echo \"pressed [$PANEL_VALUE]\" >> \(folder.file("out"))").serialized())]"
    }

    /// The model the panel will show, for where to tap: the same description, size, scale and fonts.
    func model() throws -> PanelModel {
        let description = try PanelDescription.parse(yaml(action: writesAFile), file: "b.yml", fileExists: { _ in true })
        let fonts = FontCache()
        return PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: Self.screen, fonts: fonts),
                          fonts: fonts)
    }

    /// Where the rows are and where the dialog's buttons will be.
    func places() throws -> (restart: Point, lamp: Point, cancel: Point, ahead: Point) {
        var model = try model()
        let restart = model.layout.targets[0].frame.center, lamp = model.layout.targets[1].frame.center
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: restart), at: 0)
        _ = model.handle(PanelTouch(phase: .up, slot: 0, position: restart), at: 0)
        let dialog = try #require(model.overlay?.layout)
        #expect(!dialog.box.contains(lamp), "the lamp's row is outside the dialog: a tap there cancels")
        return (restart, lamp, dialog.buttons[0].center, dialog.buttons[1].center)
    }

    /// Replays taps at `points` (0.4 s apart) on a panel running this description; returns the run.
    func replay(_ points: [Point], name: String) throws -> (status: Int32, out: String, err: String) {
        folder.write(yaml(action: writesAFile), to: "b.yml")
        var recording = try SyntheticRecording()
        for (i, point) in points.enumerated() {
            let t = 0.2 + Double(i) * 0.4
            recording.touchDown(slot: 0, at: SyntheticRecording.device(point, screen: Self.screen), time: t)
            recording.touchUp(slot: 0, time: t + 0.05)
        }
        let path = folder.write(recording.text, to: "\(name).evemu")
        return CommandRunner.run(["run", "--config", folder.file("b.yml"), "--state", folder.file("\(name).json"),
                                  "--display", "headless:800x480", "--scale", "1", "--input", "replay:" + path,
                                  "--screenshot", folder.file("\(name).png")])
    }

    func saved(_ name: String) throws -> StateDocument {
        try StateDocument.parse(#require(folder.readText("\(name).json")))
    }

    /// Cancel, and a tap on the lamp's row behind the dialog: nothing runs, the lamp stays off.
    @Test func cancelAndTapsBehindRunNothing() throws {
        let p = try places()
        let run = try replay([p.restart, p.cancel, p.restart, p.lamp], name: "cancel")
        #expect(run.status == 0, "\(run.err)")
        #expect(folder.readText("out") == nil, "the action never ran")
        let state = try saved("cancel")
        #expect(state.value(for: "lamp") == .bool(false), "the tap behind the dialog changed nothing")
        #expect(state.value(for: "restart") == nil, "a button keeps no value")
        #expect(run.err.contains("restart pressed") == false)
    }

    /// The go-ahead runs the action once, with an empty {value}; then the page takes taps again.
    @Test func theGoAheadRunsTheActionOnce() throws {
        let p = try places()
        let run = try replay([p.restart, p.ahead, p.lamp], name: "ahead")
        #expect(run.status == 0, "\(run.err)")
        #expect(folder.readText("out") == "pressed []\n")
        let state = try saved("ahead")
        #expect(state.value(for: "lamp") == .bool(true))
        #expect(state.value(for: "restart") == nil)
        #expect(run.err.contains("restart pressed (touch)"), "\(run.err)")
    }

    /// The socket's press runs the action without asking and answers when it has ended;
    /// subscribers hear the press; get and set of a button say to press it.
    @Test func theSocketPressesWithoutAsking() throws {
        let panel = try SocketPanel(yaml: yaml(action: writesAFile), in: folder)
        #expect(panel.waitUntilServing(), "\(panel.log)")
        let subscriber = try #require(SocketClient(panel.socketPath))
        #expect(subscriber.request(#"{"cmd":"subscribe"}"#) == #"{"ok":true,"subscribed":true}"#)
        let pressed = CommandRunner.run(["ctl", "--socket", panel.socketPath, "press", "restart"])
        #expect(pressed.status == 0 && pressed.out == #"{"ok":true,"id":"restart","pressed":true}"#, "\(pressed)")
        #expect(folder.readText("out") == "pressed []\n", "answered after the action wrote")
        guard case .line(let event) = subscriber.receive(seconds: 10) else { Issue.record("no event line"); return }
        #expect(event == #"{"event":"pressed","id":"restart","source":"socket"}"#)
        let set = CommandRunner.run(["ctl", "--socket", panel.socketPath, "set", "restart", "null"])
        #expect(set.status == 1 && set.out.contains("'restart' is a button and keeps no value; press it"), "\(set)")
        let get = CommandRunner.run(["ctl", "--socket", panel.socketPath, "get"])
        #expect(get.out == #"{"ok":true,"values":{"lamp":false}}"#, "\(get)")
        let wrong = CommandRunner.run(["ctl", "--socket", panel.socketPath, "press", "lamp"])
        #expect(wrong.status == 1 && wrong.out.contains("'lamp' is a switch, not a button"), "\(wrong)")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))
        #expect(try StateDocument.parse(#require(folder.readText("state.json"))).value(for: "restart") == nil)
    }

    /// A failing action: the reply and the log give its status and last stderr line, which
    /// still reaches the panel's stderr (the journal).
    @Test func aFailedPressSaysWhy() throws {
        let failing = "[/bin/sh, -c, \"echo first words >&2; echo 'no route to host' >&2; exit 3\"]"
        let panel = try SocketPanel(yaml: yaml(action: failing), in: folder)
        #expect(panel.waitUntilServing(), "\(panel.log)")
        let pressed = CommandRunner.run(["ctl", "--socket", panel.socketPath, "press", "restart"])
        #expect(pressed.status == 1, "\(pressed)")
        #expect(pressed.out == #"{"error":"action failed: exited with status 3 (stderr: no route to host)"}"#, "\(pressed)")
        #expect(panel.log.contains("first words\nno route to host\n"), "the action's stderr is passed on: \(panel.log)")
        #expect(panel.log.contains("action for restart (pressed) failed: exited with status 3 (stderr: no route to host)"))
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))
    }
}
