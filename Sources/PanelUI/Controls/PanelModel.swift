import CFill
/// A touch as the panel sees it: libinput's touch event with the position already
/// turned into logical coordinates.
public struct PanelTouch: Equatable, Sendable {
    public var phase: TouchPhase
    public var slot: Int
    public var position: Point

    public init(phase: TouchPhase, slot: Int, position: Point) {
        self.phase = phase
        self.slot = slot
        self.position = position
    }
}

/// The live panel: control values, per-target touch tracking, scrolling, animations and damage.
///
/// A value type driven by touches and a time passed in; the program owns one and feeds it
/// from libinput or a replay, the tests feed it directly. Every touch slot is routed on its
/// own (PanelModel+Touches.swift), so fingers are independent.
public struct PanelModel: Sendable {
    /// New whenever anything a row's look depends on may have changed (every stored property
    /// has `lookChanged()` but the scroll and the damage taken), never shared by two models:
    /// what a painter's kept rows are valid for (`RestingRows`).
    public private(set) var lookVersion = panel_next_version()
    public internal(set) var description: PanelDescription { didSet { lookChanged() } }
    public internal(set) var layout: PanelLayout { didSet { lookChanged() } }
    /// Per control, in `description.controls` order.
    public private(set) var values: [ControlValue] { didSet { lookChanged() } }
    /// Per touch target, in `layout.targets` order.
    public internal(set) var trackers: [ControlTracker] { didSet { lookChanged() } }
    /// Per touch target: how "on" it is drawn, 0...1, animated (linear for boxes, eased for switches).
    public internal(set) var transitions: [Transition] { didSet { lookChanged() } }
    /// Per touch target: where a dragged switch knob is (0...1), while a finger drags it.
    public internal(set) var knobDrags: [Int: Double] = [:] { didSet { lookChanged() } }
    /// The content below the title bar.
    public internal(set) var scroll: ScrollPhysics
    /// Controls whose last action failed: their rows show an error mark until the next change.
    public private(set) var failedControls: Set<Int> = [] { didSet { lookChanged() } }
    /// Why each failed control's action failed, bounded (`PanelOverlay.longestReason`): its sheet's message.
    public internal(set) var failureReasons: [Int: String] = [:] { didSet { lookChanged() } }
    /// Controls whose action runs or waits, and since when: a spinner shows on their row 0.3 s on.
    public internal(set) var busyControls: [Int: Double] = [:] { didSet { lookChanged() } }
    /// The confirm dialog or failure sheet showing over the page; while it shows it takes every touch.
    public internal(set) var overlay: PanelOverlay? { didSet { lookChanged() } }
    /// Where dialogs' text is set; nil without fonts (each text one line).
    let dialogFonts: DialogFonts?
    /// Slot → what that finger is doing.
    var slots: [Int: SlotGesture] = [:] { didSet { lookChanged() } }
    /// Slot → the finger a widget follows itself (a slider's knob, a stepper's button).
    var fingers: [Int: any WidgetFinger] = [:] { didSet { lookChanged() } }
    /// Logical rectangles in content coordinates that must be redrawn; taken by the renderer.
    var pendingDamage: [Rect] = []
    /// The same on screen, for what does not scroll (the back control in the title bar, a
    /// dialog and its dim).
    var pendingScreenDamage: [Rect] = []
    /// The scroll offset of the last frame damage was taken for: a change repaints the viewport.
    var damagedScrollOffset = 0
    /// Pages: the stack shown over the panel's own and the slide between them.
    public internal(set) var navigation = PageNavigation() { didSet { lookChanged() } }

    /// How far a finger may wander off a target and still count as inside it
    /// (UIKit uses a much larger margin; rows are stacked tightly here, so keep it to a third of a row).
    public static let trackingMargin = 24
    /// A finger that moves farther than this is scrolling, not tapping (UIScrollView's is about 10).
    public static let slop = 10.0
    /// A finger on a switch that moves sideways farther than this drags the knob.
    public static let knobSlop = 3.0

