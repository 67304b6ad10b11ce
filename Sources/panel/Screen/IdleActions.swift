import PanelUI

/// `on_idle:`: the action run on each idle stage change with `{value}` the state's name
/// (`active`, `dimmed`, `off`) and `{id}` `on_idle`. Its own runner, so its jobs never mix
/// with controls' values. One runs at a time and every stage is run in order (a pause that
/// crosses dim and off at once runs both), at most `queueLimit` waiting (the oldest waiting
/// is dropped past that); a failure is logged, as there is no control to mark.
final class IdleActions {
    let runner: ActionRunner
    private var waiting: [ActionRunner.Job] = []
    static let queueLimit = 8

    init(loop: EventLoop, log: Log, environment: [String: String]) {
        runner = ActionRunner(loop: loop, log: log, environment: environment)
        runner.finished = { [unowned self] job, outcome in
            if case .failed(let reason) = outcome {
                log.error("on_idle for \(job.value.actionText) failed: \(reason)")
            }
            if !waiting.isEmpty { runner.enqueue(waiting.removeFirst()) }
        }
    }

    /// Nothing runs or waits.
    var isIdle: Bool { runner.isIdle && waiting.isEmpty }

    func run(_ action: ActionDescription, state: IdleState) {
        let job = ActionRunner.Job(controlID: "on_idle", value: .text(state.rawValue), action: action)
        guard runner.isIdle else {
            if waiting.count == Self.queueLimit { waiting.removeFirst() }
            waiting.append(job)
            return
        }
        runner.enqueue(job)
    }
}
