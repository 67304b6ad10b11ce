import Testing
import PanelUI
@testable import panel

/// Whole runs: description → replayed touches → saved state → screenshot.
struct ReplayRunTests {
    let demoTaps = "replay:" + RepositoryFile.path("demo/taps.evemu")

    func savedValues(_ dir: TemporaryFolder) throws -> StateDocument {
        try StateDocument.parse(#require(dir.readText("state.json")))
    }

    @Test func demoReplaySavesWhatTheTapsDid() throws {
        let dir = TemporaryFolder()
        let result = CommandRunner.run(["run", "--input", demoTaps, "--state", dir.file("state.json")])
        #expect(result.status == 0, "\(result.err)")
        let saved = try savedValues(dir)
        #expect(saved.value(for: "wifi") == .bool(false))
        #expect(saved.value(for: "hotspot") == .bool(true))
        #expect(saved.value(for: "bluetooth") == nil || saved.value(for: "bluetooth") == .bool(false), "disabled: untouched")
        #expect(saved.value(for: "mode") == .string("performance"), "the drag off 'eco' selected nothing")
        #expect(result.out.contains("\"performance\""), "the saved state is printed")
    }

    @Test func valuesOfIdsNoLongerDescribedAreKept() throws {
        let dir = TemporaryFolder()
        dir.write(#"{"version": 1, "values": {"retired": 42, "wifi": false}}"#, to: "state.json")
        let result = CommandRunner.run(["run", "--input", demoTaps, "--state", dir.file("state.json")])
        #expect(result.status == 0)
        let saved = try savedValues(dir)
        #expect(saved.value(for: "retired") == .number(42))
        #expect(saved.value(for: "wifi") == .bool(true), "started off, the tap turned it on")
    }

    @Test func corruptStateIsSetAsideAndDefaultsUsed() throws {
        let dir = TemporaryFolder()
        dir.write("{\"version\": 1, \"values\": {\"wifi\": tru", to: "state.json")
        let result = CommandRunner.run(["run", "--input", "none", "--state", dir.file("state.json"),
                                        "--screenshot", dir.file("shot.png")])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("warning"))
        let aside = try #require(dir.entries().first { $0.hasPrefix("state.json.corrupt-") })
        #expect(dir.readText(aside) == "{\"version\": 1, \"values\": {\"wifi\": tru", "nothing lost")
        #expect(try savedValues(dir).value(for: "wifi") == .bool(true), "defaults saved")
    }

    @Test func sameRecordingSameScreenshotBytes() throws {
        let dir = TemporaryFolder()
        for name in ["a", "b"] {
            let result = CommandRunner.run(["run", "--input", demoTaps, "--state", dir.file("\(name).json"),
                                            "--screenshot", dir.file("\(name).png")])
            #expect(result.status == 0)
        }
        let a = try #require(dir.readText("a.png"))
        #expect(!a.isEmpty)
        #expect(a == dir.readText("b.png"))
    }

    @Test func malformedRecordingChangesNothingSaved() {
        let dir = TemporaryFolder()
        let state = #"{"version": 1, "values": {"wifi": false}}"#
        dir.write(state, to: "state.json")
        let bad = dir.write("# EVEMU 1.3\nnot a recording\n", to: "bad.evemu")
        let result = CommandRunner.run(["run", "--input", "replay:" + bad, "--state", dir.file("state.json")])
        #expect(result.status == 2)
        #expect(dir.readText("state.json") == state)
    }
}
