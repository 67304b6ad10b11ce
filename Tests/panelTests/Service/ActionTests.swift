import Glibc
import PanelUI
import Testing
@testable import panel

/// Actions with real child processes: success saves, failure and timeout revert and mark
/// the row, one at a time per control in order, never waiting in the caller.
struct ActionTests {
    let folder = TemporaryFolder()

    /// A session on a headless screen whose `wifi` switch runs `exec`, with a keeper on a real loop.
    func panel(exec: [String], timeout: Double = 5, options: [String]? = nil) throws -> (ValueKeeper, EventLoop, LogLines) {
        let action = "action: {exec: \(jsonList(exec)), timeout: \(timeout)}"
        let first = options.map { "{id: wifi, kind: radio, options: \(jsonList($0)), default: \($0[0]), \(action)}" }
            ?? "{id: wifi, kind: switch, default: false, \(action)}"
        let yaml = """
        sections:
          - controls:
              - \(first)
              - {id: plain, kind: checkbox}
        """
        let description = try PanelDescription.parse(yaml, file: "t.yml", fileExists: { _ in true })
        let lines = LogLines()
        let log = Log(write: { lines.append($0) })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: log)
        try session.renderFullFrame(at: 0)
        let loop = try EventLoop(clock: MonotonicClock())
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: ["PATH": "/usr/bin:/bin"]),
                                 log: log, now: { loop.clock.now })
        return (keeper, loop, lines)
    }

    func jsonList(_ items: [String]) -> String {
        "[" + items.map { JSONValue.string($0).serialized() }.joined(separator: ", ") + "]"
    }

    func saved(_ id: String) -> JSONValue? {
        folder.readText("state.json").flatMap { try? StateDocument.parse($0) }?.value(for: id)
    }

    func settle(_ keeper: ValueKeeper, _ loop: EventLoop, within seconds: Double = 5) throws {
        let deadline = loop.clock.now + seconds
        try loop.run(until: { keeper.actions.isIdle || loop.clock.now > deadline })
        #expect(keeper.actions.isIdle, "actions still running after \(seconds) s")
    }

    @Test func successSavesTheValue() throws {
        let (keeper, loop, _) = try panel(exec: ["/bin/true"])
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        #expect(saved("wifi") == nil, "not saved before the action accepted it")
        try settle(keeper, loop)
        #expect(saved("wifi") == .bool(true))
        #expect(keeper.session.model.values[0] == .bool(true))
        #expect(keeper.session.model.failedControls.isEmpty)
    }

    @Test func failureRevertsMarksAndLogs() throws {
        let (keeper, loop, lines) = try panel(exec: ["/bin/false"])
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(keeper, loop)
        #expect(keeper.session.model.values[0] == .bool(false), "back to the accepted value")
        #expect(keeper.session.model.failedControls == [0])
        #expect(saved("wifi") != .bool(true))
        #expect(lines.all.contains("panel: error: action for wifi = true failed: exited with status 1; back to false"))
        // The next change clears the mark.
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: loop.clock.now)
        #expect(keeper.session.model.failedControls.isEmpty)
    }

    @Test func timeoutStopsTheChildAndReverts() throws {
        let (keeper, loop, lines) = try panel(exec: ["/bin/sleep", "30"], timeout: 0.2)
        let start = loop.clock.now
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(keeper, loop)
        #expect(loop.clock.now - start < 2, "SIGTERM ends sleep at once")
        #expect(keeper.session.model.values[0] == .bool(false))
        #expect(keeper.session.model.failedControls == [0])
        #expect(lines.all.contains { $0.contains("failed: timed out after 0.2 s") })
    }

    @Test func argumentsAndEnvironmentCarryIDAndValue() throws {
        let out = folder.file("out")
        let (keeper, loop, _) = try panel(exec: ["/bin/sh", "-c", "echo \"$1 $2 $PANEL_ID $PANEL_VALUE\" >> \(out)", "sh", "{id}", "{value}"])
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(keeper, loop)
        #expect(folder.readText("out") == "wifi true wifi true\n")
    }

    /// A change made while the control's action runs waits for it; a failure with a newer
    /// change pending doesn't revert in between (the newer action decides), and one with
    /// nothing pending goes back to the last accepted value.
    @Test func aPendingChangeDecidesAfterTheRunningOne() throws {
        let out = folder.file("order")
        let (keeper, loop, _) = try panel(exec: ["/bin/sh", "-c", "sleep 0.05; echo $PANEL_VALUE >> \(out); [ $PANEL_VALUE = false ]"])
        let returned = loop.clock.now
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        keeper.session.setValue(.bool(false), ofControl: 0, source: .socket, at: 0)
        #expect(loop.clock.now - returned < 0.05, "setting values never waits for children")
        try settle(keeper, loop)
        #expect(folder.readText("order") == "true\nfalse\n")
        #expect(keeper.session.model.values[0] == .bool(false))
        #expect(saved("wifi") == .bool(false))
        #expect(keeper.session.model.failedControls.isEmpty, "the failure was overtaken, not shown")
        // Both of these fail (false in between is superseded): back to the accepted false.
        for value in [true, false, true] { keeper.session.setValue(.bool(value), ofControl: 0, source: .socket, at: loop.clock.now) }
        try settle(keeper, loop)
        #expect(folder.readText("order") == "true\nfalse\ntrue\ntrue\n")
        #expect(keeper.session.model.values[0] == .bool(false))
        #expect(keeper.session.model.failedControls == [0])
    }

    /// Issue 11: 5,000 sets of a control ran its slow action 5,000 times. Changes made while
    /// it runs coalesce: 100 of them run the action twice, for the first and the last value,
    /// the 98 in between are reported superseded, and the control ends at the last value.
    @Test func changesWhileAnActionRunsCoalesceToTheLatest() throws {
        let out = folder.file("runs")
        let options = (0...100).map { "o\($0)" }
        let (keeper, loop, _) = try panel(exec: ["/bin/sh", "-c", "sleep 0.3; echo $PANEL_VALUE >> \(out)"], options: options)
        var superseded: [(String, String)] = []
        let keep = keeper.actions.finished
        keeper.actions.finished = { job, outcome in
            if case .superseded(let newer) = outcome { superseded.append((job.value.actionText, newer.value.actionText)) }
            keep(job, outcome)
        }
        for option in options.dropFirst() {
            keeper.session.setValue(.option(option), ofControl: 0, source: .socket, at: loop.clock.now)
        }
        #expect(keeper.actions.hasJobs(for: "wifi"))
        try settle(keeper, loop, within: 10)
        #expect(folder.readText("runs") == "o1\no100\n", "first and last value only")
        #expect(superseded.count == 98)
        #expect(superseded.first.map { $0 == ("o2", "o3") } == true && superseded.last.map { $0 == ("o99", "o100") } == true)
        #expect(keeper.session.model.values[0] == .option("o100"))
        #expect(saved("wifi") == .string("o100"))
        #expect(keeper.session.model.failedControls.isEmpty)
    }

    @Test func aControlWithoutActionSavesWithTheFrameShowingIt() throws {
        let (keeper, _, _) = try panel(exec: ["/bin/true"])
        keeper.session.setValue(.bool(true), ofControl: 1, source: .socket, at: 0)
        #expect(saved("plain") == nil, "the frame first: the finger doesn't wait for fsync")
        try keeper.session.renderFrame(at: 0.01)
        #expect(saved("plain") == .bool(true))
        #expect(keeper.actions.isIdle)
    }

    @Test func aMissingProgramFailsLikeAnyAction() throws {
        let (keeper, loop, lines) = try panel(exec: ["/nonexistent/program"])
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(keeper, loop)
        #expect(keeper.session.model.values[0] == .bool(false))
        #expect(lines.all.contains { $0.contains("cannot start /nonexistent/program: no such file or directory") })
    }
}

/// Log lines collected by a test.
final class LogLines: @unchecked Sendable {
    private(set) var all: [String] = []
    func append(_ line: String) { all.append(line) }
}
