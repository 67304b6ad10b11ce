/// What one finger is doing, from its touch down to its up.
struct SlotGesture: Equatable, Sendable {
    enum Mode: Equatable, Sendable {
        /// Within the slop of where it went down: still a tap, or not yet decided.
        case pending
        /// Moved past the slop without becoming a drag: plain UIControl tracking.
        case tracking
        /// Dragging a switch's knob, which started at `startPosition`.
        case knobDrag(startPosition: Double)
        /// Moving the list; any control it went down on was cancelled.
        case scrolling
        /// On a failed row's "!" badge: lifted there, it opens the failure sheet.
        case badge(control: Int)
        /// On a page's back control in the title bar; `inside` while within its tracking bounds.
        case back(inside: Bool)
        /// Dragging the page on top off, from the leading edge (PanelModel+Pages.swift).
        case edgeSwipe
        /// Followed by the widget itself (`PanelModel.fingers`): a slider's knob being dragged.
        case widget
    }

    /// The control target it went down on; nil for a touch on no target or one that
    /// caught a moving list.
    var target: Int?
    /// Where it went down, logical screen coordinates.
    var start: Point
    var mode: Mode
    /// It went down within `PanelModel.edgeWidth` of the leading edge on a page over another:
    /// moving away from it (right; left when right to left) makes it an edge swipe.
    var fromEdge = false
}

extension PanelModel {
    /// Routes one touch event; returns what happened, in order.
    ///
    /// As UIScrollView does, a finger that moves vertically farther than `slop` on a list
    /// that scrolls becomes a scroll and cancels the control it went down on (no toggle).
    /// A finger that moves sideways on a switch drags its knob.
    public mutating func handle(_ touch: PanelTouch, at now: Double) -> [PanelEvent] {
        // A dialog over the page takes every touch (PanelModel+Overlay.swift).
        if overlay != nil { return handleOverlayTouch(touch, at: now) }
        switch touch.phase {
        case .down: return touchDown(touch, at: now)
        case .motion: return touchMoved(touch, at: now)
        case .up: return touchUp(touch, at: now)
        case .cancel: return touchCancelled(slot: touch.slot, at: now)
        case .frame: return []
        }
    }

    /// Cancels every touch in progress (the device went away, the screen blanked).
    public mutating func cancelAllTouches(at now: Double) -> [PanelEvent] {
        slots.keys.sorted().flatMap { touchCancelled(slot: $0, at: now) }
    }

    private var scrollingSlot: Int? { slots.first { $0.value.mode == .scrolling }?.key }

    /// The content point under a logical screen point, or nil over the title bar.
    private func contentPoint(_ p: Point, at now: Double) -> Point? {
        guard layout.viewport.contains(p) else { return nil }
        return Point(x: p.x, y: p.y + Double(scrollOffset(at: now)))
    }

    private mutating func touchDown(_ touch: PanelTouch, at now: Double) -> [PanelEvent] {
        // A duplicated down for a slot that is down keeps its first gesture.
        guard slots[touch.slot] == nil else { return [] }
        if pageSlide(at: now) != nil {
            // While pages slide only the back control acts: it turns a push around.
            if navigation.slide?.progress.isRising == true, layout.backFrame?.contains(touch.position) == true {
                return goBack(at: now)
            }
            return []
        }
        if !navigation.stack.isEmpty, let back = layout.backFrame, back.contains(touch.position) {
            slots[touch.slot] = SlotGesture(target: nil, start: touch.position, mode: .back(inside: true))
            pendingScreenDamage.append(back)
            return []
        }
        if scroll.isMoving(at: now) {
            // A finger on a moving list stops it; that touch selects nothing (UIScrollView).
            scroll.stop(at: now)
            slots[touch.slot] = SlotGesture(target: nil, start: touch.position, mode: .pending)
            return []
        }
        guard let point = contentPoint(touch.position, at: now) else { return [] }
        if let control = failedBadge(at: point) {
            slots[touch.slot] = SlotGesture(target: nil, start: touch.position, mode: .badge(control: control))
            return []
        }
        let target = layout.targetIndex(at: point)
        if let target {
            // A second finger on a target that is already tracked is ignored.
            guard !slots.values.contains(where: { $0.target == target }) else { return [] }
            switch behavior(ofTarget: target).claim(point, target: target, in: self, at: now) {
            case .row: break
            case .none: return scroll.isScrollable ? recordPending(touch) : []
            // Before the tracker: the finger knows what its pressed look repaints.
            case .widget(let finger): fingers[touch.slot] = finger
            }
            let events = track(target, .down(inside: true))
            guard events.contains(.touchDown) else {
                fingers[touch.slot] = nil
                return scroll.isScrollable ? recordPending(touch) : []
            }
            slots[touch.slot] = SlotGesture(target: target, start: touch.position, mode: .pending,
                                            fromEdge: startsAtEdge(touch.position))
            let began = withFinger(touch.slot) { finger, model in finger.began(&model, at: now) }
            if fingers[touch.slot]?.holdsGesture == true { slots[touch.slot]?.mode = .widget }
            return controlEvents(events, target: target) + began
        }
        return scroll.isScrollable || startsAtEdge(touch.position) ? recordPending(touch) : []
    }

