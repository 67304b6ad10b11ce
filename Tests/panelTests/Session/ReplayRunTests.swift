import Testing
import PanelUI
@testable import panel

/// Whole runs: description → replayed touches → saved state → screenshot.
struct ReplayRunTests {
    let demoTaps = "replay:" + RepositoryFile.path("demo/taps.evemu")

    func savedValues(_ dir: TemporaryDirectory) throws -> StateDocument {
        try StateDocument.parse(#require(dir.read("state.json")))
    }

    @Test func demoReplaySavesWhatTheTapsDid() throws {
        let dir = TemporaryDirectory()
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
        let dir = TemporaryDirectory()
        dir.write("state.json", #"{"version": 1, "values": {"retired": 42, "wifi": false}}"#)
        let result = CommandRunner.run(["run", "--input", demoTaps, "--state", dir.file("state.json")])
        #expect(result.status == 0)
        let saved = try savedValues(dir)
        #expect(saved.value(for: "retired") == .number(42))
        #expect(saved.value(for: "wifi") == .bool(true), "started off, the tap turned it on")
    }

    @Test func corruptStateIsSetAsideAndDefaultsUsed() throws {
        let dir = TemporaryDirectory()
        dir.write("state.json", "{\"version\": 1, \"values\": {\"wifi\": tru")
        let result = CommandRunner.run(["run", "--input", "none", "--state", dir.file("state.json"),
                                        "--screenshot", dir.file("shot.png")])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("warning"))
        let aside = try #require(dir.list().first { $0.hasPrefix("state.json.corrupt-") })
        #expect(dir.read(aside) == "{\"version\": 1, \"values\": {\"wifi\": tru", "nothing lost")
        #expect(try savedValues(dir).value(for: "wifi") == .bool(true), "defaults saved")
    }

    @Test func sameRecordingSameScreenshotBytes() throws {
        let dir = TemporaryDirectory()
        for name in ["a", "b"] {
            let result = CommandRunner.run(["run", "--input", demoTaps, "--state", dir.file("\(name).json"),
                                            "--screenshot", dir.file("\(name).png")])
            #expect(result.status == 0)
        }
        let a = try #require(dir.read("a.png"))
        #expect(!a.isEmpty)
        #expect(a == dir.read("b.png"))
    }

    @Test func malformedRecordingChangesNothingSaved() {
        let dir = TemporaryDirectory()
        let state = #"{"version": 1, "values": {"wifi": false}}"#
        dir.write("state.json", state)
        let bad = dir.write("bad.evemu", "# EVEMU 1.3\nnot a recording\n")
        let result = CommandRunner.run(["run", "--input", "replay:" + bad, "--state", dir.file("state.json")])
        #expect(result.status == 2)
        #expect(dir.read("state.json") == state)
    }
}
