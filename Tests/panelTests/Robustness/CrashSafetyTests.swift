import Glibc
import PanelUI
import Testing
@testable import panel

/// SIGKILL at random moments while the panel saves a stream of changes (a replay of many
/// taps, each saved with write, fsync, rename): afterwards the state file always parses and
/// is one of the documents the run saves along the way (every value old or new, never
/// garbage), and temporary files never pile up.
struct CrashSafetyTests {
    static let runs = 200
    /// Small, so that a debug build replays quickly and 200 runs take seconds.
    static let screen = Size(width: 400, height: 600)

    @Test func killedSavesLeaveAWholeStateFile() throws {
        let folder = TemporaryFolder()
        let recording = try folder.write(Self.taps(count: 24).text, to: "taps.evemu")
        let state = folder.file("state.json")
        let arguments = ["run", "--display", "headless:\(Self.screen.width)x\(Self.screen.height)", "--input", "replay:\(recording)", "--state", state]
        let initial = try Self.initialDocument()
        folder.write(initial.serialized(), to: "state.json")

        // Whole runs: every document one saves on the way, and how long the quickest takes (a
        // first run pays for cold caches; kills must land inside the runs that follow).
        var duration = Double.infinity
        for _ in 0..<3 {
            folder.write(initial.serialized(), to: "state.json")
            let start = monotonicSeconds()
            let reference = ChildPanel(arguments, log: folder.file("reference.log"))
            #expect(reference.wait() == 0)
            duration = min(duration, monotonicSeconds() - start)
        }
        let valid = try Self.savedDocuments(from: initial, log: #require(folder.readText("reference.log")))
        #expect(valid.count > 20, "the replay changes values")

        srand48(0xC0FFEE)  // the same kill moments every run
        var outcomes: [String: Int] = [:]
        for run in 0..<Self.runs {
            folder.write(initial.serialized(), to: "state.json")
            let child = ChildPanel(arguments)
            // Before the end; a run that finishes all the same must leave a whole file too.
            usleep(UInt32(drand48() * duration * 0.9 * 1_000_000))
            child.kill()
            let status = child.wait()
            outcomes[status == 128 + SIGKILL ? "killed" : "finished", default: 0] += 1

            let text = try #require(folder.readText("state.json"), "run \(run): no state file")
            let document = try StateDocument.parse(text)
            #expect(valid.contains(document), "run \(run): a document the run never saved:\n\(text)")
            let others = folder.entries().filter { !["state.json", "taps.evemu", "reference.log", ".state.json.lock"].contains($0) }
            // A run killed before its start cleared the last run's temporary file leaves that one.
            #expect(others.count <= 1 && others.allSatisfy { $0.hasPrefix(".state.json.tmp-") }, "run \(run): \(others)")
        }
        // Most kills land mid-run; a loaded machine may let some runs finish first.
        #expect(outcomes["killed", default: 0] > Self.runs / 4, "\(outcomes)")
        // The next start clears what the last kill left.
        #expect(ChildPanel(["run", "--display", "headless:800x480", "--input", "none", "--state", state, "--screenshot",
                            folder.file("shot.png")]).wait() == 0)
        #expect(folder.entries().filter { $0.hasPrefix(".") } == [".state.json.lock"], "the lock file stays, no temporary file")
    }

    /// Taps cycling over the demo panel's enabled rows, 60 ms apart (all of them on screen).
    static func taps(count: Int) throws -> SyntheticRecording {
        let description = try PanelDescription.parse(DemoPanel.yaml, file: DemoPanel.fileName, fileExists: { _ in true })
        let layout = PanelLayout(description: description, logicalSize: Self.screen)
        let rows = layout.targets.filter { row in
            guard case .control(let index, _) = row.kind else { return false }
            return description.controls[index].enabled
        }
        var recording = try SyntheticRecording()
        for i in 0..<count {
            let point = SyntheticRecording.device(rows[i % rows.count].frame.center, screen: Self.screen)
            recording.touchDown(slot: 0, at: point, time: Double(i) * 0.06)
            recording.touchUp(slot: 0, time: Double(i) * 0.06 + 0.03)
        }
        return recording
    }

    static func initialDocument() throws -> StateDocument {
        let description = try PanelDescription.parse(DemoPanel.yaml, file: DemoPanel.fileName, fileExists: { _ in true })
        var document = StateDocument()
        for control in description.controls { document.set(control.id, control.defaultValue.json) }
        return document
    }

    /// The start document and the one after each change the log reports.
    static func savedDocuments(from initial: StateDocument, log: String) throws -> [StateDocument] {
        var documents = [initial], current = initial
        for line in log.split(separator: "\n") where line.hasPrefix("panel: ") && line.contains(" = ") {
            // `panel: ID = VALUE (SOURCE)`
            let parts = line.dropFirst("panel: ".count).split(separator: " = ", maxSplits: 1)
            let value = parts[1].split(separator: " (", maxSplits: 1)[0]
            current.set(String(parts[0]), try JSONValue.parse(String(value)))
            documents.append(current)
        }
        return documents
    }
}

func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
