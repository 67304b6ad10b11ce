/// Checkboxes, radio options and switches at rest drawn from their kept pixels (`RestingWidgets`),
/// and whole rows at rest from the stores that drew them (`RestingRows`).
extension PanelPainter {
    /// A row of the list where it shows (`frame`: moved by `dy`): from its kept stores when it
    /// is kept and whole in the clip, else drawn, and kept when it is at rest.
    func drawRow(_ row: PanelLayout.Row, frame: Rect, dy: Int, group: Rect, model: PanelModel, now: Double, canvas: Canvas) {
        drawKept(row.target, frame: frame, model: model, canvas: canvas, wholeOnly: false) {
            drawRow(row.offsetBy(dy: dy), group: group, model: model, now: now, canvas: canvas)
        }
    }

    /// What `draw` draws in `frame`, from the stores kept in `slot` (`RestingRows`) when
    /// `frame` is whole in the clip; else drawn by `draw`, and kept when it says it is at rest.
    /// No slot: drawn, not kept.
    func drawKept(_ slot: Int?, frame: Rect, model: PanelModel, canvas: Canvas, wholeOnly: Bool, draw: () -> Bool) {
        guard let slot, canvas.clip.contains(frame) else {
            _ = draw()
            return
        }
        let version = restingVersion(of: model)
        if restingRows.replay(slot, frame: frame, in: canvas.buffer, version: version) { return }
        restingRows.begin(version, wholeOnly: wholeOnly)
        let rests = draw()
        restingRows.end(slot, frame: frame, rests: rests, version: restingVersion(of: model))
    }

    /// What rows kept now are valid for: the model's look and the kept pixels they copy.
    func restingVersion(of model: PanelModel) -> RestingRows.Version {
        RestingRows.Version(model: model.lookVersion, text: blendedText.generation, widgets: resting.generation)
    }

    /// The look of a widget that isn't moving or touched, or nil when it must be drawn: in
    /// motion, under a finger, or a kind whose look follows a value (a slider, a stepper).
    /// `kept`: every pixel the widget may touch in its row. `index`: the control's (`looks`).
    /// `state`: the target's.
    func restingKey(_ behavior: any KindBehavior, index: Int, target: Int, row: PanelLayout.Row, in kept: Rect, onness: Double,
                    state: ControlState, model: PanelModel) -> RestingWidgets.Key? {
        guard behavior.keepsRestingLook, onness == 0 || onness == 1,
              !state.contains(.highlighted), model.knobDrags[target] == nil, looks.indices.contains(index) else { return nil }
        return RestingWidgets.Key(look: looks[index], on: onness == 1, rising: model.transitions[target].wentUp,
                                  disabled: state.contains(.disabled), mirrored: row.isRightToLeft, size: kept.size,
                                  frame: row.controlFrame.offsetBy(dx: -kept.x, dy: -kept.y))
    }

    /// `draw` draws the widget; with a key, what it draws is kept (`copyResting` copies it).
    func drawResting(_ key: RestingWidgets.Key?, in rect: Rect, canvas: Canvas, draw: () -> Void) {
        guard let key else { return draw() }
        resting.draw(key, in: rect, canvas: canvas, draw: draw)
    }

    /// Whether the widget with this key was shown from its kept pixels (nothing more to draw).
    /// `slot`: the row's target, where the same widget was shown last.
    func copyResting(_ key: RestingWidgets.Key?, slot: Int, in rect: Rect, canvas: Canvas) -> Bool {
        guard let key else { return false }
        return resting.copy(key, slot: slot, in: rect, canvas: canvas)
    }
}

extension PanelPainter {
    /// Looks compared with each control, at most: a panel of many styles costs no more than
    /// this per control to sort, and its later styles keep their own images.
    static let maxLooks = 32

    /// For each control, the index of the first control whose widget looks the same at rest:
    /// the same kind and the same styles (a box's for checkboxes and radio options, a track's
    /// for switches; the pictures are named in them). The widget's pixels depend on nothing
    /// else of the control, so alike widgets share one kept image (`RestingWidgets.Key.look`):
    /// a list of alike switches reads one image from the cache row after row, not one each.
    static func looks(of controls: [ControlDescription]) -> [Int] {
        var firsts: [Int] = []
        var looks: [Int] = []
        looks.reserveCapacity(controls.count)
        for (index, control) in controls.enumerated() {
            guard control.kind.behavior.keepsRestingLook else {
                looks.append(index)
                continue
            }
            if let first = firsts.first(where: { sameLook(controls[$0], control) }) {
                looks.append(first)
                continue
            }
            if firsts.count < maxLooks { firsts.append(index) }
            looks.append(index)
        }
        return looks
    }

    private static func sameLook(_ a: ControlDescription, _ b: ControlDescription) -> Bool {
        a.kind == b.kind && a.checkboxStyle == b.checkboxStyle && a.switchStyle == b.switchStyle
    }
}
