/// Where a stepper's parts are: `controlFrame` holds the − button, the value's text
/// (`valueFrame`) and the + button, left to right (right to left in a mirrored row), the
/// buttons UIStepper's 47x32 halves at 36 px high in a 64 px row.
struct StepperGeometry {
    let row: PanelLayout.Row
    /// The whole stepper as it shows in this drawing (the row's, or moved into a layer).
    let frame: Rect

    init(_ row: PanelLayout.Row, frame: Rect? = nil) {
        self.row = row
        self.frame = frame ?? row.controlFrame
    }

    private var buttonWidth: Int { (row.controlFrame.width - row.valueFrame.width) / 2 - gap }
    /// Between a button and the value's text.
    private var gap: Int { max(4, row.controlFrame.height / 5) }

    /// The − button (`direction` -1) or the + button (+1): − at the left, + at the right, the
    /// other way round in a right-to-left row (− on the leading side either way).
    func button(_ direction: Int) -> Rect {
        let x = (direction < 0) != row.isRightToLeft ? frame.x : frame.maxX - buttonWidth
        return Rect(x: x, y: frame.y, width: buttonWidth, height: frame.height)
    }

    /// The value's text, moved with the frame.
    var value: Rect {
        row.valueFrame.offsetBy(dx: frame.x - row.controlFrame.x, dy: frame.y - row.controlFrame.y)
    }

    /// Which button a finger down at `point` (content coordinates) is on: the button's width,
    /// half the gap towards the text and the inset outwards, and the row's whole height.
    func direction(at point: Point) -> Int? {
        guard row.frame.contains(point) else { return nil }
        let leftSide = row.isRightToLeft ? 1 : -1
        if point.x >= Double(row.frame.minX), point.x < Double(button(leftSide).maxX + gap / 2) { return leftSide }
        if point.x >= Double(button(-leftSide).minX - gap / 2), point.x < Double(row.frame.maxX) { return -leftSide }
        return nil
    }

    /// Beside the label, the value's room at least 1.25 rows so steppers line up; where the
    /// label would not fit, just the value's width, and under the label when even that is too wide.
    static func placement(_ control: ControlDescription, in room: RowRoom) -> WidgetPlacement {
        let m = room.metrics, setting = control.numberSetting
        let height = max(24, m.rowHeight * 9 / 16)
        let width = height * 47 / 32
        let gap = max(4, height / 5)
        let label = control.labelStyle.isShown ? room.textWidth(control.label) : 0
        func placed(_ valueWidth: Int, stacked: Bool) -> WidgetPlacement {
            WidgetPlacement(size: Size(width: 2 * (width + gap) + valueWidth, height: height),
                            valueSpan: (width + gap)..<(width + gap + valueWidth), stacked: stacked)
        }
        func fits(_ p: WidgetPlacement) -> Bool { label <= room.width - 2 * m.rowInset - m.labelGap - p.size.width }
        let aligned = placed(NumberSetting.valueWidth(setting, in: room), stacked: false)
        if fits(aligned) { return aligned }
        let narrow = placed(NumberSetting.valueWidth(setting, in: room, atLeast: 0), stacked: false)
        return fits(narrow) ? narrow : placed(narrow.valueSpan!.count, stacked: true)
    }
}
