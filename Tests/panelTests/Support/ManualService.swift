import PanelUI
@testable import panel

/// A running panel service on the manual clock, headless at 800x480, with its log kept and,
/// when given, a local time the test moves: what the service tests drive timer by timer.
struct ManualService {
    let service: PanelService
    let loop: EventLoop
    let display: HeadlessDisplay
    let lines: LogLines
    var session: PanelSession { service.keeper.session }
    var keeper: ValueKeeper { service.keeper }

    /// The local time the panel reads, moved by the test.
    final class LocalClock: @unchecked Sendable {
        var secondOfDay: Double
        init(_ secondOfDay: Double) { self.secondOfDay = secondOfDay }
    }

    /// The panel drawn whole at 0, the loop advanced by nothing so the service's timers are armed.
    /// `environment` is what actions run with; `local`, when given, is the local time of day.
    init(_ description: PanelDescription, rotation: Rotation = .r0, state: String, local: LocalClock? = nil,
         environment: [String: String] = [:]) throws {
        let lines = LogLines()
        let log = Log(write: { [lines] in lines.append($0) })
        let display = HeadlessDisplay(size: Size(width: 800, height: 480))
        let session = try PanelSession(description: description, rotation: rotation, display: display,
                                       store: StateStore(path: state), fonts: FontCache(), now: 0, log: log,
                                       localSecondOfDay: local.map { clock in { clock.secondOfDay } } ?? LocalTime.secondOfDay)
        try session.renderFullFrame(at: 0)
        let loop = try EventLoop(clock: ManualClock())
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: environment), log: log,
                                 now: { loop.clock.now })
        service = try PanelService(loop: loop, keeper: keeper, log: log, notifier: ServiceNotifier(environment: [:])) { session }
        try loop.advanceTime(by: 0)
        self.loop = loop
        self.display = display
        self.lines = lines
    }
}
