import PanelUI

/// What happens to each value change, whatever made it (a touch, a replay, the control
/// socket): subscribers hear of it, a control with an action runs it, and only values
/// that were accepted (the action exited 0, or there is none) reach the state file.
///
/// When an action fails or times out, the control goes back, animated, to its last
/// accepted value and shows an error mark until its next change. If a newer change of the
/// same control is already pending, its action decides instead (no revert in between).
final class ValueKeeper {
    var session: PanelSession {
        didSet {
            attach()
            for observer in reloadObservers { observer() }
        }
    }
    let actions: ActionRunner
    /// Hears every change, from any source: the control socket's subscribers.
    var observers: [(ValueChange, ChangeSource) -> Void] = []
    /// Hears of a new session (the description reloaded): MQTT republishes discovery.
    var reloadObservers: [() -> Void] = []
    private let log: Log
    /// The time of the panel's clock: the loop's, or the replay's virtual clock.
    private let now: () -> Double

    init(session: PanelSession, actions: ActionRunner, log: Log, now: @escaping () -> Double) {
        self.session = session
        self.actions = actions
        self.log = log
        self.now = now
        actions.finished = { [unowned self] job, outcome in actionFinished(job, outcome) }
        attach()
    }

    private func attach() {
        session.onValueChange = { [unowned self] change, source in changed(change, source: source) }
    }

    private func changed(_ change: ValueChange, source: ChangeSource) {
        for observer in observers { observer(change, source) }
        guard source != .revert else { return }
        session.setFailed(false, control: change.controlIndex)
        if let action = session.model.description.controls[change.controlIndex].action {
            actions.enqueue(.init(controlID: change.id, value: change.value, action: action))
        } else {
            session.acceptShown(change.id, change.value)
        }
    }

    private func actionFinished(_ job: ActionRunner.Job, _ outcome: ActionRunner.Outcome) {
        switch outcome {
        case .succeeded:
            session.accept(job.controlID, job.value)
        case .failed(let reason):
            guard let index = session.controlIndex(of: job.controlID) else { return }
            let pending = actions.hasJobs(for: job.controlID)
            let back = session.acceptedValue(ofControl: index)
            log.error("action for \(job.controlID) = \(job.value.json.serialized()) failed: \(reason); "
                + (pending ? "a newer change of it is queued" : "back to \(back?.json.serialized() ?? "its previous value")"))
            guard !pending else { return }
            if let back { session.setValue(back, ofControl: index, source: .revert, at: now()) }
            session.setFailed(true, control: index)
        case .superseded:
            // Never ran; the newer change pending in its place decides.
            break
        }
    }
}
