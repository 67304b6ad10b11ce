import Testing
@testable import PanelUI

/// `Canvas.fillBackdrop` writes a band row by row, each pixel between a box's corners once;
/// it must give exactly the pixels of the layered draw it replaces: the background filled,
/// then each box filled over it.
@Suite struct BackdropTests {
    /// Sets of boxes that don't overlap: one group, columns side by side, boxes at fractional
    /// positions, a capsule, a square box, boxes touching, one too small to have straight rows,
    /// none, and a box a row high beside a tall one.
    static let boxSets: [(boxes: [RectF], radius: Double)] = [
        ([RectF(x: 20, y: 10, width: 120, height: 70)], 10),
        ([RectF(x: 4, y: 6, width: 70, height: 80), RectF(x: 86, y: 2, width: 66, height: 40),
          RectF(x: 86, y: 50, width: 66, height: 30)], 10),
        ([RectF(x: 10.4, y: 7.6, width: 60.3, height: 50.5), RectF(x: 80.5, y: 20.25, width: 50, height: 60.1)], 7.3),
        ([RectF(x: 30, y: 30, width: 100, height: 24)], 12),
        ([RectF(x: 8, y: 8, width: 60, height: 60), RectF(x: 68, y: 8, width: 60, height: 60)], 0),
        ([RectF(x: 50, y: 40, width: 3, height: 2.5)], 1.25),
        ([], 10),
        // A run of rows on a tall box's straight part, which must end at a box one row high beside it.
        ([RectF(x: 4, y: 2, width: 60, height: 90), RectF(x: 100, y: 50.3, width: 4, height: 0.9)], 3),
    ]

    static let clips = [Rect(x: 0, y: 0, width: 160, height: 96), Rect(x: 0, y: 9, width: 160, height: 30),
                        Rect(x: 35, y: 0, width: 70, height: 96), Rect(x: 0, y: 83, width: 160, height: 13)]

    /// Colours: the light theme's, a translucent box (drawn in layers), a translucent background.
    static let colours: [(background: Color, box: Color)] = [
        (Color(r: 0xF2, g: 0xF2, b: 0xF7), .white), (.black, Color(r: 0x1C, g: 0x1C, b: 0x1E)),
        (Color(r: 0xF2, g: 0xF2, b: 0xF7), Color(r: 0, g: 0x7A, b: 0xFF, a: 0x80)),
        (Color(r: 0x20, g: 0x40, b: 0x60, a: 0x90), .white),
    ]

    @Test(arguments: 0..<8)
    func equalsTheLayeredDraw(set: Int) {
        let (boxes, radius) = Self.boxSets[set]
        for clip in Self.clips {
            for (background, box) in Self.colours {
                for opacity in [1, 0.6] {
                    // Leftovers of an earlier frame, which a translucent background blends over.
                    func earlier() -> PixelBuffer {
                        let buffer = PixelBuffer(width: 160, height: 96)
                        for y in 0..<96 { for x in 0..<160 { buffer[x, y] = UInt32(x * 3 & 0xFF) << 16 | UInt32(y * 7 & 0xFF) << 8 | 0x55 } }
                        return buffer
                    }
                    var layered = Canvas(buffer: earlier(), clip: clip)
                    layered.opacity = opacity
                    layered.fill(clip, color: background)
                    for rect in boxes { layered.fillRoundedRect(rect, radius: radius, color: box) }
                    var rows = Canvas(buffer: earlier(), clip: clip)
                    rows.opacity = opacity
                    rows.shapeMasks = ShapeMasks()
                    rows.fillBackdrop(background: background, boxes: boxes, radius: radius, boxColor: box)
                    let differing = (0..<96).flatMap { y in (0..<160).filter { x in layered.buffer[x, y] != rows.buffer[x, y] }.map { (x: $0, y: y) } }
                    #expect(differing.isEmpty, "set \(set) clip \(clip) \(background) \(box) opacity \(opacity): first at \(differing.first.map { "\($0)" } ?? "")")
                }
            }
        }
    }
}