    /// `pages`: every page's layout by page control index (`PanelLayout.pages(of:…)`); a page
    /// without one doesn't open. `fonts` set dialogs' text into lines (the program passes the
    /// painter's); without, each is one line.
    public init(description: PanelDescription, layout: PanelLayout, values: [ControlValue]? = nil,
                pages: [Int: PanelLayout] = [:], fonts: FontCache? = nil) {
        self.description = description
        self.layout = layout
        dialogFonts = DialogFonts(fonts: fonts, theme: description.theme, metrics: layout.metrics)
        navigation.layouts = pages
        navigation.root = layout
        let controls = description.controls
        let initial = values ?? controls.map(\.defaultValue)
        precondition(initial.count == controls.count, "one value per control")
        self.values = initial
        trackers = layout.targets.map { row in
            guard case .control(let index, _) = row.kind else { return ControlTracker(isEnabled: false) }
            return ControlTracker(isEnabled: controls[index].enabled)
        }
        scroll = ScrollPhysics(contentHeight: Double(layout.contentHeight - layout.viewport.minY),
                               viewportHeight: Double(layout.viewport.height))
        transitions = []
        transitions = layout.targets.indices.map { .settled(at: goal(ofTarget: $0), curve: curve(ofTarget: $0)) }
    }

    private mutating func lookChanged() { lookVersion = panel_next_version() }

    public func controlIndex(ofTarget target: Int) -> Int {
        guard case .control(let index, _) = layout.targets[target].kind else {
            preconditionFailure("touch targets are controls")
        }
        return index
    }

    /// The radio option a target stands for, or nil for a checkbox or switch.
    public func option(ofTarget target: Int) -> String? {
        guard case .control(let index, let option?) = layout.targets[target].kind else { return nil }
        return description.controls[index].options[option]
    }

    /// Whether the target's value is on: a checked box, an on switch, the selected radio option.
    public func isOn(target: Int) -> Bool {
        goal(ofTarget: target) >= 1
    }

    /// How "on" the target is drawn once settled, 0...1, by its kind.
    func goal(ofTarget target: Int) -> Double {
        let index = controlIndex(ofTarget: target)
        return behavior(ofTarget: target).onness(of: values[index], option: option(ofTarget: target),
                                                 control: description.controls[index])
    }

    func behavior(ofTarget target: Int) -> any KindBehavior {
        description.controls[controlIndex(ofTarget: target)].kind.behavior
    }

    /// UIControl.State of a target.
    public func state(ofTarget target: Int) -> ControlState {
        var state = touchState(ofTarget: target)
        if isOn(target: target) { state.insert(.selected) }
        return state
    }

    /// The target's state without `.selected`, which asks its kind about its value: what a
    /// painter needs of every row in every frame (the value's look comes from `onness`).
    func touchState(ofTarget target: Int) -> ControlState {
        var state: ControlState = []
        if trackers[target].isHighlighted { state.insert(.highlighted) }
        if !trackers[target].isEnabled { state.insert(.disabled) }
        return state
    }

    /// Where a switch knob is drawn (0 off … 1 on), or how far on a box is (0…1, linear in time).
    public func onness(ofTarget target: Int, at now: Double) -> Double {
        knobDrags[target] ?? transitions[target].value(at: now)
    }

    private func curve(ofTarget target: Int) -> Transition.Curve {
        behavior(ofTarget: target).curve
    }

    // MARK: Values

