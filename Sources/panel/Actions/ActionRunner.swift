import Glibc
import PanelUI

/// Runs controls' actions as child processes, without ever waiting for one: each child's
/// exit arrives on the event loop through its pidfd, each timeout as a loop timer.
///
/// Actions of one control run one at a time, in the order of the changes; different
/// controls' actions run side by side. A child that outlives its timeout gets SIGTERM,
/// then SIGKILL `killGrace` seconds later, and counts as failed.
final class ActionRunner {
    struct Job: Equatable {
        var controlID: String
        var value: ControlValue
        var action: ActionDescription
    }

    enum Outcome: Equatable {
        case succeeded
        /// Why, for the log: "exited with status 1", "timed out after 5 s".
        case failed(String)
    }

    private struct Running {
        let child: ChildProcess
        let watch: EventLoop.Watch
        var timer: EventLoop.Timer
        var timedOut = false
    }

    /// Called on the loop when a job ends; the next job of that control has not started yet.
    var finished: (Job, Outcome) -> Void = { _, _ in }
    /// Seconds between SIGTERM and SIGKILL for a child that timed out.
    static let killGrace = 1.0

    private let loop: EventLoop
    private let log: Log
    /// Per control id: its jobs in order; the first one is running.
    private var queues: [String: [Job]] = [:]
    private var running: [String: Running] = [:]
    private let baseEnvironment: [String]

    init(loop: EventLoop, log: Log, environment: [String: String]) {
        self.loop = loop
        self.log = log
        baseEnvironment = environment.filter { !$0.key.hasPrefix("PANEL_") }.map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// True when no action runs or waits.
    var isIdle: Bool { queues.isEmpty }

    /// Whether a control has jobs running or queued; inside `finished`, the ones after the job that ended.
    func hasJobs(for controlID: String) -> Bool { queues[controlID] != nil }

    func enqueue(_ job: Job) {
        queues[job.controlID, default: []].append(job)
        if queues[job.controlID]?.count == 1 { start(job) }
    }

    private func start(_ job: Job) {
        let argv = job.action.arguments(id: job.controlID, value: job.value.actionText)
        let environment = baseEnvironment + ["PANEL_ID=\(job.controlID)", "PANEL_VALUE=\(job.value.actionText)"]
        do throws(SystemCallError) {
            let child = try ChildProcess(argv: argv, environment: environment)
            let watch = try loop.watch(child.pidfd.rawValue) { [unowned self] _ in childExited(job.controlID) }
            let timer = loop.schedule(at: loop.clock.now + job.action.timeout) { [unowned self] in timeOut(job.controlID) }
            running[job.controlID] = Running(child: child, watch: watch, timer: timer)
        } catch {
            // Reported from the loop, like any other end, so callers never see a re-entrant finish.
            loop.schedule(at: loop.clock.now) { [unowned self] in complete(job.controlID, .failed("\(error)")) }
        }
    }

    private func timeOut(_ controlID: String) {
        guard var entry = running[controlID], let job = queues[controlID]?.first else { return }
        log.warning("action for \(controlID) = \(job.value.actionText) still running after \(shown(job.action.timeout)) s; stopping it (SIGTERM)")
        entry.timedOut = true
        entry.child.signalGroup(SIGTERM)
        entry.timer = loop.schedule(at: loop.clock.now + Self.killGrace) { [weak child = entry.child] in
            child?.signalGroup(SIGKILL)
        }
        running[controlID] = entry
    }

    private func childExited(_ controlID: String) {
        guard let entry = running[controlID], let job = queues[controlID]?.first,
              let termination = entry.child.reap() else { return }
        loop.unwatch(entry.watch)
        loop.cancel(entry.timer)
        running[controlID] = nil
        if entry.timedOut {
            complete(controlID, .failed("timed out after \(shown(job.action.timeout)) s"))
        } else if termination == .exited(0) {
            complete(controlID, .succeeded)
        } else {
            complete(controlID, .failed(termination.description))
        }
    }

    private func complete(_ controlID: String, _ outcome: Outcome) {
        guard var queue = queues[controlID], !queue.isEmpty else { return }
        let job = queue.removeFirst()
        queues[controlID] = queue.isEmpty ? nil : queue
        finished(job, outcome)
        if let next = queues[controlID]?.first { start(next) }
    }

    /// Asks every running child to stop (SIGTERM) when panel exits; their values stay unsaved.
    func terminateAll() {
        for (controlID, entry) in running {
            log.warning("action for \(controlID) still running at exit; sending it SIGTERM (its value is not saved)")
            entry.child.signalGroup(SIGTERM)
        }
    }

    private func shown(_ seconds: Double) -> String { TimeConversion.shown(seconds) }
}
