/// UIStepper for setpoints: − and + buttons around the value ("21.5 °C"). Keys `min`, `max`,
/// `step`, `unit`, `default`. A tap on a button steps once; holding it repeats after 0.5 s at
/// 10 steps a second (StepperFinger.md). A button that can't step (at `min`, at `max`) looks disabled.
struct StepperKind: NumberKind {
    var pluralName: String { "steppers" }
    var ownKeys: [String] { ["min", "max", "step", "unit"] }
    var hasThumb: Bool { false }

    /// One button, for kinds that ask without a row (no image is drawn in a stepper).
    func widgetSize(rowHeight: Int) -> Size {
        let height = max(24, rowHeight * 9 / 16)
        return Size(width: height * 47 / 32, height: height)
    }

    func placement(of control: ControlDescription, in room: RowRoom) -> WidgetPlacement {
        StepperGeometry.placement(control, in: room)
    }

    func onness(of value: ControlValue, option: String?) -> Double { 0 }

    /// The value shows at once: nothing slides.
    func animationDuration(of control: ControlDescription) -> Double { 0 }

    /// The value's text, and a button whose look changes as the value reaches or leaves an end.
    func changeDamage(_ row: PanelLayout.Row, from old: Double, to new: Double, animated: Bool) -> [Rect] {
        let g = StepperGeometry(row)
        var damage = [row.valueFrame]
        if (old <= 0) != (new <= 0) { damage.append(g.button(-1)) }
        if (old >= 1) != (new >= 1) { damage.append(g.button(1)) }
        return damage
    }

    func motionDamage(_ row: PanelLayout.Row, from old: Double, to new: Double) -> Rect { .empty }

    func claim(_ point: Point, target: Int, in model: PanelModel, at now: Double) -> FingerClaim {
        let row = model.layout.targets[target]
        guard let direction = StepperGeometry(row).direction(at: point) else { return .none }
        let index = model.controlIndex(ofTarget: target)
        return .widget(StepperFinger(target: target, controlIndex: index, direction: direction, downAt: now,
                                     setting: model.description.controls[index].numberSetting))
    }

    func widget(_ control: ControlDescription, _ c: WidgetContext) -> (Canvas, Rect) -> Void {
        var style = control.switchStyle
        if let row = c.fadedOver { style = style.legible(fadedTo: PanelPainter.disabledOpacity, over: row) }
        let theme = c.model.description.theme
        let painter = StepperPainter(style: style, row: theme.rowBackground, highlight: theme.highlight,
                                     controlDisabled: c.fadedOver != nil)
        let value = c.model.values[c.model.controlIndex(ofTarget: c.target)]
        let text = NumberText(text: valueText(control, value), font: c.font, color: NumberText.color(control, fadedOver: c.fadedOver))
        let setting = control.numberSetting
        var atMin = false, atMax = false
        if case .number(let number) = value {
            atMin = setting.index(of: number) == 0
            atMax = setting.index(of: number) == setting.lastIndex
        }
        let pressed = c.model.state(ofTarget: c.target).contains(.highlighted)
            ? (c.model.finger(onTarget: c.target) as? StepperFinger).flatMap { $0.inside ? $0.direction : nil } : nil
        guard let row = c.row else { return { _, _ in } }
        return { canvas, frame in
            let geometry = StepperGeometry(row, frame: frame)
            painter.draw(in: canvas, geometry: geometry, pressed: pressed, atMin: atMin, atMax: atMax)
            text.draw(in: canvas, frame: geometry.value, alignment: .center)
        }
    }
}
