import Glibc
import Testing
import PanelUI
@testable import panel

/// Subscribers on a real control socket hear each idle stage: dimmed, off, active.
struct IdleSocketTests {
    let folder = TemporaryFolder()
    let sysfs = FakeSysfs()

    @Test func subscribersHearTheIdleStages() throws {
        let yaml = "idle: {dim_after: 60, off_after: 300}\nsections: [{controls: [{id: wifi, kind: switch}]}]\n"
        let description = try PanelDescription.parse(yaml, file: folder.file("panel.yml"), fileExists: { _ in false })
        let log = Log(write: { _ in })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: log,
                                       backlight: try BacklightDevice(folder: sysfs.addBacklight("bl")))
        try session.renderFullFrame(at: 0)
        let loop = try EventLoop(clock: MonotonicClock())
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: [:]), log: log, now: { 0 })
        let server = try ControlServer(path: folder.file("panel.sock"), loop: loop, log: log)
        let service = try PanelService(loop: loop, keeper: keeper, log: log, notifier: ServiceNotifier(environment: [:])) { session }
        service.attach(control: server)
        let watcher = try ControlSocketTests.Client(folder.file("panel.sock"))
        watcher.send(#"{"cmd":"subscribe"}"# + "\n")
        var lines: [String] = []
        func serve(until count: Int) throws {
            let deadline = loop.clock.now + 10
            while lines.count < count, loop.clock.now < deadline {
                try loop.runOnce(timeout: 0.01)
                lines += watcher.lines()
            }
        }
        try serve(until: 1)
        // The panel's own clock is the manual one here: time passes as idle(until:) says.
        try session.idle(until: 1000)
        let wifi = session.model.layout.targets[0].frame.center
        try session.deliver(TouchEvent(phase: .down, slot: 0, position: wifi, time: 0), at: 1001)
        try session.deliver(TouchEvent(phase: .up, slot: 0, position: wifi, time: 0), at: 1001.1)
        try serve(until: 4)
        #expect(lines == [#"{"ok":true,"subscribed":true}"#, #"{"event":"idle","state":"dimmed"}"#,
                          #"{"event":"idle","state":"off"}"#, #"{"event":"idle","state":"active"}"#])
        #expect(session.model.values[0] == .bool(false), "the waking tap changed nothing, so no 'changed' line either")
        withExtendedLifetime(service) {}
    }
}
