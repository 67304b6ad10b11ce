import Testing
@testable import PanelUI

/// Every widget in every state of this slice, drawn by its painter on a row background,
/// at the size a 64 px row gives and at twice that.
struct WidgetGoldenTests {
    static let accent = Color(rgb: 0x007AFF)
    static let progresses: [Double] = [0, 0.25, 0.5, 0.75, 1]

    /// One strip per widget: columns are progress 0, 0.25, 0.5, 0.75, 1, then disabled off and on.
    func strip(cell: Size, draw: (Canvas, Rect, Double) -> Void) -> PixelBuffer {
        let pad = 8
        let columns = Self.progresses.count + 2
        let buffer = PixelBuffer(width: columns * (cell.width + 2 * pad), height: cell.height + 2 * pad, fill: 0xFFFFFF)
        for column in 0..<columns {
            let canvas = Canvas(buffer: buffer)
            let frame = Rect(x: column * (cell.width + 2 * pad) + pad, y: pad, width: cell.width, height: cell.height)
            if column < Self.progresses.count {
                draw(canvas, frame, Self.progresses[column])
            } else {
                // Disabled, faded as one layer as the panel painter does.
                let progress: Double = column == Self.progresses.count ? 0 : 1
                canvas.drawLayer(frame, opacity: 0.6) { draw($0, $1, progress) }
            }
        }
        return buffer
    }

    @Test(arguments: [64, 128])
    func switches(rowHeight: Int) {
        let painter = SwitchPainter(onColor: Self.accent)
        let image = strip(cell: PanelLayout.controlSize(.switch, rowHeight: rowHeight)) { painter.draw(in: $0, frame: $1, progress: $2) }
        expectGolden(image, named: "widgets/switch-\(rowHeight)")
    }

    @Test(arguments: [64, 128])
    func checkboxes(rowHeight: Int) {
        let painter = CheckboxPainter(shape: .square, onColor: Self.accent)
        let image = strip(cell: PanelLayout.controlSize(.checkbox, rowHeight: rowHeight)) { painter.draw(in: $0, frame: $1, progress: $2) }
        expectGolden(image, named: "widgets/checkbox-\(rowHeight)")
    }

    @Test(arguments: [64, 128])
    func radioOptions(rowHeight: Int) {
        let painter = CheckboxPainter(shape: .circle, onColor: Self.accent)
        let image = strip(cell: PanelLayout.controlSize(.radio, rowHeight: rowHeight)) { painter.draw(in: $0, frame: $1, progress: $2) }
        expectGolden(image, named: "widgets/radio-\(rowHeight)")
    }

    /// Painters promise to stay inside their frame: animation damage is only the widget's box.
    @Test(arguments: [ControlKind.switch, .checkbox, .radio])
    func paintersStayInsideTheirFrame(_ kind: ControlKind) {
        let size = PanelLayout.controlSize(kind, rowHeight: 64)
        let buffer = PixelBuffer(width: size.width + 20, height: size.height + 20, fill: 0xFFFFFF)
        let frame = Rect(x: 10, y: 10, width: size.width, height: size.height)
        let canvas = Canvas(buffer: buffer)
        for progress in Self.progresses {
            switch kind {
            case .switch: SwitchPainter(onColor: Self.accent).draw(in: canvas, frame: frame, progress: progress)
            case .checkbox: CheckboxPainter(shape: .square, onColor: Self.accent).draw(in: canvas, frame: frame, progress: progress)
            case .radio: CheckboxPainter(shape: .circle, onColor: Self.accent).draw(in: canvas, frame: frame, progress: progress)
            }
        }
        var touchedOutside = 0
        var touchedInside = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer[x, y] != 0xFFFFFF {
                if frame.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { touchedInside += 1 } else { touchedOutside += 1 }
            }
        }
        #expect(touchedOutside == 0)
        #expect(touchedInside > size.width, "it drew something")
    }
}
