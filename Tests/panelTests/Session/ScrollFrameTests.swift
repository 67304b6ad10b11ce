import Glibc
import PanelUI
import Testing
@testable import panel

/// A session scrolling its list: each frame moves the pixels still on screen and paints only
/// what comes into view, and what the display shows (turned, so it copies the frame's damage
/// into pixels of its own, as a DRM back buffer gets it) is still exactly the whole frame.
struct ScrollFrameTests {
    let folder = TemporaryFolder()

    /// Two sections of rows of all three kinds, about three screens at 800x480.
    static let yaml = "title: Long\ntheme: {row_height: 64}\nsections:\n  - title: One\n    controls:\n"
        + (1...12).map { "      - {id: s\($0), kind: \($0 % 2 == 0 ? "checkbox" : "switch"), label: Setting \($0), default: \($0 % 3 == 0)}\n" }.joined()
        + "  - title: Two\n    controls:\n      - {id: mode, kind: radio, label: Mode, options: [low, mid, high], default: mid}\n"
        + (1...8).map { "      - {id: t\($0), kind: checkbox, label: Other \($0)}\n" }.joined()

    @Test(arguments: [Rotation.r0, .r90, .r270])
    func scrollFramesShowWhatAFullFrameShows(rotation: Rotation) throws {
        let description = try PanelDescription.parse(Self.yaml, file: "long.yml", fileExists: { _ in true })
        let logical = Size(width: 800, height: 480)
        let screen = rotation.logicalSize(forScreen: logical)
        // At rotation 0 a headless screen is the frame itself; it must copy to test the copy.
        let display = HeadlessDisplay(size: screen, keepsCopy: true)
        let session = try PanelSession(description: description, rotation: rotation, display: display,
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(),
                                       now: 0, log: Log(write: { _ in }))
        try session.renderFullFrame(at: 0)
        let painter = try PanelPainter(description: description, fonts: FontCache())
        let viewport = session.model.layout.viewport

        var now = 0.0, y = 400.0
        func touch(_ phase: TouchPhase) {
            session.handle(TouchEvent(phase: phase, slot: 0, position: rotation.toScreen(Point(x: 300, y: y), logical: logical), time: 0),
                           at: now)
        }
        touch(.down)
        try session.renderFrame(at: now)
        for step in 0..<40 {
            now += 1.0 / 60
            y += step < 30 ? -7 : 9
            touch(.motion)
            try session.renderFrame(at: now)
            if step > 0 {
                #expect(session.lastFramePixels < viewport.area / 8, "frame \(step) repainted \(session.lastFramePixels) px")
            }
            let full = PixelBuffer(size: logical)
            painter.draw(session.model, at: now, into: full, clip: full.bounds)
            let turned = PixelBuffer(size: screen)
            turned.copyRotated(from: full, rect: full.bounds, rotation: rotation)
            guard memcmp(turned.pixels.baseAddress!, display.screen.pixels.baseAddress!, turned.pixels.count * 4) == 0 else {
                Issue.record("frame \(step) at offset \(session.model.scrollOffset(at: now)): the screen differs from a full frame")
                return
            }
        }
        #expect(session.model.scrollOffset(at: now) > 100)
    }
}
