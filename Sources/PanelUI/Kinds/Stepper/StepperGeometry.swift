/// Where a stepper's parts are: `controlFrame` holds the − button, the value's text
/// (`valueFrame`) and the + button, left to right, the buttons UIStepper's 47x32 halves at
/// 36 px high in a 64 px row.
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

    /// The − button (`direction` -1) or the + button (+1).
    func button(_ direction: Int) -> Rect {
        let x = direction < 0 ? frame.x : frame.maxX - buttonWidth
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
        let minus = button(-1), plus = button(1)
        if point.x >= Double(row.frame.minX), point.x < Double(minus.maxX + gap / 2) { return -1 }
        if point.x >= Double(plus.minX - gap / 2), point.x < Double(row.frame.maxX) { return 1 }
        return nil
    }

    static func placement(_ setting: NumberSetting, in room: RowRoom) -> WidgetPlacement {
        let m = room.metrics
        let height = max(24, m.rowHeight * 9 / 16)
        let width = height * 47 / 32
        let gap = max(4, height / 5)
        let valueWidth = NumberSetting.valueWidth(setting, in: room)
        let start = width + gap
        return WidgetPlacement(size: Size(width: 2 * (width + gap) + valueWidth, height: height),
                               valueSpan: start..<(start + valueWidth))
    }
}
