import Testing
import PanelUI
@testable import panel

/// The session between touches and the screen: damage-only repaints, rotation, saving.
struct PanelSessionTests {
    let folder = TemporaryFolder()

    func session(rotation: Rotation = .r0, screen: Size = Size(width: 800, height: 480)) throws -> (PanelSession, HeadlessDisplay) {
        let description = try Commands.loadDescription(nil)
        let display = HeadlessDisplay(size: screen)
        let session = try PanelSession(description: description, rotation: rotation, display: display,
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(),
                                       now: 0, log: Log(write: { _ in }))
        try session.renderFullFrame(at: 0)
        return (session, display)
    }

    func tap(_ session: PanelSession, screen point: Point, at t: Double) throws {
        for phase in [TouchPhase.down, .up] {
            session.handle(TouchEvent(phase: phase, slot: 0, position: point, time: 0), at: t)
            try session.renderFrame(at: t)
        }
    }

    /// A toggle repaints the widget and its pressed halo: neither the row nor the screen.
    @Test func aToggleRepaintsItsWidgetNotItsRow() throws {
        let (session, _) = try session()
        let row = session.model.layout.targets[2]  // hotspot
        session.handle(TouchEvent(phase: .down, slot: 0, position: row.frame.center, time: 0), at: 1)
        try session.renderFrame(at: 1)
        #expect(session.lastFramePixels == row.pressedFrame.area, "halo on")
        session.handle(TouchEvent(phase: .up, slot: 0, position: row.frame.center, time: 0), at: 1.05)
        try session.renderFrame(at: 1.05)
        #expect(session.lastFramePixels == row.pressedFrame.area, "halo off and the new value")
        #expect(row.pressedFrame.area < row.frame.area / 10)
        try session.renderFrame(at: 1.07)
        #expect(session.lastFramePixels == row.controlFrame.area, "animation frames repaint the widget only")
    }

    @Test func nothingChangesNothingRepaints() throws {
        let (session, _) = try session()
        try session.renderFrame(at: 5)
        try session.animate(until: 10)
        #expect(session.lastFramePixels == 800 * 480, "still the first full frame")
        #expect(!session.isAnimating)
    }

    @Test func everyChangeIsSavedAtOnce() throws {
        let (session, _) = try session()
        try tap(session, screen: session.model.layout.targets[0].frame.center, at: 1)
        let saved = try StateDocument.parse(#require(folder.readText("state.json")))
        #expect(saved.value(for: "wifi") == .bool(false))
    }

    /// The screen shows the logical frame turned by the rotation, and a touch at a screen
    /// point reaches the control drawn under that point.
    @Test(arguments: Rotation.allCases)
    func rotationTurnsPixelsAndTouchesAlike(_ rotation: Rotation) throws {
        let screen = rotation == .r90 || rotation == .r270 ? Size(width: 480, height: 800) : Size(width: 800, height: 480)
        let (session, display) = try session(rotation: rotation, screen: screen)
        let logical = session.frame.size
        #expect(logical == Size(width: 800, height: 480))
        for y in stride(from: 0, to: logical.height, by: 7) {
            for x in stride(from: 0, to: logical.width, by: 7) {
                let s = rotation.toScreen(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), logical: logical)
                #expect(display.screen[Int(s.x), Int(s.y)] == session.frame[x, y])
            }
        }
        let wifi = session.model.layout.targets[0]
        try tap(session, screen: rotation.toScreen(wifi.frame.center, logical: logical), at: 1)
        #expect(session.model.values[0] == .bool(false))
    }

    /// Headless at rotation 0 shows the session's frame itself instead of a copy of it: one
    /// full-size buffer, not two. Turned, it keeps pixels of its own; blanked, it shows black.
    @Test func headlessScreenIsTheFrameUnlessTurned() throws {
        let (session, display) = try session()
        #expect(display.screen === session.frame)
        try display.setPower(on: false)
        // The black screen is a fresh buffer: kept alive while its pixels are read (read
        // through a temporary, they were freed first and the test crashed now and then).
        let black = display.screen
        withExtendedLifetime(black) { #expect(black.pixels.allSatisfy { $0 == 0 }) }
        #expect(session.frame.pixels.contains { $0 != 0 }, "blanking leaves the frame alone")
        try display.setPower(on: true)
        #expect(display.screen === session.frame)

        let (turned, turnedDisplay) = try self.session(rotation: .r90, screen: Size(width: 480, height: 800))
        #expect(turnedDisplay.screen !== turned.frame)
        let copying = HeadlessDisplay(size: Size(width: 800, height: 480), keepsCopy: true)
        try copying.present(session.frame, damage: [session.frame.bounds], rotation: .r0)
        #expect(copying.screen !== session.frame)
        #expect(Array(copying.screen.pixels) == Array(session.frame.pixels))
    }
}