    /// Sets a control's value (a tap, the state file, later the control socket), like
    /// UIKit's `setOn(_:animated:)` and a radio group's programmatic selection. Returns the
    /// change, or nil when the value was already that (value-changed fires only on real changes).
    public mutating func setValue(_ value: ControlValue, ofControl index: Int, animated: Bool, at now: Double) -> ValueChange? {
        let previous = values[index]
        guard value != previous else { return nil }
        values[index] = value
        navigation.revision += 1
        let duration = animated ? animationDuration(ofControl: index) : 0
        for target in layout.targets.indices where controlIndex(ofTarget: target) == index {
            let goal = goal(ofTarget: target), old = transitions[target], shown = old.value(at: now)
            if let dragged = knobDrags.removeValue(forKey: target) {
                transitions[target] = Transition(from: dragged, to: goal, start: now, duration: duration * abs(goal - dragged))
            } else if transitions[target].to != goal {
                transitions[target] = transitions[target].retargeted(to: goal, at: now, fullDuration: duration)
            } else {
                // An option whose look stays (the third of a radio group) is not repainted.
                continue
            }
            let kind = behavior(ofTarget: target), row = layout.targets[target]
            pendingDamage += kind.changeDamage(row, from: shown, to: goal, animated: transitions[target].isRunning(at: now))
            // Cut short, the old animation may have been drawn anywhere along its way.
            if old.isRunning(at: now) { pendingDamage.append(kind.motionDamage(row, from: old.from, to: old.to)) }
        }
        // A page row showing this control's value as its summary: only page controls have one,
        // so look at them, not at every row.
        let id = description.controls[index].id
        for page in description.pageStarts.keys where description.controls[page].summary == id {
            for row in layout.targets where row.kind.controlIndex == page { pendingDamage.append(row.frame) }
        }
        if !description.controls[index].kind.behavior.takesTouches {
            // A value row's new text: its text's frame (the label stays).
            for row in layout.sections.flatMap(\.rows) {
                if case .display(index) = row.kind { pendingDamage.append(row.controlFrame) }
            }
        }
        return ValueChange(controlIndex: index, id: description.controls[index].id, value: value, previous: previous)
    }

    /// Shows or clears a control's error mark (its action failed), repainting its rows;
    /// `reason` is what its failure sheet says.
    public mutating func setFailed(_ failed: Bool, control index: Int, reason: String? = nil) {
        failureReasons[index] = failed ? reason.map(Self.boundedReason) : nil
        guard failedControls.contains(index) != failed else { return }
        navigation.revision += 1
        if failed { failedControls.insert(index) } else { failedControls.remove(index) }
        for row in layout.sections.flatMap(\.rows) {
            switch row.kind {
            case .control(index, _), .caption(index), .display(index): pendingDamage.append(row.frame)
            default: break
            }
        }
    }

    /// BEMCheckBox's `reload()`: draws the control at its current value, dropping any animation.
    public mutating func reload(control index: Int) {
        for target in layout.targets.indices where controlIndex(ofTarget: target) == index {
            knobDrags[target] = nil
            transitions[target] = .settled(at: goal(ofTarget: target), curve: curve(ofTarget: target))
            pendingDamage.append(layout.targets[target].pressedFrame)
        }
    }

    public func animationDuration(ofControl index: Int) -> Double {
        let control = description.controls[index]
        return control.kind.behavior.animationDuration(of: control)
    }

    /// Draws the same panel in another theme (`theme: auto` at the edge of its window): the
    /// controls' styles are made again from it, values and touches stay; the caller repaints.
    public mutating func restyle(_ theme: Theme) {
        description = description.themed(theme)
        navigation.revision += 1
    }

    // MARK: Animation and damage

    /// Whether frames are needed at `now`: a widget animates, the list moves by itself or its
    /// scroll indicator fades.
    public func isAnimating(at now: Double) -> Bool {
        transitions.contains { $0.isRunning(at: now) } || scroll.isMoving(at: now) || scroll.isIndicatorFading(at: now)
            || pageSlide(at: now) != nil
    }

    /// UIScrollView's scroll indicator while the list scrolls and as it fades afterwards: its
    /// frame on screen and opacity (0...1), nil when hidden.
    public func scrollIndicator(at now: Double) -> (frame: Rect, opacity: Double)? {
        let opacity = scroll.indicatorOpacity(at: now)
        guard opacity > 0, let frame = scrollIndicatorFrame(at: now) else { return nil }
        return (frame, opacity)
    }

