import PanelUI

/// Idle blanking (`blank_after:`): the screen goes dark after that many seconds without a
/// touch, and the touch that wakes it is swallowed, down to its last finger lifting, so
/// waking a panel never toggles a control. Pure: time is passed in.
struct IdleBlanker: Equatable {
    enum State: Equatable {
        /// `fingers` are down now; the screen never blanks under a finger.
        case awake(lastActivity: Double, fingers: Set<Int>)
        case blanked
        /// Woken by these fingers; their events are swallowed until all are lifted.
        case waking(fingers: Set<Int>)
    }

    /// What to do with a touch event.
    enum Verdict: Equatable {
        case deliver
        /// Turn the screen on and redraw; the event itself is swallowed.
        case wake
        case swallow
    }

    let blankAfter: Double
    private(set) var state: State

    init(blankAfter: Double, now: Double) {
        self.blankAfter = blankAfter
        state = .awake(lastActivity: now, fingers: [])
    }

    /// When the screen will blank if nothing happens (nil while blanked or touched, and for
    /// a `blankAfter` that is NaN or infinite, which never blanks).
    var deadline: Double? {
        guard case .awake(let last, let fingers) = state, fingers.isEmpty, blankAfter.isFinite else { return nil }
        return last + blankAfter
    }

    /// Time has passed without input; true when the screen must be blanked now.
    mutating func tick(at now: Double) -> Bool {
        guard let deadline, now >= deadline else { return false }
        state = .blanked
        return true
    }

    mutating func touch(_ phase: TouchPhase, slot: Int, at now: Double) -> Verdict {
        switch state {
        case .awake(_, var fingers):
            update(&fingers, phase, slot)
            state = .awake(lastActivity: now, fingers: fingers)
            return .deliver
        case .blanked:
            guard phase == .down else { return .swallow }
            state = .waking(fingers: [slot])
            return .wake
        case .waking(var fingers):
            update(&fingers, phase, slot)
            state = fingers.isEmpty && phase != .down ? .awake(lastActivity: now, fingers: []) : .waking(fingers: fingers)
            return .swallow
        }
    }

    private func update(_ fingers: inout Set<Int>, _ phase: TouchPhase, _ slot: Int) {
        switch phase {
        case .down: fingers.insert(slot)
        case .up, .cancel: fingers.remove(slot)
        case .motion, .frame: break
        }
    }
}
