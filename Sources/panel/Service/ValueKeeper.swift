import PanelUI

/// What happens to each value change, whatever made it (a touch, a replay, the control
/// socket): subscribers hear of it, a control with an action runs it, and only values
/// that were accepted (the action exited 0, or there is none) reach the state file.
///
/// When an action fails or times out, the control goes back, animated, to its last
/// accepted value and shows an error mark until its next change. If a newer change of the
/// same control is already pending, its action decides instead (no revert in between).
///
/// A control-socket `set` (`set(_:ofControl:at:settled:)`) is told when its value is
/// settled: accepted and in the state file on the disk, refused by its action, or shown
/// but not saved because the save failed.
final class ValueKeeper {
    var session: PanelSession {
        didSet {
            // The new session saves where the old one did, and what it had not saved yet, so no
            // waiting reply is forgotten (those of saves already handed over are answered by them).
            session.saves.takeOver(from: oldValue.saves)
            attach()
            for observer in reloadObservers { observer() }
        }
    }
    let actions: ActionRunner
    /// Hears every change, from any source: the control socket's subscribers.
    var observers: [(ValueChange, ChangeSource) -> Void] = []
    /// Hears every press of a button, from any source: the control socket's subscribers.
    var pressObservers: [(Int, ChangeSource) -> Void] = []
    /// Hears of every runtime update of a control (`update`): the control socket's subscribers.
    var updateObservers: [(Int) -> Void] = []
    /// Hears each idle stage change: the control socket's subscribers, `on_idle`.
    var idleObservers: [(IdleState) -> Void] = []
    /// Hears of a new session (the description reloaded): MQTT republishes discovery.
    var reloadObservers: [() -> Void] = []
    private let log: Log
    /// The time of the panel's clock: the loop's, or the replay's virtual clock.
    private let now: () -> Double
    /// Per control, one entry per action job queued (in the runner's order): who waits for it.
    private var jobWaiters: [String: [[(Settlement) -> Void]]] = [:]

