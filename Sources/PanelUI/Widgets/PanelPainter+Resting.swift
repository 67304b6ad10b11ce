/// Checkboxes, radio options and switches at rest drawn from their kept pixels (`RestingWidgets`).
extension PanelPainter {
    /// The look of a widget that isn't moving or touched, or nil when it must be drawn: in
    /// motion, under a finger, or a kind whose look follows a value (a slider, a stepper).
    /// `painted`: every pixel the widget may touch.
    func restingKey(_ control: ControlDescription, target: Int, row: PanelLayout.Row, in painted: Rect, onness: Double,
                    disabled: Bool, model: PanelModel) -> RestingWidgets.Key? {
        guard [.checkbox, .radio, .switch].contains(control.kind), onness == 0 || onness == 1,
              !model.state(ofTarget: target).contains(.highlighted), model.knobDrags[target] == nil else { return nil }
        let transition = model.transitions[target]
        let kept = painted.intersection(row.frame)
        return RestingWidgets.Key(target: target, on: onness == 1,
                                  rising: transition.from == transition.to ? transition.to >= 1 : transition.isRising,
                                  disabled: disabled, mirrored: row.isRightToLeft, size: kept.size,
                                  frame: row.controlFrame.offsetBy(dx: -kept.x, dy: -kept.y))
    }

    /// `draw` draws the widget; with a key, it may be drawn from its kept pixels instead.
    func drawResting(_ key: RestingWidgets.Key?, in rect: Rect, canvas: Canvas, draw: () -> Void) {
        guard let key else { return draw() }
        resting.draw(key, in: rect, canvas: canvas, draw: draw)
    }
}