    /// A finger on no control (or a disabled one) that may still scroll the list.
    private mutating func recordPending(_ touch: PanelTouch) -> [PanelEvent] {
        slots[touch.slot] = SlotGesture(target: nil, start: touch.position, mode: .pending, fromEdge: startsAtEdge(touch.position))
        return []
    }

    /// Down near the leading edge (the left, the right when right to left) of a page over
    /// another: it may drag the page back.
    private func startsAtEdge(_ p: Point) -> Bool {
        let fromEdge = layout.direction.isRightToLeft ? Double(layout.logicalSize.width) - p.x : p.x
        return !navigation.stack.isEmpty && fromEdge < Self.edgeWidth * layout.metrics.scale
    }

    private mutating func touchMoved(_ touch: PanelTouch, at now: Double) -> [PanelEvent] {
        guard var gesture = slots[touch.slot] else { return [] }
        let dx = touch.position.x - gesture.start.x, dy = touch.position.y - gesture.start.y
        var events: [PanelEvent] = []
        // Off the badge: a finger like any other that went down on no control.
        if case .badge = gesture.mode, max(abs(dx), abs(dy)) > Self.slop * layout.metrics.scale { gesture.mode = .pending }
        let finger = fingers[touch.slot]
        if gesture.mode == .pending, gesture.fromEdge, backSwipe(dx) > Self.slop * layout.metrics.scale, backSwipe(dx) > abs(dy) {
            if let target = gesture.target { events += controlEvents(track(target, .cancel), target: target) }
            cancelFinger(touch.slot, at: now)
            gesture.target = nil
            gesture.mode = .edgeSwipe
        } else if gesture.mode == .pending, let finger, finger.takes(dx: dx, dy: dy) {
            // A slider's sideways move: the list never scrolls with it.
            gesture.mode = .widget
        } else if gesture.mode == .pending, let target = gesture.target,
           startsKnobDrag(target: target, start: gesture.start, dx: dx, dy: dy, at: now) {
            gesture.mode = .knobDrag(startPosition: onness(ofTarget: target, at: now))
        } else if gesture.mode == .pending, max(abs(dx), abs(dy)) > Self.slop * layout.metrics.scale {
            if scroll.isScrollable, abs(dy) > abs(dx), scrollingSlot == nil, finger?.holdsGesture != true {
                if let target = gesture.target { events += controlEvents(track(target, .cancel), target: target) }
                cancelFinger(touch.slot, at: now)
                gesture.target = nil
                gesture.mode = .scrolling
                scroll.beginDrag(y: gesture.start.y, at: now)
            } else {
                gesture.mode = gesture.target == nil ? .pending : .tracking
            }
        }
        slots[touch.slot] = gesture
        switch gesture.mode {
        case .back(let wasInside):
            let inside = layout.backFrame.map { $0.outsetBy(dx: Self.trackingMargin, dy: Self.trackingMargin).contains(touch.position) } ?? false
            if inside != wasInside, let back = layout.backFrame {
                slots[touch.slot]?.mode = .back(inside: inside)
                pendingScreenDamage.append(back)
            }
        case .edgeSwipe:
            dragPageBack(by: backSwipe(dx), at: now)
        case .scrolling:
            scroll.drag(to: touch.position.y, at: now)
        case .widget:
            guard let target = gesture.target else { break }
            events += controlEvents(track(target, .move(inside: true)), target: target)
            events += withFinger(touch.slot) { finger, model in finger.moved(to: touch.position, taken: true, &model, at: now) }
        case .knobDrag(let startPosition):
            guard let target = gesture.target else { break }
            // The knob under the finger moves exactly as far as the finger.
            let track = layout.targets[target].controlFrame, mirrored = layout.targets[target].isRightToLeft
            knobDrags[target] = SwitchPainter.position(
                knobCenterX: SwitchPainter.knobCenterX(frame: track, position: startPosition, mirrored: mirrored) + dx, frame: track,
                mirrored: mirrored)
            pendingDamage.append(layout.targets[target].controlFrame)
        case .pending, .tracking:
            guard let target = gesture.target else { break }
            events += controlEvents(track(target, .move(inside: isInside(touch.position, target: target, at: now))), target: target)
            events += withFinger(touch.slot) { finger, model in finger.moved(to: touch.position, taken: false, &model, at: now) }
        case .badge:
            break
        }
        return events
    }

