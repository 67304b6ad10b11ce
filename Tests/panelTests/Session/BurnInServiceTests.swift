import Glibc
import PanelUI
import Testing
@testable import panel

/// `burn_in:` on a running service, on the manual clock with an injected local time: one
/// timer, at the next shift; the shift is one full repaint that moves the screen by the orbit's
/// step in the panel's turned coordinates, and touches follow it; the daily colour cycle shows
/// its colours, then the panel, and a touch stops it without changing anything.
struct BurnInServiceTests {
    let folder = TemporaryFolder()

    /// The local time the panel reads, moved by the test (the theme clock's tests use it too).
    typealias LocalClock = ManualService.LocalClock

    static func yaml(_ burnIn: String) -> String {
        """
        title: Hallway
        burn_in: \(burnIn)
        sections:
          - title: Lights
            controls:
              - {id: porch, kind: switch, label: Porch light, default: true}
              - {id: hall, kind: checkbox, label: Hall light}
        """
    }

    typealias Running = ManualService

    func start(_ burnIn: String, rotation: Rotation = .r0, local: LocalClock = LocalClock(12 * 3600),
               blankAfter: Double? = nil) throws -> Running {
        var yaml = Self.yaml(burnIn)
        if let blankAfter { yaml = "blank_after: \(blankAfter)\n" + yaml }
        let description = try PanelDescription.parse(yaml, file: "hall.yml", fileExists: { _ in true })
        return try ManualService(description, rotation: rotation, state: folder.file("state.json"), local: local)
    }

    /// What the screen shows now, kept (the display's buffer changes with the next frame).
    func shot(_ display: HeadlessDisplay) -> [UInt32] {
        let screen = display.screen
        return withExtendedLifetime(screen) { screen.pixels.map { $0 & 0xFFFFFF } }
    }