    /// How a socket `set` ended.
    enum Settlement: Equatable {
        /// Accepted and in the state file, fsync'd and renamed.
        case saved
        /// Shown and accepted, but the save failed (the panel retries).
        case notSaved(StateStoreError)
        /// Its action failed; `back` is what the control went back to, nil when a newer
        /// change of it is queued (that one's action decides).
        case actionFailed(reason: String, back: ControlValue?)
    }

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
        session.onPress = { [unowned self] index, source in pressed(index, source: source, settled: { _ in }) }
        session.onIdleChange = { [unowned self] state in for observer in idleObservers { observer(state) } }
    }

    /// Changes a control's runtime properties and tells `updateObservers`.
    func update(control index: Int, _ update: ControlUpdate, at time: Double) {
        session.update(control: index, update, at: time)
        for observer in updateObservers { observer(index) }
    }

    /// Shows `value` (a control-socket request) and calls `settled` once it is settled;
    /// at once when it changes nothing that isn't already saved.
    ///
    /// `apply: false`: the backend reports what the device is; the value is shown and saved
    /// like an accepted one, and no action runs.
    func set(_ value: ControlValue, ofControl index: Int, at time: Double, apply: Bool = true,
             settled: @escaping (Settlement) -> Void) {
        let control = session.model.description.controls[index]
        let changes = session.model.values[index] != value
        session.setValue(value, ofControl: index, source: apply ? .socket : .report, at: time)
        // A value row's text is shown and that is all: nothing to run or save.
        guard control.isSaved else { return settled(.saved) }
        if !apply {
            if !changes, session.acceptedValue(ofControl: index) != value { session.acceptShown(control.id, value) }
            // At once when nothing is unsaved; else once a save holding it is on the disk.
            session.whenSaved { error in settled(error.map { .notSaved($0) } ?? .saved) }
            return
        }
        if control.action != nil, var waiting = jobWaiters[control.id], !waiting.isEmpty {
            // The last job queued is the one for the value shown: this change's, or an earlier one's.
            waiting[waiting.count - 1].append(settled)
            jobWaiters[control.id] = waiting
            return
        }
        if !changes, session.acceptedValue(ofControl: index) != value {
            // Shown but never accepted (a reload kept a value whose action was lost): accept it now.
            changed(ValueChange(controlIndex: index, id: control.id, value: value, previous: value), source: .socket, notify: false)
            return set(value, ofControl: index, at: time, settled: settled)
        }
        // At once when nothing is unsaved (a set to the value already shown and saved).
        session.whenSaved { error in settled(error.map { .notSaved($0) } ?? .saved) }
    }

    /// Presses a button (a socket `press`, an MQTT PRESS: no dialog asks) and calls `settled`
    /// once its action has ended: `.saved` when it succeeded (or it has none), else the failure.
    func press(_ index: Int, source: ChangeSource, at time: Double, settled: @escaping (Settlement) -> Void) {
        session.press(index, source: source)
        // `session.press` went through `pressed` with a waiter that ignores the outcome: this
        // request's waiter joins the job it queued.
        let id = session.model.description.controls[index].id
        guard session.model.description.controls[index].action != nil, var waiting = jobWaiters[id], !waiting.isEmpty else {
            return settled(.saved)
        }
        waiting[waiting.count - 1].append(settled)
        jobWaiters[id] = waiting
    }

    private func pressed(_ index: Int, source: ChangeSource, settled: @escaping (Settlement) -> Void) {
        for observer in pressObservers { observer(index, source) }
        let control = session.model.description.controls[index]
        session.setFailed(false, control: index)
        guard let action = control.action else { return settled(.saved) }
        jobWaiters[control.id, default: []].append([settled])
        actions.enqueue(.init(controlID: control.id, value: .none, action: action))
        session.setBusy(true, control: index, at: now())
    }

    private func changed(_ change: ValueChange, source: ChangeSource, notify: Bool = true) {
        if notify { for observer in observers { observer(change, source) } }
        guard source != .revert, session.model.description.controls[change.controlIndex].isSaved else { return }
        session.setFailed(false, control: change.controlIndex)
        if source == .report {
            session.acceptShown(change.id, change.value)
        } else if let action = session.model.description.controls[change.controlIndex].action {
            jobWaiters[change.id, default: []].append([])
            actions.enqueue(.init(controlID: change.id, value: change.value, action: action))
            session.setBusy(true, control: change.controlIndex, at: now())
        } else {
            session.acceptShown(change.id, change.value)
        }
    }

    private func actionFinished(_ job: ActionRunner.Job, _ outcome: ActionRunner.Outcome) {
        if case .superseded = outcome {
            // Reported inside `enqueue`, after `changed` queued the newer job's entry: the job
            // replaced is the one before it (the pending one), never the running one.
            if var queued = jobWaiters[job.controlID], queued.count >= 2 {
                let replaced = queued.remove(at: queued.count - 2)
                jobWaiters[job.controlID] = queued
                for settled in replaced {
                    settled(.actionFailed(reason: "not run: a newer change replaced it before its action started", back: nil))
                }
            }
            return
        }
        var waiters: [(Settlement) -> Void] = []
        if var queued = jobWaiters[job.controlID], !queued.isEmpty {
            waiters = queued.removeFirst()
            jobWaiters[job.controlID] = queued.isEmpty ? nil : queued
        }
        let index = session.controlIndex(of: job.controlID)
        let pending = actions.hasJobs(for: job.controlID)
        if let index, !pending { session.setBusy(false, control: index, at: now()) }
        let presses = index.map { session.model.description.controls[$0].kind.presses } ?? false
        switch outcome {
        case .succeeded where presses:
            // A press keeps no value: nothing to save.
            for settled in waiters { settled(.saved) }
        case .succeeded:
            session.accept(job.controlID, job.value,
                           whenSaved: waiters.map { settled in { error in settled(error.map { .notSaved($0) } ?? .saved) } })
        case .failed(let reason):
            guard let index else {
                for settled in waiters { settled(.actionFailed(reason: reason, back: nil)) }
                return
            }
            if presses {
                log.error("action for \(job.controlID) (pressed) failed: \(reason)" + (pending ? "; it is pressed again" : ""))
                if !pending { session.setFailed(true, control: index, reason: reason) }
                for settled in waiters { settled(.actionFailed(reason: reason, back: nil)) }
                return
            }
            let back = session.acceptedValue(ofControl: index)
            log.error("action for \(job.controlID) = \(job.value.json.serialized()) failed: \(reason); "
                + (pending ? "a newer change of it is queued" : "back to \(back?.json.serialized() ?? "its previous value")"))
            if !pending {
                if let back { session.setValue(back, ofControl: index, source: .revert, at: now()) }
                session.setFailed(true, control: index, reason: reason)
            }
            for settled in waiters { settled(.actionFailed(reason: reason, back: pending ? nil : back)) }
        case .superseded:
            break  // handled above: it never ran
        }
    }
}
