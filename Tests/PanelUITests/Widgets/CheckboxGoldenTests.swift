import Testing
@testable import PanelUI

/// Checkboxes and radio options as `CheckboxPainter` draws them, at the 32 px box a 64 px row
/// gives and at 2x. Columns are onness 0, 0.25, 0.5, 0.75, 1 unless a test says otherwise.
struct CheckboxGoldenTests {
    static let side = 32
    typealias Sheet = WidgetSheet

    func style(_ boxType: BoxType, _ animation: CheckboxAnimation, lineWidth: Double = 2) -> CheckboxStyle {
        var style = CheckboxStyle.standard(boxType: boxType, accent: Sheet.accent)
        style.onAnimation = animation
        style.offAnimation = animation
        style.lineWidth = lineWidth
        return style
    }

    /// Rows: square turning on, square turning off, circle turning on, circle turning off.
    @Test(arguments: CheckboxAnimation.allCases)
    func animation(_ animation: CheckboxAnimation) {
        let sheet = Sheet(cell: Size(width: Self.side, height: Self.side), columns: 5, rows: 4)
        let image = sheet.render { canvas, frame, column, row in
            CheckboxPainter(style: style(row < 2 ? .square : .circle, animation))
                .draw(in: canvas, frame: frame, onness: Sheet.onnesses[column], turningOn: row % 2 == 0)
        }
        expectGolden(image, named: "widgets/checkbox-\(animation.rawValue)")
    }

    /// Every animation turning on at a 64 px box with a 4 px line: rows in `CheckboxAnimation` order.
    @Test(arguments: BoxType.allCases)
    func animationsAt2x(_ boxType: BoxType) {
        let sheet = Sheet(cell: Size(width: 2 * Self.side, height: 2 * Self.side), columns: 5, rows: CheckboxAnimation.allCases.count)
        let image = sheet.render { canvas, frame, column, row in
            CheckboxPainter(style: style(boxType, CheckboxAnimation.allCases[row], lineWidth: 4))
                .draw(in: canvas, frame: frame, onness: Sheet.onnesses[column], turningOn: true)
        }
        expectGolden(image, named: "widgets/checkbox-2x-\(boxType.rawValue)")
    }

    /// Rows: the standard look with hide_box (the check takes the accent), then BEMCheckBox's own
    /// look (clear fill, coloured check) with hide_box; stroke, then one_stroke.
    @Test func hiddenBox() {
        let sheet = Sheet(cell: Size(width: Self.side, height: Self.side), columns: 5, rows: 4)
        let image = sheet.render { canvas, frame, column, row in
            var style = style(.square, row % 2 == 0 ? .stroke : .oneStroke)
            style.hideBox = true
            if row >= 2 {
                style.onFillColor = .clear
                style.onCheckColor = Color(rgb: 0x34C759)
            }
            CheckboxPainter(style: style).draw(in: canvas, frame: frame, onness: Sheet.onnesses[column], turningOn: true)
        }
        expectGolden(image, named: "widgets/checkbox-hide-box")
    }

    /// Every colour set: a yellow box fill in both states, red outline off, green outline,
    /// light green fill and dark green check on. Rows: square stroke, circle fade, square with
    /// a clear on fill (BEMCheckBox's default look).
    @Test func customColours() {
        let sheet = Sheet(cell: Size(width: Self.side, height: Self.side), columns: 5, rows: 3)
        let image = sheet.render { canvas, frame, column, row in
            var style = CheckboxStyle(boxType: row == 1 ? .circle : .square, tintColor: Color(rgb: 0xFF3B30),
                                      onTintColor: Color(rgb: 0x248A3D), boxFillColor: Color(rgb: 0xFFF4C2),
                                      onFillColor: Color(rgb: 0xB8F0C4), onCheckColor: Color(rgb: 0x145C28),
                                      onAnimation: row == 1 ? .fade : .stroke)
            if row == 2 { style.onFillColor = .clear }
            CheckboxPainter(style: style).draw(in: canvas, frame: frame, onness: Sheet.onnesses[column], turningOn: true)
        }
        expectGolden(image, named: "widgets/checkbox-colours")
    }

    /// Rows: line width 1, 2, 4. Columns: square off, half way (stroke), on; circle the same.
    @Test func lineWidths() {
        let sheet = Sheet(cell: Size(width: Self.side, height: Self.side), columns: 6, rows: 3)
        let image = sheet.render { canvas, frame, column, row in
            let painter = CheckboxPainter(style: style(column < 3 ? .square : .circle, .stroke, lineWidth: [1, 2, 4][row]))
            painter.draw(in: canvas, frame: frame, onness: [0, 0.5, 1][column % 3], turningOn: true)
        }
        expectGolden(image, named: "widgets/checkbox-line-widths")
    }

    /// Rows: both pictures at 32 px, both at 64 px, only an on picture (off is the vector look).
    @Test func images() throws {
        let on = try FixtureImages.load("checkbox-on"), off = try FixtureImages.load("checkbox-off")
        let sheet = Sheet(cell: Size(width: 2 * Self.side, height: 2 * Self.side), columns: 5, rows: 3)
        let image = sheet.render { canvas, frame, column, row in
            let small = Rect(x: frame.x, y: frame.y, width: Self.side, height: Self.side)
            let painter = CheckboxPainter(style: style(.square, .stroke), onImage: on, offImage: row == 2 ? nil : off)
            painter.draw(in: canvas, frame: row == 0 ? small : frame, onness: Sheet.onnesses[column], turningOn: true)
        }
        expectGolden(image, named: "widgets/checkbox-images")
    }

    /// Faded as one layer, as the panel draws disabled controls. Columns: square off, on, circle
    /// off, on, pictures off, on.
    @Test func disabled() throws {
        let on = try FixtureImages.load("checkbox-on"), off = try FixtureImages.load("checkbox-off")
        let sheet = Sheet(cell: Size(width: Self.side, height: Self.side), columns: 6, rows: 1)
        let image = sheet.render { canvas, frame, column, _ in
            let painter = column >= 4
                ? CheckboxPainter(style: style(.square, .stroke), onImage: on, offImage: off)
                : CheckboxPainter(style: style(column < 2 ? .square : .circle, .stroke))
            canvas.drawLayer(frame, opacity: 0.6) { painter.draw(in: $0, frame: $1, onness: Double(column % 2), turningOn: true) }
        }
        expectGolden(image, named: "widgets/checkbox-disabled")
    }
}
