import Testing
import PanelUI
@testable import panel

/// `theme: auto` on a running service, on the manual clock with an injected local time: the
/// panel starts in the theme of the hour, arms one timer at the window's next edge and no
/// other, and switches there with a full repaint and a log line.
struct ThemeAutoTests {
    let folder = TemporaryFolder()

    typealias LocalClock = ManualService.LocalClock

    static let yaml = """
    title: Bedroom
    theme: {base: auto, dark_from: "20:00", dark_until: "07:00"}
    sections:
      - controls:
          - {id: lamp, kind: switch, label: Lamp}
    """

    func service(at local: LocalClock) throws -> (PanelService, EventLoop, HeadlessDisplay, LogLines) {
        let description = try PanelDescription.parse(Self.yaml, file: "bedroom.yml", fileExists: { _ in true })
        let running = try ManualService(description, state: folder.file("state.json"), local: local)
        return (running.service, running.loop, running.display, running.lines)
    }

    /// The page's colour at the panel's bottom left, below the list.
    func page(_ display: HeadlessDisplay) -> UInt32 {
        display.screen[4, 470] & 0xFFFFFF
    }

    @Test func switchesAtTheWindowsEdgesOnly() throws {
        let hour = 3600.0
        let local = LocalClock(19 * hour)
        let (service, loop, display, lines) = try service(at: local)
        let session = service.keeper.session
        #expect(page(display) == Theme.light.background.xrgb)
        #expect(loop.nextDeadline == 1 * hour, "one timer, at 20:00")

        local.secondOfDay += hour - 1
        try loop.advanceTime(by: hour - 1)
        #expect(page(display) == Theme.light.background.xrgb, "still light at 19:59:59")

        local.secondOfDay += 1
        try loop.advanceTime(by: 1)
        #expect(page(display) == Theme.dark.background.xrgb, "dark at 20:00")
        #expect(session.lastFramePixels == 800 * 480, "the switch repaints the whole screen")
        #expect(lines.all.contains { $0.contains("theme: dark until 07:00") }, "\(lines.all)")
        #expect(loop.nextDeadline == hour + 11 * hour, "next look at 07:00")
        #expect(session.model.description.controls[0].switchStyle.tintColor == Theme.dark.switchTint)

        // Woken at the deadline with the clock set back an hour: no switch, the next look an hour on.
        local.secondOfDay = 6 * hour
        try loop.advanceTime(by: 11 * hour)
        #expect(page(display) == Theme.dark.background.xrgb)
        #expect(loop.nextDeadline == 13 * hour, "07:00 is an hour away")

        local.secondOfDay = 7 * hour
        try loop.advanceTime(by: hour)
        #expect(page(display) == Theme.light.background.xrgb, "light again at 07:00")
        #expect(lines.all.contains { $0.contains("theme: light until 20:00") })
    }

    /// A switch at scale 2 draws at scale 2: the frame equals a panel started in the dark theme
    /// (the painter was made anew at scale 1 before, with half-size text).
    @Test func aSwitchKeepsTheScale() throws {
        let description = try PanelDescription.parse(Self.yaml, file: "bedroom.yml", fileExists: { _ in true })
        func session(at local: LocalClock, _ display: HeadlessDisplay, _ name: String) throws -> PanelSession {
            let session = try PanelSession(description: description, rotation: .r0, display: display,
                                           store: StateStore(path: folder.file(name)), fonts: FontCache(), now: 0,
                                           log: Log(write: { _ in }), scale: 2, localSecondOfDay: { local.secondOfDay })
            try session.renderFullFrame(at: 0)
            return session
        }
        let size = Size(width: 1600, height: 960)
        let local = LocalClock(20 * 3600 - 1)
        let switched = HeadlessDisplay(size: size), started = HeadlessDisplay(size: size)
        let first = try session(at: local, switched, "a.json")
        local.secondOfDay += 1
        try first.idle(until: 1)
        _ = try session(at: LocalClock(21 * 3600), started, "b.json")
        var differing = 0
        for y in 0..<size.height {
            for x in 0..<size.width where switched.screen[x, y] != started.screen[x, y] { differing += 1 }
        }
        #expect(page(switched) == Theme.dark.background.xrgb)
        #expect(differing == 0, "\(differing) pixels differ from a panel started dark at scale 2")
    }

    @Test func startsInTheThemeOfTheHour() throws {
        let (_, loop, display, _) = try service(at: LocalClock(23 * 3600))
        #expect(page(display) == Theme.dark.background.xrgb)
        #expect(loop.nextDeadline.map { $0 - 8 * 3600 } == 0, "the next look at 07:00, \(loop.nextDeadline.map { $0 - 8 * 3600 } ?? -1)")
    }
}
