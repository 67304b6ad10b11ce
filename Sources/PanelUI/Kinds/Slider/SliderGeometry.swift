/// Where a slider's parts are in its row: `controlFrame` is the track from `min` (its left
/// edge) to `max` (its right edge), as high as the knob; the knob's centre slides along it and
/// the knob, with its pressed halo, reaches `reach` beyond the centre on every side. In a
/// right-to-left row the track runs the other way, `min` at its right edge, as iOS mirrors UISlider.
struct SliderGeometry {
    let row: PanelLayout.Row
    /// The track as it shows in this drawing (the row's frame, or moved into a layer).
    let track: Rect

    init(_ row: PanelLayout.Row, track: Rect? = nil) {
        self.row = row
        self.track = track ?? row.controlFrame
    }

    var knobDiameter: Double { Double(track.height) }
    /// The knob's radius and the halo around it.
    var reach: Double { knobDiameter / 2 + Double(row.haloMargin) }
    var centerY: Double { Double(track.y) + Double(track.height) / 2 }
    /// The bar the knob slides on: a capsule a seventh of the knob high.
    var barHeight: Double { max(2, (knobDiameter / 7).rounded()) }

    /// The track runs from `min` at its right edge to `max` at its left.
    var isMirrored: Bool { row.isRightToLeft }

    /// The knob's centre at `fraction` of the range (0 at `min`).
    func knobX(_ fraction: Double) -> Double {
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        return isMirrored ? Double(track.maxX) - f * Double(track.width) : Double(track.x) + f * Double(track.width)
    }

    /// The fraction of the range under `x`, clamped to 0...1.
    func fraction(atX x: Double) -> Double {
        guard track.width > 0, x.isFinite else { return (x > Double(track.x)) != isMirrored ? 1 : 0 }
        let fromLeft = min(max((x - Double(track.x)) / Double(track.width), 0), 1)
        return isMirrored ? 1 - fromLeft : fromLeft
    }

    /// Every pixel the knob (with its halo) covers anywhere between `a` and `b`, and the bar
    /// between them, whose colour changes as the knob passes: what a move from `a` to `b` repaints.
    func span(_ a: Double, _ b: Double) -> Rect {
        let left = min(knobX(a), knobX(b)) - reach, right = max(knobX(a), knobX(b)) + reach
        let x0 = Int(pixels: left.rounded(.down)) - 1, x1 = Int(pixels: right.rounded(.up)) + 1
        let y0 = Int(pixels: (centerY - reach).rounded(.down)) - 1, y1 = Int(pixels: (centerY + reach).rounded(.up)) + 1
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(row.frame)
    }

    /// Everything the slider may draw: the knob's reach at both ends and the value text.
    var painted: Rect { span(0, 1).union(row.valueFrame).intersection(row.frame) }

    /// Where a finger down counts for the slider: over the knob's reach along the whole track,
    /// the row's full height.
    var touchArea: Rect {
        let x0 = Int(pixels: (Double(track.x) - reach).rounded(.down)), x1 = Int(pixels: (Double(track.maxX) + reach).rounded(.up))
        return Rect(x: x0, y: row.frame.y, width: x1 - x0, height: row.frame.height)
    }

    /// The placement in a row of `room`: the knob 7/16 of the row high (28 px in a 64 px row,
    /// UISlider's thumb), the value text after the track, the track taking 55 % of the rest.
    /// When the label would not fit its line beside them (a narrow screen, a long label), the
    /// track goes under the label across the row and the value to the label line's end.
    static func placement(_ control: ControlDescription, in room: RowRoom) -> WidgetPlacement {
        let m = room.metrics, setting = control.numberSetting
        let knob = max(12, m.rowHeight * 7 / 16)
        let reach = (knob + 1) / 2 + m.haloMargin + 1
        let valueWidth = NumberSetting.valueWidth(setting, in: room)
        let rest = room.width - 2 * m.rowInset - 2 * reach - 2 * m.labelGap - valueWidth
        let width = max(3 * knob, rest * 55 / 100)
        let labelRoom = rest - width
        if control.labelStyle.isShown, room.textWidth(control.label) > labelRoom {
            let measured = NumberSetting.valueWidth(setting, in: room, atLeast: 0)
            let track = max(0, room.width - 2 * m.rowInset - 2 * reach)
            return WidgetPlacement(size: Size(width: track, height: knob), leading: reach, trailing: reach,
                                   valueSpan: (track + reach - measured)..<(track + reach), stacked: true, valueOnLabelLine: true)
        }
        let valueStart = width + reach + m.labelGap
        return WidgetPlacement(size: Size(width: width, height: knob), leading: reach, trailing: reach + m.labelGap + valueWidth,
                               valueSpan: valueStart..<(valueStart + valueWidth))
    }
}
