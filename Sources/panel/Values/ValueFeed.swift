import PanelUI

/// Feeds value rows from their `source:` commands while a panel holds its screen: each
/// reading is shown like a backend's report (subscribers and MQTT hear it; nothing is saved),
/// a failure shows "—" and the row's badge until a run works again. A reload stops the old
/// sources and starts the new description's.
final class ValueFeed {
    private let keeper: ValueKeeper
    private let loop: EventLoop
    private let log: Log
    private let environment: [String: String]
    private let now: () -> Double
    private var sources: ValueSources?

    init(keeper: ValueKeeper, loop: EventLoop, log: Log, environment: [String: String], now: @escaping () -> Double) {
        self.keeper = keeper
        self.loop = loop
        self.log = log
        self.environment = environment
        self.now = now
        keeper.reloadObservers.append { [unowned self] in restart() }
    }

    deinit { sources?.stop() }

    /// Starts the first run of every source now.
    func start() { restart() }

    func stop() {
        sources?.stop()
        sources = nil
    }

    private func restart() {
        sources?.stop()
        let controls = keeper.session.model.description.controls
        let described = controls.compactMap { control in control.source.map { (id: control.id, source: $0) } }
        guard !described.isEmpty else {
            sources = nil
            return
        }
        let started = ValueSources(described, loop: loop, log: log, environment: environment) { [unowned self] id, reading in
            show(reading, id: id)
        }
        sources = started
        started.start()
    }

    private func show(_ reading: ValueReading, id: String) {
        let session = keeper.session
        guard let index = session.controlIndex(of: id) else { return }
        switch reading {
        case .text(let text):
            session.setFailed(false, control: index)
            session.setValue(.text(text), ofControl: index, source: .report, at: now())
        case .failed:
            session.setValue(.text(ValueText.unknown), ofControl: index, source: .report, at: now())
            session.setFailed(true, control: index)
        }
    }
}
