import PanelUI

/// A grid of equal cells on a white row background, one widget drawn per cell: golden strips
/// where each row is one style or animation and each column one state.
struct WidgetSheet {
    static let accent = Color(rgb: 0x007AFF)
    static let onnesses: [Double] = [0, 0.25, 0.5, 0.75, 1]

    let cell: Size
    let columns: Int
    let rows: Int
    var pad = 8

    func frame(column: Int, row: Int) -> Rect {
        Rect(x: column * (cell.width + 2 * pad) + pad, y: row * (cell.height + 2 * pad) + pad,
             width: cell.width, height: cell.height)
    }

    /// Draws `draw(canvas, frame, column, row)` in every cell.
    func render(_ draw: (Canvas, Rect, Int, Int) -> Void) -> PixelBuffer {
        let image = PixelBuffer(width: columns * (cell.width + 2 * pad), height: rows * (cell.height + 2 * pad), fill: 0xFFFFFF)
        let canvas = Canvas(buffer: image)
        for row in 0..<rows {
            for column in 0..<columns {
                draw(canvas, frame(column: column, row: row), column, row)
            }
        }
        return image
    }
}

/// The test pictures in `Fixtures/images` (see the README there).
enum FixtureImages {
    static func load(_ name: String) throws -> Image {
        var path = Substring(#filePath)
        for _ in 0..<2 {
            if let slash = path.lastIndex(of: "/") { path = path[..<slash] }
        }
        return try Image.load(path: path + "/Fixtures/images/" + name + ".png")
    }
}
