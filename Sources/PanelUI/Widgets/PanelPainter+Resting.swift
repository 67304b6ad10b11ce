/// Checkboxes, radio options and switches at rest drawn from their kept pixels (`RestingWidgets`).
extension PanelPainter {
    /// The look of a widget that isn't moving or touched, or nil when it must be drawn: in
    /// motion, under a finger, or a kind whose look follows a value (a slider, a stepper).
    /// `kept`: every pixel the widget may touch in its row.
    /// `state`: the target's.
    func restingKey(_ control: ControlDescription, target: Int, row: PanelLayout.Row, in kept: Rect, onness: Double,
                    state: ControlState, model: PanelModel) -> RestingWidgets.Key? {
        guard control.kind.behavior.keepsRestingLook, onness == 0 || onness == 1,
              !state.contains(.highlighted), model.knobDrags[target] == nil else { return nil }
        return RestingWidgets.Key(target: target, on: onness == 1, rising: model.transitions[target].wentUp,
                                  disabled: state.contains(.disabled), mirrored: row.isRightToLeft, size: kept.size,
                                  frame: row.controlFrame.offsetBy(dx: -kept.x, dy: -kept.y))
    }

    /// `draw` draws the widget; with a key, what it draws is kept (`copyResting` copies it).
    func drawResting(_ key: RestingWidgets.Key?, in rect: Rect, canvas: Canvas, draw: () -> Void) {
        guard let key else { return draw() }
        resting.draw(key, in: rect, canvas: canvas, draw: draw)
    }

    /// Whether the widget with this key was shown from its kept pixels (nothing more to draw).
    func copyResting(_ key: RestingWidgets.Key?, in rect: Rect, canvas: Canvas) -> Bool {
        guard let key else { return false }
        return resting.copy(key, in: rect, canvas: canvas)
    }
}
