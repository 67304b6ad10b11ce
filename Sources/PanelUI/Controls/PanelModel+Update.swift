/// Runtime properties of a control set from outside (the control socket's `update`): an
/// interlock disables a pump and says why in its detail line, a backend renames a row.
public struct ControlUpdate: Equatable, Sendable {
    public var enabled: Bool?
    public var label: String?
    /// `.some(nil)` removes the detail line.
    public var detail: String??

    public init(enabled: Bool? = nil, label: String? = nil, detail: String?? = nil) {
        self.enabled = enabled
        self.label = label
        self.detail = detail
    }

    public var isEmpty: Bool { enabled == nil && label == nil && detail == nil }

    /// What a label or detail may be: one line without control characters, as in a description.
    public static func isShowable(_ text: String) -> Bool {
        text.unicodeScalars.count <= PanelDescription.longestText
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }
}

extension PanelModel {
    /// Applies `update` to control `index`. `relayout` lays the changed description out as
    /// the panel does (fonts, size, scale), a page or (nil) the panel's own: a label or detail that fits in the same lines
    /// repaints only the control's rows; one that changes row heights repaints the viewport,
    /// the list staying where it was. Disabling a control a finger holds cancels that touch;
    /// returns the cancel events. Values, animations and other touches stay.
    public mutating func update(control index: Int, _ update: ControlUpdate, at now: Double,
                                relayout: (PanelDescription, Int?) -> PanelLayout) -> [PanelEvent] {
        var control = description.controls[index]
        if let enabled = update.enabled { control.enabled = enabled }
        if let label = update.label { control.label = label }
        if let detail = update.detail { control.detail = detail }
        guard control != description.controls[index] else { return [] }
        description.replaceControl(at: index, with: control)
        navigation.revision += 1
        let old = layout
        layout = relayout(description, layout.page)
        // Every page is laid out again (a page row's label shows in its parent and its title bar).
        navigation.root = layout.page == nil ? layout : relayout(description, nil)
        for page in navigation.layouts.keys {
            navigation.layouts[page] = page == layout.page ? layout : relayout(description, page)
        }
        precondition(layout.targets.count == old.targets.count, "an update changes no rows")
        if layout.hasSameGeometry(as: old) {
            for row in layout.sections.flatMap(\.rows) where row.kind.controlIndex == index {
                pendingDamage.append(row.frame)
            }
        } else {
            scroll = scroll.resized(contentHeight: Double(layout.contentHeight - layout.viewport.minY), at: now)
            pendingDamage.append(layout.viewport.offsetBy(dx: 0, dy: scrollOffset(at: now)))
        }
        var events: [PanelEvent] = []
        for target in layout.targets.indices where controlIndex(ofTarget: target) == index {
            let wasTracking = trackers[target].isTracking
            let trackerEvents = trackers[target].setEnabled(control.enabled)
            guard wasTracking, !control.enabled else { continue }
            // The finger on it is let go: it selects nothing more, and a dragged knob settles.
            for (slot, gesture) in slots where gesture.target == target {
                cancelFinger(slot, at: now)
                slots[slot] = nil
            }
            if let dragged = knobDrags.removeValue(forKey: target) {
                let goal = goal(ofTarget: target)
                transitions[target] = Transition(from: dragged, to: goal, start: now,
                                                 duration: animationDuration(ofControl: index) * abs(goal - dragged),
                                                 curve: transitions[target].curve)
            }
            let id = control.id, option = option(ofTarget: target)
            events += trackerEvents.map { .control(id: id, option: option, event: $0) }
        }
        return events
    }
}

extension PanelLayout {
    /// Whether every row, header and group is where it was (labels may differ).
    func hasSameGeometry(as other: PanelLayout) -> Bool {
        guard contentHeight == other.contentHeight, sections.count == other.sections.count else { return false }
        return zip(sections, other.sections).allSatisfy { a, b in
            a.groupFrame == b.groupFrame && a.headerFrame == b.headerFrame && a.rows.count == b.rows.count
                && zip(a.rows, b.rows).allSatisfy { $0.frame == $1.frame && $0.labelFrame == $1.labelFrame }
        }
    }
}

extension PanelLayout.RowKind {
    /// The control the row belongs to.
    public var controlIndex: Int {
        switch self {
        case .control(let index, _), .caption(let index), .display(let index): index
        }
    }
}

extension PanelDescription {
    /// Replaces the control at `index` of `controls`, in its section of its page.
    mutating func replaceControl(at index: Int, with control: ControlDescription) {
        var path: [Int] = []  // page controls from the panel's page down to the one holding it
        var page = self.page(holding: index)
        while let current = page {
            path.insert(current, at: 0)
            page = self.page(holding: current)
        }
        sections = Self.replacing(in: sections, first: 0, path: path, index: index, with: control, starts: pageStarts)
    }

    private static func replacing(in sections: [SectionDescription], first: Int, path: [Int], index: Int,
                                  with control: ControlDescription, starts: [Int: Int]) -> [SectionDescription] {
        var sections = sections
        var offset = first
        for s in sections.indices {
            for c in sections[s].controls.indices {
                let global = offset + c
                if path.isEmpty, global == index {
                    sections[s].controls[c] = control
                    return sections
                }
                if let next = path.first, global == next, let page = sections[s].controls[c].page {
                    sections[s].controls[c].page = replacing(in: page, first: starts[next] ?? 0, path: Array(path.dropFirst()),
                                                             index: index, with: control, starts: starts)
                    return sections
                }
            }
            offset += sections[s].controls.count
        }
        preconditionFailure("no control \(index)")
    }
}
