import Glibc
import PanelUI
import Testing
@testable import panel

/// Pages through the built binary: a replayed recording opens "Network ›", turns Wi-Fi off
/// there and goes back; the state file, the screenshot and `panel layout --page` agree with
/// the panel as laid out here.
struct PageReplayTests {
    static let yaml = """
    title: Settings
    sections:
      - title: Connections
        controls:
          - id: network
            kind: page
            label: Network
            sections:
              - title: Wireless
                controls:
                  - {id: wifi, kind: switch, label: Wi-Fi, default: true}
          - {id: bt, kind: switch, label: Bluetooth}
    """
    static let screen = Size(width: 800, height: 480)

    @Test func aReplayOpensAPageTogglesThereAndGoesBack() throws {
        let folder = TemporaryFolder()
        let config = folder.write(Self.yaml, to: "panel.yml")
        let description = try PanelDescription.parse(Self.yaml, file: config, fileExists: { _ in true })
        let fonts = FontCache()
        let root = PanelLayout(description: description, logicalSize: Self.screen, fonts: fonts)
        let network = PanelLayout(description: description, logicalSize: Self.screen, fonts: fonts, page: 0)
        var recording = try SyntheticRecording()
        func tap(_ p: Point, at t: Double) {
            recording.touchDown(slot: 0, at: SyntheticRecording.device(p, screen: Self.screen), time: t)
            recording.touchUp(slot: 0, time: t + 0.05)
        }
        tap(root.targets[0].frame.center, at: 0.1)  // Network ›
        tap(network.targets[0].frame.center, at: 1.0)  // Wi-Fi off
        tap(try #require(network.backFrame).center, at: 2.0)  // back
        let path = folder.write(recording.text, to: "pages.evemu")
        let shot = folder.file("shot.png")
        let process = try PanelProcess(["run", "--config", config, "--display", "headless:800x480", "--scale", "1",
                                        "--input", "replay:\(path)", "--state", folder.file("state.json"), "--screenshot", shot],
                                       log: folder.file("panel.log"))
        #expect(process.wait(seconds: 30) == .exited(0), "\(process.log)")
        let state = try StateDocument.parse(try #require(folder.readText("state.json")))
        #expect(state.value(for: "wifi") == .bool(false), "\(state.serialized())")
        #expect(state.value(for: "network") == nil, "a page has no value")

        // The screenshot is the panel's own page at rest, as drawn here.
        var model = PanelModel(description: description, layout: root,
                               values: description.controls.map { $0.id == "wifi" ? .bool(false) : $0.defaultValue })
        _ = model.takeDamage(previousFrame: 0, now: 0)
        let expected = PixelBuffer(size: Self.screen)
        try PanelPainter(description: description, fonts: fonts).draw(model, at: 0, into: expected, clip: expected.bounds)
        let pixels = try PNG.readPixels(path: shot)
        var differing = 0
        for y in 0..<Self.screen.height {
            for x in 0..<Self.screen.width where pixels[x, y] & 0xFFFFFF != expected[x, y] & 0xFFFFFF { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ from the panel's own page")

        // `panel layout --page network` prints the back control, then the page's targets.
        let layout = CommandRunner.run(["layout", "--config", config, "--display", "headless:800x480", "--scale", "1", "--page", "network"])
        #expect(layout.status == 0, "\(layout.err)")
        let targets = try JSONValue.parse(layout.out)
        guard case .array(let items) = targets, items.count == 2 else { Issue.record("\(layout.out)"); return }
        #expect(items[0]["kind"] == .string("back") && items[0]["label"] == .string("Settings"))
        #expect(items[1]["id"] == .string("wifi") && items[1]["frame"] == LayoutReport.rect(network.targets[0].frame))
        let wrong = CommandRunner.run(["layout", "--config", config, "--page", "bt"])
        #expect(wrong.status == 2 && wrong.err.contains("'bt' is not a page; pages: network"), "\(wrong)")
    }
}
