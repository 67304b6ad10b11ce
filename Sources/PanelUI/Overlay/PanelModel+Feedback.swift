/// What a row shows of its control's action: the busy spinner while it runs (after 0.3 s),
/// the "!" badge after it failed and why, kept for the failure sheet the badge opens.
extension PanelModel {
    /// Marks a control's action as running from `since` (a spinner shows 0.3 s later), or as
    /// ended at `since`, repainting the row when the spinner was showing. Busy again while
    /// busy keeps the first start, so the spinner of a queued change goes on without a blink.
    public mutating func setBusy(_ busy: Bool, control index: Int, since time: Double) {
        if busy {
            if busyControls[index] == nil { busyControls[index] = time }
            return
        }
        guard let started = busyControls.removeValue(forKey: index) else { return }
        if BusySpinner.step(since: started, at: time) != nil {
            pendingDamage += feedbackRows(of: index).map(\.frame)
        }
    }

    /// Whether a control's row shows the busy spinner at `now`.
    public func spinnerShows(control index: Int, at now: Double) -> Bool {
        busyControls[index].map { BusySpinner.step(since: $0, at: now) != nil } ?? false
    }

    /// The spinner's step on a control's row at `now`; nil when none shows.
    func spinnerStep(control index: Int, at now: Double) -> Int? {
        busyControls[index].flatMap { BusySpinner.step(since: $0, at: now) }
    }

    /// The next moment a spinner on screen changes look (appears or steps), after `now`; nil
    /// when none is due. The program wakes for it: no frames while nothing shows.
    public func nextFeedbackChange(after now: Double) -> Double? {
        busyControls.compactMap { index, since -> Double? in
            let shows = feedbackRows(of: index).contains { !self.onScreen($0.frame, at: now).isEmpty }
            return shows ? BusySpinner.nextChange(since: since, after: now) : nil
        }.min()
    }

    /// Rows whose look changed between two frames because of a spinner, in content
    /// coordinates: the whole row when one appeared (the label may be cut to make room for
    /// it), only the spinner's box when it stepped.
    func feedbackDamage(between previous: Double, and now: Double) -> [Rect] {
        var damage: [Rect] = []
        for (index, since) in busyControls {
            let before = BusySpinner.step(since: since, at: previous), after = BusySpinner.step(since: since, at: now)
            if (before == nil) != (after == nil) {
                damage += feedbackRows(of: index).map(\.frame)
            } else if after != nil, before != after {
                damage += feedbackRows(of: index).map { $0.badgeFrame(layout.metrics) }
            }
        }
        return damage
    }

    /// The rows a control's badge and spinner show on: a radio group's caption, any other
    /// control's own row.
    func feedbackRows(of index: Int) -> [PanelLayout.Row] {
        layout.sections.flatMap(\.rows).filter { row in
            switch row.kind {
            case .caption(index), .control(index, nil): true
            default: false
            }
        }
    }

    /// The failed control whose badge a finger at a content point is on, if any (while its
    /// action runs again the spinner shows instead).
    func failedBadge(at point: Point) -> Int? {
        failedControls.sorted().first { index in
            busyControls[index] == nil && feedbackRows(of: index).contains { $0.badgeTarget(layout.metrics).contains(point) }
        }
    }

    /// A failure reason as kept: at most `PanelOverlay.longestReason` characters.
    static func boundedReason(_ reason: String) -> String {
        guard reason.count > PanelOverlay.longestReason else { return reason }
        return String(reason.prefix(PanelOverlay.longestReason - 1)) + "\u{2026}"
    }
}
