import Testing
import PanelUI
@testable import panel

/// The idle stages, the bound slider and the night cap in a session on a manual clock, with
/// the backlight a sysfs-like folder.
struct IdleSessionTests {
    let folder = TemporaryFolder()
    let sysfs = FakeSysfs()
    let yaml = """
    idle: {dim_after: 60, dim_to: 20%, off_after: 300}
    night: {from: "22:00", until: "06:30", brightness: 10%}
    sections:
      - controls:
          - {id: wifi, kind: switch}
          - {id: light, kind: slider, unit: "%", default: 80, bind: backlight}

    """

    final class Lines { var all: [String] = [] }

    func session(_ yaml: String, backlight: BacklightDevice?, lines: Lines, display: HeadlessDisplay,
                 local: @escaping () -> Double = { 12 * 3600 }) throws -> PanelSession {
        let description = try PanelDescription.parse(yaml, file: folder.file("panel.yaml"), fileExists: { _ in false })
        let session = try PanelSession(description: description, rotation: .r0, display: display,
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0,
                                       log: Log(write: { lines.all.append($0) }), backlight: backlight, localSecondOfDay: local)
        try session.renderFullFrame(at: 0)
        return session
    }

    func touch(_ session: PanelSession, _ phase: TouchPhase, target: Int, at t: Double) throws {
        let point = session.model.layout.targets[target].frame.center
        try session.deliver(TouchEvent(phase: phase, slot: 0, position: point, time: 0), at: t)
        try session.deliver(TouchEvent(phase: .frame, slot: 0, position: point, time: 0), at: t)
        try session.renderFrame(at: t)
    }

    @Test func activeDimsWithAFadeGoesOffAndTheWakingTouchTogglesNothing() throws {
        let bl = sysfs.addBacklight("bl", max: 255, brightness: 200)
        folder.write(#"{"version": 1, "values": {"wifi": false, "light": 40}}"#, to: "state.json")
        let lines = Lines(), display = HeadlessDisplay(size: Size(width: 800, height: 480))
        let dayOnly = yaml.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("night:") }.joined(separator: "\n")
        let session = try session(dayOnly, backlight: try BacklightDevice(folder: bl), lines: lines, display: display)
        #expect(sysfs.read(bl, "brightness") == "102", "the saved 40 % applied at start")
        var states: [IdleState] = []
        session.onIdleChange = { states.append($0) }

        try touch(session, .down, target: 0, at: 1)
        try touch(session, .up, target: 0, at: 1.1)
        try session.finishAnimations()
        #expect(session.model.values[0] == .bool(true))
        let saved = try #require(folder.readText("state.json"))

        var levels: [Int] = []
        var wakeUps = 0
        while let due = session.nextDeadline, due < 10_000 {
            try session.idle(until: due)
            wakeUps += 1
            if let level = Int(sysfs.read(bl, "brightness") ?? ""), levels.last != level { levels.append(level) }
            #expect(wakeUps < 100)
            if wakeUps >= 100 { break }
        }
        #expect(states == [.dimmed, .off])
        #expect(levels.first == 102 && levels.last == 51, "faded from 40 % to dim_to 20 %: \(levels)")
        #expect(levels.count >= 10, "a fade, not a jump: \(levels)")
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $1 < $0 })
        #expect(wakeUps <= 17, "the fade's 15 steps, the dim and the off: \(wakeUps)")
        #expect(sysfs.read(bl, "bl_power") == "4")
        #expect(session.nextDeadline == nil, "nothing is due while off: no timer")
        #expect(display.isOn, "with a backlight, DPMS is left alone")

        try touch(session, .down, target: 0, at: 5000)
        #expect(states == [.dimmed, .off, .active])
        #expect(sysfs.read(bl, "bl_power") == "0")
        #expect(sysfs.read(bl, "brightness") == "102", "back at the setting")
        try touch(session, .up, target: 0, at: 5000.1)
        try session.finishAnimations()
        #expect(session.model.values[0] == .bool(true), "the waking tap toggled nothing")
        #expect(folder.readText("state.json") == saved, "the state file is unchanged")
        #expect(lines.all.contains("panel: idle: dimmed to 20% after 60 s without a touch"))
        #expect(lines.all.contains("panel: idle: off after 300 s without a touch (backlight)"))
        #expect(session.nextDeadline == 5000.1 + 60)
    }

    @Test func theSliderSetsTheBacklightNeverBelowMinBrightnessAndTheNightCapsIt() throws {
        let bl = sysfs.addBacklight("bl", max: 255, brightness: 10)
        var local = 21 * 3600 + 59 * 60.0
        let lines = Lines(), display = HeadlessDisplay(size: Size(width: 800, height: 480))
        let nightOnly = String(yaml.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n"))
        let session = try session(nightOnly, backlight: try BacklightDevice(folder: bl), lines: lines, display: display, local: { local })
        #expect(sysfs.read(bl, "brightness") == "204", "the default 80 %")
        session.setValue(.number(0), ofControl: 1, source: .socket, at: 1)
        #expect(sysfs.read(bl, "brightness") == "13", "0 % is min_brightness 5 %, not dark")
        session.setValue(.number(80), ofControl: 1, source: .socket, at: 2)
        #expect(sysfs.read(bl, "brightness") == "204")
        #expect(session.nextDeadline == 60, "the night's start")
        local += 60
        try session.idle(until: 60)
        #expect(sysfs.read(bl, "brightness") == "26", "capped at 10 % at night")
        #expect(lines.all.contains("panel: night: brightness at most 10% until 06:30"))
        session.setValue(.number(5), ofControl: 1, source: .socket, at: 61)
        #expect(sysfs.read(bl, "brightness") == "13", "below the cap the setting shows")
        session.setValue(.number(60), ofControl: 1, source: .socket, at: 62)
        #expect(sysfs.read(bl, "brightness") == "26")
        let morning = 8.5 * 3600 + 60
        #expect(session.nextDeadline == morning)
        local = 6.5 * 3600
        try session.idle(until: morning)
        #expect(sysfs.read(bl, "brightness") == "153", "60 % after the night")
    }

    @Test func withoutABacklightDimIsSkippedAndOffIsTheDisplays() throws {
        let lines = Lines(), display = HeadlessDisplay(size: Size(width: 800, height: 480))
        let session = try session(yaml, backlight: nil, lines: lines, display: display)
        var states: [IdleState] = []
        session.onIdleChange = { states.append($0) }
        #expect(lines.all.contains("panel: idle: no backlight device, so 'dim_after' is skipped; the screen goes off with DPMS or a black frame"))
        #expect(session.nextDeadline == 300)
        try session.idle(until: 300)
        #expect(states == [.off] && !display.isOn)
        try touch(session, .down, target: 0, at: 400)
        #expect(states == [.off, .active] && display.isOn)
        try touch(session, .up, target: 0, at: 400.1)
        #expect(session.model.values[0] == .bool(false))
    }
}
