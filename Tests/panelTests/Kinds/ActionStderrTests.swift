import Glibc
import PanelUI
import Testing
@testable import panel

/// What an action writes to stderr: the failure's reason (log, socket, sheet) ends with its
/// last line, and the pipe stays open for what the action left running in the background.
struct ActionStderrTests {
    let folder = TemporaryFolder()
    /// What the actions write goes here, not into the test's output.
    let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)

    func panel(exec: [String], timeout: Double = 5) throws -> (ValueKeeper, EventLoop) {
        let argv = "[" + exec.map { JSONValue.string($0).serialized() }.joined(separator: ", ") + "]"
        let yaml = "sections:\n  - controls:\n      - {id: wifi, kind: switch, action: {exec: \(argv), timeout: \(timeout)}}\n"
        let description = try PanelDescription.parse(yaml, file: "t.yml", fileExists: { _ in true })
        let log = Log(write: { _ in })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: log)
        try session.renderFullFrame(at: 0)
        let loop = try EventLoop(clock: MonotonicClock())
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: ["PATH": "/usr/bin:/bin"], stderr: ErrorStream(fd: devNull)),
                                 log: log, now: { loop.clock.now })
        return (keeper, loop)
    }

    func settle(_ keeper: ValueKeeper, _ loop: EventLoop, until more: () -> Bool = { true }) throws {
        let deadline = loop.clock.now + 10
        // A timer, so a loop with nothing else to wake it still ends at the deadline.
        let wake = loop.schedule(at: deadline) {}
        defer { loop.cancel(wake) }
        try loop.run(until: { (keeper.actions.isIdle && more()) || loop.clock.now > deadline })
    }

    @Test func theReasonEndsWithTheLastStderrLine() throws {
        let (keeper, loop) = try panel(exec: ["/bin/sh", "-c", "echo one >&2; printf '  last\\tline  \\n\\n' >&2; echo out; exit 4"])
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(keeper, loop)
        #expect(keeper.session.model.failureReasons[0] == "exited with status 4 (stderr: lastline)")
    }

    @Test func aTimeoutSaysSoWithItsLastLine() throws {
        let (keeper, loop) = try panel(exec: ["/bin/sh", "-c", "echo waiting for the bus >&2; exec sleep 30"], timeout: 0.2)
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(keeper, loop)
        #expect(keeper.session.model.failureReasons[0] == "timed out after 0.2 s (stderr: waiting for the bus)")
    }

    /// A line longer than anyone reads is cut; a flood of stderr neither blocks the action nor
    /// grows the panel: only the last line is kept.
    @Test func floodsAndLongLinesAreBounded() throws {
        let (keeper, loop) = try panel(exec: ["/bin/sh", "-c", "head -c 3000000 /dev/zero | tr '\\0' x >&2; echo >&2; echo end >&2; exit 1"])
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(keeper, loop)
        #expect(keeper.session.model.failureReasons[0] == "exited with status 1 (stderr: end)")
        let (long, longLoop) = try panel(exec: ["/bin/sh", "-c", "head -c 5000 /dev/zero | tr '\\0' y >&2; exit 1"])
        long.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(long, longLoop)
        let reason = try #require(long.session.model.failureReasons[0])
        #expect(reason.count < 250 && reason.hasSuffix("…)"), "\(reason)")
    }

    /// A program the action started in the background writes to the action's stderr after the
    /// action exited: it is not killed by SIGPIPE (the pipe stays open until it closes it).
    @Test func aBackgroundWriterOutlivesItsAction() throws {
        let mark = folder.file("survived")
        let (keeper, loop) = try panel(exec: ["/bin/sh", "-c", "(sleep 0.3; echo later >&2; touch \(mark)) & exit 0"])
        keeper.session.setValue(.bool(true), ofControl: 0, source: .socket, at: 0)
        try settle(keeper, loop, until: { access(mark, F_OK) == 0 })
        #expect(access(mark, F_OK) == 0, "the background writer was killed")
    }
}
