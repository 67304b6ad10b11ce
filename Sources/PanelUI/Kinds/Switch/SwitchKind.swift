/// UISwitch: a track at the row's trailing edge whose knob slides, eased, and follows a finger
/// that drags it sideways; on is the trailing side, the left in a right-to-left panel.
struct SwitchKind: OnOffKind {
    var pluralName: String { "switches" }
    var look: KindLook { .track }
    var keepsRestingLook: Bool { true }
    var curve: Transition.Curve { .easeInOut }
    var dragsKnob: Bool { true }

    /// UISwitch's 51x31 proportions, half a row high.
    func widgetSize(rowHeight: Int) -> Size {
        let height = (rowHeight + 1) / 2
        return Size(width: (height * 51 + 15) / 31, height: height)
    }

    func animationDuration(of control: ControlDescription) -> Double {
        control.switchStyle.animationDuration
    }

    func widget(_ control: ControlDescription, _ c: WidgetContext) -> (Canvas, Rect) -> Void {
        var style = control.switchStyle
        if let row = c.fadedOver { style = style.legible(fadedTo: PanelPainter.disabledOpacity, over: row, memo: c.contrast) }
        let painter = SwitchPainter(style: style, onImage: c.image(style.onImage), offImage: c.image(style.offImage),
                                    thumbImage: c.image(style.thumbImage))
        let pressed = c.model.state(ofTarget: c.target).contains(.highlighted) || c.model.knobDrags[c.target] != nil
        let onness = c.onness, mirrored = c.row?.isRightToLeft ?? false
        return { canvas, frame in painter.draw(in: canvas, frame: frame, position: onness, pressed: pressed, mirrored: mirrored) }
    }
}
