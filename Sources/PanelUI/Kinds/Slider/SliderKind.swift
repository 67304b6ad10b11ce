/// UISlider: a track between the label and the value's text ("60 %"); the knob follows a
/// finger on it or anywhere along the track (tap-to-position). Keys `min`, `max`, `step`,
/// `unit`, `default`, `send: release | continuous` and `interval`; the value is a number on
/// the step grid. A sideways drag never scrolls the list; a finger that moves vertically past
/// the slop first scrolls it and leaves the value alone (SliderFinger.md).
struct SliderKind: NumberKind {
    var pluralName: String { "sliders" }
    var ownKeys: [String] { ["min", "max", "step", "unit", "send", "interval"] + SliderBinding.keys }

    func decode(into control: inout ControlDescription, _ k: KindKeys) throws(DescriptionError) {
        try decodeNumber(into: &control, k)
        control.backlightBinding = try SliderBinding.decode(k)
    }

    /// The knob, for kinds that ask without a row (no image is drawn in a slider).
    func widgetSize(rowHeight: Int) -> Size {
        let knob = max(12, rowHeight * 7 / 16)
        return Size(width: knob, height: knob)
    }

    func placement(of control: ControlDescription, in room: RowRoom) -> WidgetPlacement {
        SliderGeometry.placement(control, in: room)
    }

    func onness(of value: ControlValue, option: String?) -> Double { 0 }

    func changeDamage(_ row: PanelLayout.Row, from old: Double, to new: Double, animated: Bool) -> [Rect] {
        // Animated, the frames repaint the knob on its way (`motionDamage`).
        animated ? [row.valueFrame] : [row.valueFrame, SliderGeometry(row).span(old, new)]
    }

    func motionDamage(_ row: PanelLayout.Row, from old: Double, to new: Double) -> Rect {
        SliderGeometry(row).span(old, new)
    }

    func paintedFrame(_ row: PanelLayout.Row) -> Rect { SliderGeometry(row).painted }

    func claim(_ point: Point, target: Int, in model: PanelModel, at now: Double) -> FingerClaim {
        let row = model.layout.targets[target], geometry = SliderGeometry(row)
        guard geometry.touchArea.contains(point) else { return .none }
        let knob = geometry.knobX(model.onness(ofTarget: target, at: now))
        // On the knob the finger keeps its hold on it; elsewhere the knob comes to the finger.
        let grab = abs(point.x - knob) <= geometry.reach ? knob - point.x : 0
        let index = model.controlIndex(ofTarget: target)
        return .widget(SliderFinger(target: target, controlIndex: index, grab: grab, startX: point.x,
                                    setting: model.description.controls[index].numberSetting,
                                    sent: model.values[index]))
    }

    func widget(_ control: ControlDescription, _ c: WidgetContext) -> (Canvas, Rect) -> Void {
        var style = control.switchStyle
        let theme = c.model.description.theme
        if let row = c.fadedOver { style = style.legible(fadedTo: PanelPainter.disabledOpacity, over: row) }
        let painter = SliderPainter(style: style, haloFill: theme.highlight,
                                    haloRing: theme.accent.raisedToContrast(CheckboxStyle.minimumContrast, against: theme.rowBackground))
        let pressed = c.model.state(ofTarget: c.target).contains(.highlighted)
        let text = NumberText(text: valueText(control, c.model.values[c.model.controlIndex(ofTarget: c.target)]), font: c.font,
                             color: NumberText.color(control, fadedOver: c.fadedOver))
        let onness = c.onness
        guard let row = c.row else { return { _, _ in } }
        return { canvas, frame in
            let moved = row.valueFrame.offsetBy(dx: frame.x - row.controlFrame.x, dy: frame.y - row.controlFrame.y)
            painter.draw(in: canvas, geometry: SliderGeometry(row, track: frame), fraction: onness, pressed: pressed)
            text.draw(in: canvas, frame: moved, alignment: .trailingEdge(of: row))
        }
    }
}