    /// A thin bar at the viewport's trailing edge (the left when right to left): as long as the
    /// share of the list that shows, squeezed while the list is pulled past an end, placed by
    /// how far the list is scrolled.
    func scrollIndicatorFrame(at now: Double) -> Rect? {
        // On screen: a burn-in shift moves the viewport's bottom past the screen's edge.
        let viewport = layout.viewport.intersection(Rect(size: layout.logicalSize))
        let m = layout.metrics
        let inset = m.indicatorInset, width = m.indicatorWidth
        let track = Double(viewport.height - 2 * inset)
        guard scroll.isScrollable, track >= Double(2 * width) else { return nil }
        // From the offset as drawn: the bar moves when the list does, by whole pixels, so a
        // frame in which the list didn't move leaves it where it was.
        let offset = Double(scrollOffset(at: now)), maxOffset = scroll.maxOffset
        let shown = min(max(track * scroll.viewportHeight / (scroll.viewportHeight + maxOffset), m.indicatorMinLength), track)
        let overscroll = offset < 0 ? -offset : max(0, offset - maxOffset)
        let length = max(shown - overscroll, Double(2 * width))
        let top = Double(viewport.minY + inset) + (track - length) * min(max(offset / maxOffset, 0), 1)
        let x = layout.direction.isRightToLeft ? viewport.minX + inset : viewport.maxX - inset - width
        return Rect(x: x, y: Int(pixels: top.rounded()), width: width, height: Int(pixels: length.rounded()))
    }

    // UIKit's indicator: 2.5 points wide, 3 from the edge, never shorter than 36 (LayoutMetrics, scaled).

    /// The scroll offset as drawn: whole pixels keep text crisp while the list moves.
    public func scrollOffset(at now: Double) -> Int {
        Int(pixels: scroll.offset(at: now).rounded())
    }

    /// A content rectangle where it shows on screen (logical coordinates), clipped to the viewport.
    public func onScreen(_ rect: Rect, at now: Double) -> Rect {
        rect.offsetBy(dx: 0, dy: -scrollOffset(at: now)).intersection(layout.viewport)
    }

    /// Takes what must be redrawn, in logical screen coordinates, for a frame at `now` whose
    /// previous frame was at `previous`: rows whose highlight or value changed, the widget
    /// boxes that moved in between, or the whole viewport when the list scrolled.
    public mutating func takeDamage(previousFrame previous: Double, now: Double) -> [Rect] {
        defer { pendingDamage.removeAll(); pendingScreenDamage.removeAll() }
        let offset = scrollOffset(at: now)
        if slideMoved(between: previous, and: now) {
            // Both pages move: everything, title bar included, once per frame.
            damagedScrollOffset = offset
            return [Rect(x: 0, y: 0, width: layout.logicalSize.width, height: layout.logicalSize.height)]
        }
        if offset != damagedScrollOffset {
            damagedScrollOffset = offset
            return Self.withoutCoveredRects([layout.viewport] + pendingScreenDamage)
        }
        var damage = pendingDamage + feedbackDamage(between: previous, and: now)
        for (target, transition) in transitions.enumerated() where transition.moved(between: previous, and: now) {
            damage.append(motionDamage(ofTarget: target, transition, previous, now))
        }
        var onScreenDamage = damage.map { onScreen($0, at: now) } + pendingScreenDamage
        // The list stands still here, so a fading indicator stays where it is.
        if scroll.indicatorOpacity(at: previous) != scroll.indicatorOpacity(at: now), let bar = scrollIndicatorFrame(at: now) {
            onScreenDamage.append(bar)
        }
        return Self.withoutCoveredRects(onScreenDamage)
    }

    /// What a frame repaints of a widget that moved by itself between two frames.
    func motionDamage(ofTarget target: Int, _ transition: Transition, _ previous: Double, _ now: Double) -> Rect {
        behavior(ofTarget: target).motionDamage(layout.targets[target], from: transition.value(at: previous),
                                                to: transition.value(at: now))
    }

    /// BEMCheckBox's "animation did stop" for every widget animation that ended in `(previous, now]`.
    public func animationsStopped(between previous: Double, and now: Double) -> [PanelEvent] {
        transitions.indices.filter { transitions[$0].stopped(between: previous, and: now) }.map { target in
            .animationDidStop(id: description.controls[controlIndex(ofTarget: target)].id, option: option(ofTarget: target))
        }
    }

    /// Drops rectangles that another one covers (a row damaged for its highlight and its
    /// value, a widget inside its damaged row), so no pixel is painted twice for them.
    static func withoutCoveredRects(_ rects: [Rect]) -> [Rect] {
        var kept: [Rect] = []
        for (i, rect) in rects.enumerated() where !rect.isEmpty {
            let covered = rects.enumerated().contains { j, other in
                j != i && other.contains(rect) && (other != rect || j < i)
            }
            if !covered { kept.append(rect) }
        }
        return kept
    }
}
