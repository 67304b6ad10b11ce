import Glibc
import PanelUI

/// Runs controls' actions as child processes, without ever waiting for one: each child's
/// exit arrives on the event loop through its pidfd, each timeout as a loop timer.
///
/// Different controls' actions run side by side; a control has at most one action running
/// and one pending. Changes that arrive while its action runs coalesce: the newest replaces
/// the pending one, which never runs and is reported `.superseded` (a device only has to end
/// at the latest value, and a client setting a control thousands of times no longer queues
/// thousands of children). A child that outlives its timeout gets SIGTERM, then SIGKILL
/// `TimedChild.killGrace` seconds later, and counts as failed; one whose `exec` has a placeholder
/// other than `{id}` and `{value}` is never started and counts as failed. A child's stderr goes
/// on to panel's (`ActionOutput`, never waiting for it), and a failure's reason ends with its last line.
final class ActionRunner {
    struct Job: Equatable {
        var controlID: String
        var value: ControlValue
        var action: ActionDescription
    }

    enum Outcome: Equatable {
        case succeeded
        /// Why, for the log, the socket and the failure sheet: "exited with status 1",
        /// "timed out after 5 s", each with "(stderr: LAST LINE)" when the action wrote one.
        case failed(String)
        /// Never ran: a newer change of the same control (`by`, now the pending job) came
        /// while it waited. Not accepted; the newer job's outcome decides the control's value.
        case superseded(by: Job)
    }

    /// A started child and its stderr, read on the loop.
    private struct Running {
        let child: TimedChild
        let output: ActionOutput?
    }

    /// A control's jobs: the one started (running, or failing to start, its end reported from
    /// the loop) and the newest change waiting for it.
    private struct Slot {
        var current: Job
        var pending: Job?
    }

    /// Called on the loop when a job ends (the control's pending job, if any, has not started
    /// yet), and from inside `enqueue` for the job a newer one supersedes.
    var finished: (Job, Outcome) -> Void = { _, _ in }
    private let loop: EventLoop
    private let log: Log
    private var slots: [String: Slot] = [:]
    private var running: [String: Running] = [:]
    private let baseEnvironment: [String]
    /// Stderr pipes of actions that exited while something they started still holds them open.
    private var lingering: [ActionOutput] = []
    /// The most such pipes kept open; past this the oldest is closed.
    static let lingeringLimit = 16
    /// Where actions' stderr goes on: panel's stderr, never waited for (a test gives /dev/null).
    private let stderr: ErrorStream

    init(loop: EventLoop, log: Log, environment: [String: String], stderr: ErrorStream = .standard) {
        self.loop = loop
        self.stderr = stderr
        self.log = log
        baseEnvironment = environment.filter { !$0.key.hasPrefix("PANEL_") }.map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// True when no action runs or waits.
    var isIdle: Bool { slots.isEmpty }

    /// Whether a control has a job running or pending; inside `finished`, whether one waits after the job that ended.
    func hasJobs(for controlID: String) -> Bool { slots[controlID] != nil }

    /// Starts `job` at once when its control has no action running; otherwise makes it the
    /// pending one, superseding (and reporting) the job that was pending.
    func enqueue(_ job: Job) {
        guard var slot = slots[job.controlID] else {
            slots[job.controlID] = Slot(current: job)
            start(job)
            return
        }
        let superseded = slot.pending
        slot.pending = job
        slots[job.controlID] = slot
        if let superseded { finished(superseded, .superseded(by: job)) }
    }

    private func start(_ job: Job) {
        // An argument panel would pass with a stray `{vaule}` in it is never run (check warned).
        if let unknown = job.action.unknownPlaceholder {
            loop.schedule(at: loop.clock.now) { [unowned self] in complete(job.controlID, .failed(unknown.reason)) }
            return
        }
        let argv = job.action.arguments(id: job.controlID, value: job.value.actionText)
        let environment = baseEnvironment + ["PANEL_ID=\(job.controlID)", "PANEL_VALUE=\(job.value.actionText)"]
        do throws(SystemCallError) {
            let child = try TimedChild(argv: argv, environment: environment, output: .stderrPipe, timeout: job.action.timeout,
                loop: loop,
                onTimeout: { [unowned self] in
                    log.warning("action for \(job.controlID) = \(job.value.actionText) still running after \(shown(job.action.timeout)) s; stopping it (SIGTERM)")
                },
                ended: { [unowned self] ending in ended(job, ending) })
            do throws(SystemCallError) {
                let output = try child.process.takeErrorOutput().map { (fd) throws(SystemCallError) in
                    try ActionOutput(fd: FileDescriptor(owning: fd), loop: loop, passOnTo: stderr)
                }
                running[job.controlID] = Running(child: child, output: output)
            } catch {
                // Started but unwatched: it is still reaped, never reported; this failure is.
                child.kill()
                throw error
            }
        } catch {
            // Reported from the loop, like any other end, so callers never see a re-entrant finish.
            loop.schedule(at: loop.clock.now) { [unowned self] in complete(job.controlID, .failed("\(error)")) }
        }
    }

    /// A started job's end: the reason of a failure ends with the last line its stderr said.
    private func ended(_ job: Job, _ ending: TimedChild.Ending) {
        let output = running.removeValue(forKey: job.controlID)?.output
        // What it wrote before it exited is all in the pipe now.
        output?.readAvailable(limit: 4 * ActionOutput.chunk)
        let stderr = output?.lastLine.map { " (stderr: \($0))" } ?? ""
        if let output { linger(output) }
        switch ending {
        case .timedOut: complete(job.controlID, .failed("timed out after \(shown(job.action.timeout)) s" + stderr))
        case .exited(.exited(0)): complete(job.controlID, .succeeded)
        case .exited(let termination): complete(job.controlID, .failed(termination.description + stderr))
        }
    }

    /// Keeps reading an exited action's stderr until whatever it left running closes it.
    private func linger(_ output: ActionOutput) {
        guard output.isOpen else { return }
        output.ended = { [unowned self, unowned output] in lingering.removeAll { $0 === output } }
        lingering.append(output)
        if lingering.count > Self.lingeringLimit {
            let oldest = lingering[0]
            log.warning("closing the stderr of an earlier action that something it started still holds open (at most \(Self.lingeringLimit) are kept)")
            oldest.close()
        }
    }

    private func complete(_ controlID: String, _ outcome: Outcome) {
        guard let slot = slots[controlID] else { return }
        slots[controlID] = slot.pending.map { Slot(current: $0) }
        finished(slot.current, outcome)
        // `finished` may have made a newer job pending behind this one: it waits in the slot.
        if let next = slot.pending { start(next) }
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
