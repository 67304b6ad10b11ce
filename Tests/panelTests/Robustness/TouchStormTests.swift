import Glibc
import PanelUI
import Testing
@testable import panel

/// Ten fingers tapping their own rows, 1000 touch events a second for 10 s, through the replay
/// path (evemu text → reader → decoder → session → renderer → screen → state file): every event
/// is decoded and delivered, the values end exactly where the counted taps put them, and the
/// program's memory stays flat while it runs.
struct TouchStormTests {
    static let fingers = 10
    static let eventsPerSecond = 1000
    static let seconds = 10
    /// Narrow, so a debug build draws the 10000 frames quickly; all ten rows fit.
    static let screen = Size(width: 400, height: 720)

    static let yaml = "title: Storm\ntheme: {row_height: 56}\nsections:\n  - controls:\n"
        + (0..<fingers).map { "      - {id: row\($0), kind: \($0 % 2 == 0 ? "checkbox" : "switch"), label: Row \($0)}" }.joined(separator: "\n")

    @Test func tenFingersForTenSeconds() throws {
        let folder = TemporaryFolder()
        let description = try PanelDescription.parse(Self.yaml, file: "storm.yaml", fileExists: { _ in true })
        let layout = PanelLayout(description: description, logicalSize: Self.screen)
        let (recording, expected) = try Self.storm(layout: layout)
        let path = folder.write(recording.text, to: "storm.evemu")

        let replay = try Replay(path: path, screen: Self.screen)
        let touches = replay.touches.filter { $0.touch.phase != .frame }
        #expect(touches.count == Self.eventsPerSecond * Self.seconds, "every recorded event decoded")

        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Self.screen),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0,
                                       log: Log(write: { _ in }))
        try session.renderFullFrame(at: 0)
        var delivered = 0
        for timed in replay.touches {
            try session.animate(until: timed.seconds)
            try session.deliver(timed.touch, at: timed.seconds)
            if timed.touch.phase == .frame {
                try session.renderFrame(at: timed.seconds)
            } else {
                delivered += 1
            }
        }
        try session.finishAnimations()

        #expect(delivered == touches.count)
        #expect(session.changeCount == expected.changes)
        #expect(session.model.values == expected.values)
        #expect(try StateDocument.parse(readFile(folder.file("state.json"))) == session.savedDocument)
    }

    /// The same storm through the built program, watched from outside (the test process's own
    /// memory moves with every other test running beside it): once the first third of the run
    /// has warmed every cache, resident memory must not creep up (it may fall).
    @Test func theProgramsMemoryStaysFlat() throws {
        let folder = TemporaryFolder()
        let config = folder.write(Self.yaml, to: "storm.yaml")
        let description = try PanelDescription.parse(Self.yaml, file: "storm.yaml", fileExists: { _ in true })
        let (recording, _) = try Self.storm(layout: PanelLayout(description: description, logicalSize: Self.screen))
        let path = folder.write(recording.text, to: "storm.evemu")
        let child = ChildPanel(["run", "--config", config, "--display", "headless:\(Self.screen.width)x\(Self.screen.height)",
                                "--input", "replay:\(path)", "--state", folder.file("state.json")])
        var residentKB: [Int] = []
        while let kilobytes = Self.residentKilobytes(pid: child.pid) {
            residentKB.append(kilobytes)
            usleep(20_000)
        }
        #expect(child.wait() == 0)
        #expect(residentKB.count >= 30, "sampled through the run: \(residentKB)")
        // Growth only: the last samples fall as the exiting program frees its buffers.
        let settled = residentKB[(residentKB.count / 3)...]
        #expect(settled.max()! - settled.first! < 1024, "RSS in kB every 20 ms: \(residentKB)")
    }

    /// Round-robin, one event per millisecond: each finger taps its row's label with a little
    /// jitter (down, three moves, up), and every fifth gesture drags off the row before lifting,
    /// which must change nothing. Returns the recording, the final values and the change count.
    static func storm(layout: PanelLayout) throws -> (SyntheticRecording, (values: [ControlValue], changes: Int)) {
        var recording = try SyntheticRecording()
        var step = [Int](repeating: 0, count: fingers)
        var gesture = [Int](repeating: 0, count: fingers)
        var on = [Bool](repeating: false, count: fingers)
        var changes = 0
        for tick in 0..<(eventsPerSecond * seconds) {
            let finger = tick % fingers
            let time = Double(tick) / Double(eventsPerSecond)
            let centre = layout.targets[finger].frame.center
            let jitter = Double(step[finger] % 3) - 1
            let dragsOff = gesture[finger] % 5 == 4
            // A drag off goes 100 px below the row: outside it by more than the tracking margin.
            let offset = dragsOff && step[finger] >= 2 ? 100.0 : 0
            let point = SyntheticRecording.device(Point(x: centre.x + jitter, y: centre.y + jitter + offset), screen: screen)
            switch step[finger] {
            case 0: recording.touchDown(slot: finger, at: point, time: time)
            case 4:
                recording.touchUp(slot: finger, time: time)
                if !dragsOff { on[finger].toggle(); changes += 1 }
                gesture[finger] += 1
            default: recording.touchMove(slot: finger, to: point, time: time)
            }
            step[finger] = (step[finger] + 1) % 5
        }
        return (recording, (on.map { .bool($0) }, changes))
    }

    /// VmRSS of a running process; nil once it has exited (a zombie has no VmRSS line).
    static func residentKilobytes(pid: pid_t) -> Int? {
        guard let status = try? readFile("/proc/\(pid)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.filter(\.isNumber))
    }
}