    /// The list took the finger, or the touch was cancelled: its widget lets go.
    mutating func cancelFinger(_ slot: Int, at now: Double) {
        _ = withFinger(slot) { finger, model in
            finger.cancelled(&model, at: now)
            return []
        }
        fingers[slot] = nil
    }

    /// UISwitch follows a finger that went down on the switch itself and moves sideways,
    /// almost at once: the knob's whole travel is only a few slops long.
    /// (The list doesn't move while a control is tracked, so where it shows now is where it was.)
    private func startsKnobDrag(target: Int, start: Point, dx: Double, dy: Double, at now: Double) -> Bool {
        guard behavior(ofTarget: target).dragsKnob, abs(dx) > Self.knobSlop, abs(dx) >= abs(dy) else { return false }
        return onScreen(layout.targets[target].controlFrame.outsetBy(dx: 12, dy: 12), at: now).contains(start)
    }

    private mutating func touchUp(_ touch: PanelTouch, at now: Double) -> [PanelEvent] {
        guard let gesture = slots.removeValue(forKey: touch.slot) else { return [] }
        defer { fingers[touch.slot] = nil }
        switch gesture.mode {
        case .back(let inside):
            if let back = layout.backFrame { pendingScreenDamage.append(back) }
            return inside ? goBack(at: now) : []
        case .edgeSwipe:
            return releasePageDrag(goingBack: backSwipe(touch.position.x - gesture.start.x) > Double(layout.logicalSize.width) / 3, at: now)
        case .widget:
            guard let target = gesture.target else { return [] }
            let events = controlEvents(track(target, .up(inside: true)), target: target)
            return events + withFinger(touch.slot) { finger, model in finger.lifted(at: touch.position, inside: true, &model, at: now) }
        case .scrolling:
            scroll.endDrag(at: now)
            return []
        case .knobDrag:
            guard let target = gesture.target else { return [] }
            var events = controlEvents(track(target, .up(inside: true)), target: target)
            // Released on the far side: a new value; back where it started: no change, it just settles.
            let on = (knobDrags[target] ?? 0) >= 0.5
            let index = controlIndex(ofTarget: target)
            if description.controls[index].confirm != nil, values[index] != .bool(on) {
                // Asked first: the knob goes back until the dialog's go-ahead.
                settleKnob(target, at: now)
                return events + openConfirm(control: index, value: .bool(on), at: now)
            }
            if let change = setValue(.bool(on), ofControl: index, animated: true, at: now) {
                events.append(.valueChanged(change))
            } else {
                settleKnob(target, at: now)
            }
            return events
        case .pending, .tracking:
            guard let target = gesture.target else { return [] }
            let trackerEvents = track(target, .up(inside: isInside(touch.position, target: target, at: now)))
            var events = controlEvents(trackerEvents, target: target)
            if pageSlide(at: now) != nil {
                // A finger held through an edge swipe: no tap acts (a button's press included) while pages slide.
            } else if fingers[touch.slot] != nil {
                let inside = trackerEvents.contains(.upInside)
                events += withFinger(touch.slot) { finger, model in finger.lifted(at: touch.position, inside: inside, &model, at: now) }
            } else if trackerEvents.contains(.upInside), behavior(ofTarget: target).opensPage {
                events += openPage(controlIndex(ofTarget: target), at: now)
            } else if trackerEvents.contains(.upInside) {
                events += activate(target, at: now)
            }
            return events
        case .badge(let control):
            let stillOn = contentPoint(touch.position, at: now).map { failedBadge(at: $0) == control } ?? false
            return stillOn ? openFailureSheet(control: control, at: now) : []
        }
    }

