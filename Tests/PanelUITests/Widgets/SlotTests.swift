@testable import PanelUI
import Testing

/// Slots: a row finds the kept text and widget it showed last by comparing keys, not hashing
/// them. A slot asked for another key than the one it holds must give that key's picture (or
/// none), never the one it holds.
@Suite struct SlotTests {
    @Test func aWidgetSlotGivesOnlyItsOwnKey() {
        let widgets = RestingWidgets()
        let rect = Rect(x: 10, y: 10, width: 40, height: 20)
        let buffer = PixelBuffer(width: 60, height: 40, fill: 0xFFFFFF)
        let canvas = Canvas(buffer: buffer)
        let on = RestingWidgets.Key(look: 0, on: true, rising: true, disabled: false, mirrored: false, size: rect.size,
                                    frame: Rect(x: 0, y: 0, width: 40, height: 20))
        var off = on
        off.on = false
        func widget(_ colour: Color) -> () -> Void { { canvas.fill(Rect(x: 20, y: 15, width: 20, height: 10), color: colour) } }
        func expected(_ colour: Color) -> [UInt32] {
            let other = PixelBuffer(width: 60, height: 40, fill: 0xFFFFFF)
            Canvas(buffer: other).fill(Rect(x: 20, y: 15, width: 20, height: 10), color: colour)
            return Array(other.pixels)
        }
        #expect(!widgets.copy(on, slot: 5, in: rect, canvas: canvas))
        widgets.draw(on, in: rect, canvas: canvas, draw: widget(.black))
        canvas.fill(buffer.bounds, color: .white)
        #expect(widgets.copy(on, slot: 5, in: rect, canvas: canvas), "the slot finds the widget it showed")
        #expect(Array(buffer.pixels) == expected(.black))
        canvas.fill(buffer.bounds, color: .white)
        #expect(!widgets.copy(off, slot: 5, in: rect, canvas: canvas), "another key in the same slot is not kept yet")
        #expect(Array(buffer.pixels) == expected(.white))
        widgets.draw(off, in: rect, canvas: canvas, draw: widget(Color(r: 0xFF, g: 0, b: 0)))
        canvas.fill(buffer.bounds, color: .white)
        #expect(widgets.copy(on, slot: 5, in: rect, canvas: canvas))
        #expect(Array(buffer.pixels) == expected(.black), "the first key again, through the slot that held the other")
        canvas.fill(buffer.bounds, color: .white)
        #expect(widgets.copy(off, slot: 5, in: rect, canvas: canvas))
        #expect(Array(buffer.pixels) == expected(Color(r: 0xFF, g: 0, b: 0)))
    }

    @Test func aTextSlotGivesOnlyItsOwnString() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 22)
        let cache = BlendedText()
        let paint = try #require(Paint(.black, opacity: 1))
        let first = cache.image(of: "Setting 1", direction: nil, font: font, paint: paint, under: 0xFFFFFF, slot: 3)
        #expect(cache.image(of: "Setting 1", direction: nil, font: font, paint: paint, under: 0xFFFFFF, slot: 3) === first)
        let other = cache.image(of: "Wi-Fi", direction: nil, font: font, paint: paint, under: 0xFFFFFF, slot: 3)
        #expect(other !== first)
        #expect(other === cache.image(of: "Wi-Fi", direction: nil, font: font, paint: paint, under: 0xFFFFFF))
        // The same string over another colour is another picture, slot or not.
        let grey = cache.image(of: "Wi-Fi", direction: nil, font: font, paint: paint, under: 0xF2F2F7, slot: 3)
        #expect(grey !== other)
        #expect(grey.pixels.map { Array($0.pixels) } != other.pixels.map { Array($0.pixels) })
    }
}
