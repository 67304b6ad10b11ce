import Testing
@testable import PanelUI

/// Switches as `SwitchPainter` draws them at the size a 64 px row gives and at 2x. Columns are
/// knob positions 0, 0.25, 0.5, 0.75, 1; rows released, then pressed.
struct SwitchGoldenTests {
    typealias Sheet = WidgetSheet

    func strip(rowHeight: Int, _ painter: SwitchPainter) -> PixelBuffer {
        let sheet = Sheet(cell: SwitchPainter.intrinsicSize(rowHeight: rowHeight), columns: 5, rows: 2)
        return sheet.render { canvas, frame, column, row in
            painter.draw(in: canvas, frame: frame, position: Sheet.onnesses[column], pressed: row == 1)
        }
    }

    @Test(arguments: [64, 128])
    func standard(rowHeight: Int) {
        expectGolden(strip(rowHeight: rowHeight, SwitchPainter(style: .standard(accent: Sheet.accent))),
                     named: "widgets/switch-\(rowHeight)")
    }

    /// Green on, dark grey off, a yellow knob.
    @Test func customColours() {
        let style = SwitchStyle(onTintColor: Color(rgb: 0x34C759), tintColor: Color(rgb: 0x636366), thumbColor: Color(rgb: 0xFFD60A))
        expectGolden(strip(rowHeight: 64, SwitchPainter(style: style)), named: "widgets/switch-colours")
    }

    /// Rows of the 64 px and 128 px strips: on and off track pictures with a picture knob; then
    /// track pictures with the vector knob; then only a knob picture on the coloured track.
    @Test(arguments: [64, 128])
    func images(rowHeight: Int) throws {
        let on = try FixtureImages.load("switch-on"), off = try FixtureImages.load("switch-off")
        let thumb = try FixtureImages.load("switch-thumb")
        let style = SwitchStyle.standard(accent: Sheet.accent)
        let painters = [SwitchPainter(style: style, onImage: on, offImage: off, thumbImage: thumb),
                        SwitchPainter(style: style, onImage: on, offImage: off),
                        SwitchPainter(style: style, thumbImage: thumb)]
        let sheet = Sheet(cell: SwitchPainter.intrinsicSize(rowHeight: rowHeight), columns: 5, rows: 3)
        let image = sheet.render { canvas, frame, column, row in
            painters[row].draw(in: canvas, frame: frame, position: Sheet.onnesses[column], pressed: false)
        }
        expectGolden(image, named: "widgets/switch-images-\(rowHeight)")
    }

    /// Faded as one layer, as the panel draws disabled controls: off, on, pictures off, on.
    @Test func disabled() throws {
        let on = try FixtureImages.load("switch-on"), off = try FixtureImages.load("switch-off")
        let thumb = try FixtureImages.load("switch-thumb")
        let sheet = Sheet(cell: SwitchPainter.intrinsicSize(rowHeight: 64), columns: 4, rows: 1)
        let image = sheet.render { canvas, frame, column, _ in
            let painter = column < 2
                ? SwitchPainter(style: .standard(accent: Sheet.accent))
                : SwitchPainter(style: .standard(accent: Sheet.accent), onImage: on, offImage: off, thumbImage: thumb)
            canvas.drawLayer(frame, opacity: 0.6) { painter.draw(in: $0, frame: $1, position: Double(column % 2), pressed: false) }
        }
        expectGolden(image, named: "widgets/switch-disabled")
    }
}
