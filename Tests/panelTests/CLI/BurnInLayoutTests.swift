import PanelUI
import Testing
@testable import panel

/// `panel layout` with `burn_in:` prints the frames at rest, the same JSON as without, and
/// says on stderr how far a running panel moves them (the compact title bar leaves 1 px above
/// its text, so the room up is smaller there).
struct BurnInLayoutTests {
    let folder = TemporaryFolder()

    static let yaml = """
    title: Hallway
    sections:
      - controls:
          - {id: porch, kind: switch, label: Porch light}
    """

    @Test(arguments: [("800x480", "left 4, right 4, up 4, down 4"), ("320x240", "left 4, right 4, up 1, down 4")])
    func layoutPrintsFramesAtRestAndTheRoom(display: String, room: String) {
        folder.write(Self.yaml, to: "plain.yml")
        folder.write(Self.yaml.replacing("title: Hallway\n", with: "title: Hallway\nburn_in: {shift_every: 60}\n"), to: "burn.yml")
        let plain = CommandRunner.run(["layout", "--config", folder.file("plain.yml"), "--display", "headless:\(display)"])
        let burn = CommandRunner.run(["layout", "--config", folder.file("burn.yml"), "--display", "headless:\(display)"])
        #expect(plain.status == 0 && burn.status == 0, "\(burn.err)")
        #expect(burn.out == plain.out, "the frames at rest")
        #expect(plain.err.isEmpty)
        #expect(burn.err == "panel layout: frames at rest; burn_in moves the drawing one pixel every 60 s, within \(room) px "
            + "(in the panel's turned coordinates), and taps follow it")
    }
}
