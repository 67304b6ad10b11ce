import PanelUI

/// `on_idle:`: the action run on each idle stage change with `{value}` the state's name
/// (`active`, `dimmed`, `off`) and `{id}` `on_idle`. Its own runner, so its jobs never mix
/// with controls' values: one runs at a time, a newer stage replaces one still waiting, and a
/// failure is logged (there is no control to mark).
final class IdleActions {
    let runner: ActionRunner

    init(loop: EventLoop, log: Log, environment: [String: String]) {
        runner = ActionRunner(loop: loop, log: log, environment: environment)
        runner.finished = { job, outcome in
            if case .failed(let reason) = outcome {
                log.error("on_idle for \(job.value.actionText) failed: \(reason)")
            }
        }
    }

    func run(_ action: ActionDescription, state: IdleState) {
        runner.enqueue(.init(controlID: "on_idle", value: .text(state.rawValue), action: action))
    }
}