    /// Screen pixels of `shifted` that are not `rest` moved by the logical `offset` (turned
    /// onto the screen by `rotation`), the uncovered ones being `background`.
    func misplaced(_ rest: [UInt32], _ shifted: [UInt32], offset: ShiftOffset, rotation: Rotation, background: UInt32) -> Int {
        let screen = Size(width: 800, height: 480), logical = rotation.logicalSize(forScreen: screen)
        var wrong = 0
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let q = rotation.toLogical(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), logical: logical)
                let from = rotation.toScreen(Point(x: q.x - Double(offset.dx), y: q.y - Double(offset.dy)), logical: logical)
                let sx = Int(from.x.rounded(.down)), sy = Int(from.y.rounded(.down))
                let inside = sx >= 0 && sy >= 0 && sx < screen.width && sy < screen.height
                if shifted[y * screen.width + x] != (inside ? rest[sy * screen.width + sx] : background) { wrong += 1 }
            }
        }
        return wrong
    }

    func tap(_ r: Running, atLogical p: Point, at t: Double) throws {
        let screen = r.session.rotation.toScreen(p, logical: r.session.frame.size)
        for phase in [TouchPhase.down, .up] {
            try r.session.deliver(TouchEvent(phase: phase, slot: 0, position: screen, time: 0), at: t)
            try r.loop.advanceTime(by: 0)
        }
    }

    @Test(arguments: [Rotation.r0, .r90, .r270])
    func oneTimerAtTheShiftWhichMovesTheScreenAndTouchesWithIt(rotation: Rotation) throws {
        let r = try start("{shift_every: 600, max_shift: 4}", rotation: rotation)
        let session = r.session
        let background = session.model.description.theme.background.xrgb
        let rest = shot(r.display)
        #expect(r.loop.nextDeadline == 600, "one timer, at the first shift")
        #expect(r.lines.all.contains { $0.contains("burn-in: the drawing moves every 600 s within left 4, right 4, up 4, down 4 px") },
                "\(r.lines.all)")
        try r.loop.advanceTime(by: 599)
        #expect(session.lastFrame == 0, "nothing drawn before the shift")
        #expect(shot(r.display) == rest)

        try r.loop.advanceTime(by: 1)
        let offset = BurnInOrbit(room: ShiftRoom(left: 4, right: 4, up: 4, down: 4)).offset(atStep: 1)
        #expect(session.model.shift == offset && offset != .zero)
        #expect(session.lastFrame == 600 && session.lastFramePixels == 800 * 480, "the shift is one full repaint")
        #expect(misplaced(rest, shot(r.display), offset: offset, rotation: rotation, background: background) == 0,
                "the screen is the panel moved by \(offset) in its turned coordinates")
        #expect(r.loop.nextDeadline == 1200, "the next shift, and no timer before it")

        // A tap at the shifted row toggles it and repaints no more than its row: at its edge
        // on the side it moved to, a point no row covered at rest.
        let hall = session.model.layout.targets[1]
        let edge = Point(x: offset.dx > 0 ? Double(hall.frame.maxX) - 0.5 : offset.dx < 0 ? Double(hall.frame.minX) + 0.5 : hall.frame.center.x,
                         y: offset.dy > 0 ? Double(hall.frame.maxY) - 0.5 : offset.dy < 0 ? Double(hall.frame.minY) + 0.5 : hall.frame.center.y)
        #expect(session.model.layout.shifted(to: .zero).targetIndex(at: edge) != 1, "at rest \(edge) is not hall's")
        try tap(r, atLogical: edge, at: 700)
        #expect(session.model.values[1] == .bool(true), "hall toggled")
        #expect(session.lastFramePixels <= hall.frame.area && session.lastFramePixels > 0, "\(session.lastFramePixels) px")
        try r.loop.advanceTime(by: 200)
        #expect(session.model.isAnimating(at: 900) == false)
        #expect(r.loop.nextDeadline == 1200)
    }

    /// An `update` lays the panel out again at the shift it has; a reloaded panel (a session
    /// made later on the same clock) starts at the orbit's step for its time.
    @Test func updatesAndReloadsKeepTheOrbitsPlace() throws {
        let r = try start("{shift_every: 600}")
        try r.loop.advanceTime(by: 600)
        let shifted = r.session.model.layout
        #expect(r.session.model.shift != .zero)
        r.session.update(control: 1, ControlUpdate(label: "Hall lamp"), at: 601)
        #expect(r.session.model.shift == shifted.shift)
        #expect(r.session.model.layout.targets.map(\.frame) == shifted.targets.map(\.frame), "rows stay where they are drawn")
        #expect(r.session.model.layout.targets[1].label == "Hall lamp")

        let description = r.session.model.description
        let reloaded = try PanelSession(description: description, rotation: .r0, display: r.display,
                                        store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0,
                                        log: Log(write: { _ in }), startTime: 1300)
        #expect(reloaded.model.shift == BurnInOrbit(room: ShiftRoom(left: 4, right: 4, up: 4, down: 4)).offset(atStep: 2))
        #expect(reloaded.nextDeadline == 1800)
    }

    /// A finger held over the shift's time: the drawing waits (no timer spins meanwhile) and
    /// moves when it lifts.
    @Test func aShiftWaitsForTheFingerToLift() throws {
        let r = try start("{shift_every: 600}")
        let session = r.session
        let row = session.model.layout.targets[0].frame
        try session.deliver(TouchEvent(phase: .down, slot: 0, position: Point(x: 100, y: row.center.y), time: 0), at: 590)
        try r.loop.advanceTime(by: 590)
        try r.loop.advanceTime(by: 20)
        #expect(session.model.shift == .zero, "not under a finger")
        #expect(r.loop.nextDeadline.map { $0 > 610 } ?? true, "no deadline already past: \(r.loop.nextDeadline ?? -1)")
        try session.deliver(TouchEvent(phase: .cancel, slot: 0, position: Point(x: 100, y: row.center.y), time: 0), at: 611)
        try r.loop.advanceTime(by: 1)
        #expect(session.model.shift != .zero, "moved at the wake-up after the finger lifted")
        #expect(r.loop.nextDeadline == 1200)
    }

    @Test func theColourCycleShowsItsColoursThenThePanelOnce() throws {
        let local = LocalClock(3 * 3600 - 120)  // 02:58
        let r = try start("{max_shift: 0, exercise_at: \"03:00\"}", local: local)
        let rest = shot(r.display)
        #expect(r.loop.nextDeadline == 120, "max_shift 0: no shift timer; one at 03:00")
        local.secondOfDay += 120
        try r.loop.advanceTime(by: 120)
        for colour in BurnInExercise.colours {
            #expect(Set(shot(r.display)) == [colour.xrgb], "the whole screen \(colour)")
            #expect(r.loop.nextDeadline == r.loop.clock.now + 1)
            local.secondOfDay += 1
            try r.loop.advanceTime(by: 1)
        }
        #expect(shot(r.display) == rest, "the panel again")
        #expect(r.lines.all.filter { $0.contains("burn-in: colour cycle") }.count == 1)
        #expect(r.loop.nextDeadline.map { $0 - (125 + 24 * 3600 - 5) } == 0, "tomorrow at 03:00")
    }

    /// A tap during the cycle stops it and changes nothing: no value, no save; the next tap works.
    @Test func aTouchStopsTheCycleAndTogglesNothing() throws {
        let local = LocalClock(3 * 3600 - 120)
        let r = try start("{max_shift: 0, exercise_at: \"03:00\"}", local: local)
        let session = r.session
        let rest = shot(r.display)
        local.secondOfDay += 120
        try r.loop.advanceTime(by: 120)
        local.secondOfDay += 1
        try r.loop.advanceTime(by: 1)
        #expect(Set(shot(r.display)) == [BurnInExercise.colours[1].xrgb])
        let porch = session.model.layout.targets[0].frame.center
        try tap(r, atLogical: porch, at: 121.5)
        #expect(shot(r.display) == rest, "stopped: the panel at once")
        #expect(session.model.values[0] == .bool(true), "the tap toggled nothing")
        #expect(session.changeCount == 0 && !pathExists(folder.file("state.json")), "nothing changed or saved")
        #expect(r.lines.all.contains { $0.contains("colour cycle stopped by a touch") })
        local.secondOfDay += 10
        try r.loop.advanceTime(by: 10)
        #expect(shot(r.display) == rest, "it does not come back today")
        try tap(r, atLogical: porch, at: 140)
        #expect(session.model.values[0] == .bool(false), "the next tap is the panel's")
    }

    @Test func aBlankedScreenSkipsTheCycle() throws {
        let local = LocalClock(3 * 3600 - 120)
        let r = try start("{max_shift: 0, exercise_at: \"03:00\"}", local: local, blankAfter: 30)
        try r.loop.advanceTime(by: 30)
        #expect(r.session.screen.state == .off)
        local.secondOfDay += 120
        try r.loop.advanceTime(by: 90)
        #expect(Set(shot(r.display)) == [0], "still dark")
        #expect(!r.lines.all.contains { $0.contains("colour cycle (") })
        #expect(r.loop.nextDeadline.map { $0 - (120 + 24 * 3600) } == 0, "tomorrow at 03:00")
    }
}