    private mutating func touchCancelled(slot: Int, at now: Double) -> [PanelEvent] {
        guard let gesture = slots.removeValue(forKey: slot) else { return [] }
        if gesture.mode == .scrolling { scroll.endDrag(at: now) }
        if gesture.mode == .edgeSwipe { return releasePageDrag(goingBack: false, at: now) }
        if case .back = gesture.mode, let back = layout.backFrame { pendingScreenDamage.append(back) }
        guard let target = gesture.target else {
            fingers[slot] = nil
            return []
        }
        if case .knobDrag = gesture.mode { settleKnob(target, at: now) }
        let events = controlEvents(track(target, .cancel), target: target)
        cancelFinger(slot, at: now)
        return events
    }

    /// A knob let go without a new value slides back to where the value says.
    private mutating func settleKnob(_ target: Int, at now: Double) {
        guard let dragged = knobDrags.removeValue(forKey: target) else { return }
        let goal = goal(ofTarget: target)
        let duration = animationDuration(ofControl: controlIndex(ofTarget: target))
        transitions[target] = Transition(from: dragged, to: goal, start: now, duration: duration * abs(goal - dragged))
        pendingDamage.append(layout.targets[target].controlFrame)
    }

    /// Within the target's tracking bounds; over the title bar counts as outside.
    private func isInside(_ p: Point, target: Int, at now: Double) -> Bool {
        guard let point = contentPoint(p, at: now) else { return false }
        let m = Self.trackingMargin
        return layout.targets[target].frame.outsetBy(dx: m, dy: m).contains(point)
    }

    private mutating func track(_ target: Int, _ input: ControlTracker.Input) -> [ControlTracker.Event] {
        let wasHighlighted = trackers[target].isHighlighted
        let events = trackers[target].handle(input)
        if trackers[target].isHighlighted != wasHighlighted {
            pendingDamage.append(pressedDamage(ofTarget: target))
        }
        return events
    }

    /// What showing or clearing the pressed look repaints: the widget and its halo, or the
    /// whole row with `pressed: row`.
    func pressedDamage(ofTarget target: Int) -> Rect {
        if behavior(ofTarget: target).drawsOwnPressedLook { return finger(onTarget: target)?.pressedDamage(in: self) ?? .empty }
        return description.theme.pressed == .row || behavior(ofTarget: target).highlightsRow
            ? layout.targets[target].frame : layout.targets[target].pressedFrame
    }

    private func controlEvents(_ events: [ControlTracker.Event], target: Int) -> [PanelEvent] {
        let id = description.controls[controlIndex(ofTarget: target)].id
        let option = option(ofTarget: target)
        return events.map { .control(id: id, option: option, event: $0) }
    }

    /// What a tap does, by the target's kind: toggle a checkbox or switch, select a radio
    /// option (or clear it when it was selected and the group may be empty), press a button;
    /// with `confirm:` it opens the dialog that asks first.
    private mutating func activate(_ target: Int, at now: Double) -> [PanelEvent] {
        let index = controlIndex(ofTarget: target)
        let control = description.controls[index]
        if control.kind.presses { return tapGoesAhead(control: index, value: nil, at: now) }
        guard let newValue = control.kind.behavior.tapped(values[index], option: option(ofTarget: target), control: control),
              newValue != values[index] else {
            return []
        }
        return tapGoesAhead(control: index, value: newValue, at: now)
    }
}
