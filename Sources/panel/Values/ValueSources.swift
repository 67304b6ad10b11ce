import PanelUI

/// Runs each value row's `source:` program on its schedule, on the event loop, and reports
/// what it printed: `report(id, reading)` after every run (the same reading again when
/// nothing changed), always from the loop, never from inside `start()`.
///
/// Each source runs at `start()`, then every `every` seconds from then on (a run that starts
/// late does not shift the ones after it; slots missed while the loop was away are skipped).
/// A source has at most one program running: one still running when its next run is due
/// starts again as soon as it ends. The loop holds one timer, for the earliest due source
/// that is not running, so nothing wakes the panel until a run is due or a program ends.
///
/// A program gets stdin from /dev/null, its own process group, the panel's environment
/// without PANEL_* plus PANEL_ID (the row's id) and PANEL_VALUE (the text the row shows,
/// empty before the first reading and after a failure), which `{id}` and `{value}` in `exec`
/// stand for too. A failure is logged when it starts or its reason changes, and the recovery
/// once, so a source failing every 2 s does not fill the journal.
final class ValueSources {
    typealias Report = (_ id: String, _ reading: ValueReading) -> Void

    private enum State {
        case idle
        case running(SourceRun)
        /// Decided without a program (it could not start): reported on the next wake-up.
        case reporting
    }

    private struct Entry {
        let id: String
        let source: ValueSourceDescription
        /// When the next run is due, on the loop's clock.
        var due = 0.0
        var state = State.idle
        /// The row's text as of the last reading, for `{value}`.
        var shown = ""
        /// The failure last logged, so a repeat of it is not logged again.
        var loggedFailure: String?
    }

    private let loop: EventLoop
    private let log: Log
    private let report: Report
    private let baseEnvironment: [String]
    private var entries: [Entry]
    private var timer: EventLoop.Timer?
    private var started = false
    private var stopped = false

    init(_ sources: [(id: String, source: ValueSourceDescription)], loop: EventLoop, log: Log, environment: [String: String],
         report: @escaping Report) {
        self.loop = loop
        self.log = log
        self.report = report
        entries = sources.map { Entry(id: $0.id, source: $0.source) }
        baseEnvironment = environment.filter { !$0.key.hasPrefix("PANEL_") }.map { "\($0.key)=\($0.value)" }.sorted()
    }

    deinit { stop() }

    /// Starts every source's first run now; later calls do nothing.
    func start() {
        guard !started, !stopped else { return }
        started = true
        let now = loop.clock.now
        for index in entries.indices { entries[index].due = now }
        runDue()
    }

    /// No more runs or reports: the timer is cancelled and running programs are killed
    /// (SIGKILL to their groups; they are still reaped as they end).
    func stop() {
        guard !stopped else { return }
        stopped = true
        loop.cancel(timer)
        timer = nil
        for index in entries.indices {
            if case .running(let run) = entries[index].state { run.cancel() }
            entries[index].state = .idle
        }
    }

    /// The ids whose program runs now.
    var runningIDs: [String] {
        entries.compactMap { entry in if case .running = entry.state { entry.id } else { nil } }
    }

    /// When the next run is due, for a source not running now; nil when none waits.
    var nextDue: Double? {
        entries.compactMap { entry in if case .idle = entry.state { entry.due } else { nil } }.min()
    }

    private func runDue() {
        timer = nil
        let now = loop.clock.now
        for index in entries.indices {
            if case .idle = entries[index].state, entries[index].due <= now { launch(index, at: now) }
        }
        rearm()
    }

    /// One timer, for the earliest idle source; none when every source is running.
    private func rearm() {
        loop.cancel(timer)
        timer = nil
        guard !stopped, let next = nextDue else { return }
        timer = loop.schedule(at: next) { [unowned self] in runDue() }
    }

    private func launch(_ index: Int, at now: Double) {
        let entry = entries[index]
        let every = entry.source.every
        entries[index].due = entry.due + every > now ? entry.due + every : now + every
        if let unknown = entry.source.unknownPlaceholder {
            return deliverLater(index, .failed(reason: unknown.reason))
        }
        let argv = entry.source.arguments(id: entry.id, value: entry.shown)
        let environment = baseEnvironment + ["PANEL_ID=\(entry.id)", "PANEL_VALUE=\(entry.shown)"]
        do throws(SystemCallError) {
            let run = try SourceRun(argv: argv, environment: environment, timeout: entry.source.timeout, loop: loop) { [weak self] reading in
                self?.finished(index, reading)
            }
            entries[index].state = .running(run)
        } catch {
            var error = error
            error.advice = "check the path in the value row's 'source: exec:'"
            deliverLater(index, .failed(reason: error.description))
        }
    }

    private func deliverLater(_ index: Int, _ reading: ValueReading) {
        entries[index].state = .reporting
        loop.schedule(at: loop.clock.now) { [weak self] in self?.finished(index, reading) }
    }

    private func finished(_ index: Int, _ reading: ValueReading) {
        guard !stopped else { return }
        entries[index].state = .idle
        let id = entries[index].id
        switch reading {
        case .text(let text):
            entries[index].shown = text
            if entries[index].loggedFailure != nil {
                log.info("value source for \(id) works again: \(JSONValue.string(text).serialized())")
                entries[index].loggedFailure = nil
            }
        case .failed(let reason):
            entries[index].shown = ""
            if entries[index].loggedFailure != reason {
                log.warning("value source for \(id) failed: \(reason); its row shows — until a run succeeds")
                entries[index].loggedFailure = reason
            }
        }
        report(id, reading)
        rearm()
    }
}
