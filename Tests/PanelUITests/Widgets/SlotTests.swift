@testable import PanelUI
import Testing

/// Slots: a row finds the kept text and widget it showed last by comparing keys, not hashing
/// them. A slot asked for another key than the one it holds must give that key's picture (or
/// none), never the one it holds.
@Suite struct SlotTests {
    /// A widget's kept pictures, its rectangle in a white 60x40 buffer, and a look of it.
    private static func widgetFixture() -> (widgets: RestingWidgets, rect: Rect, buffer: PixelBuffer, canvas: Canvas, key: RestingWidgets.Key) {
        let rect = Rect(x: 10, y: 10, width: 40, height: 20)
        let buffer = PixelBuffer(width: 60, height: 40, fill: 0xFFFFFF)
        let key = RestingWidgets.Key(look: 0, on: true, rising: true, disabled: false, mirrored: false, size: rect.size,
                                     frame: Rect(x: 0, y: 0, width: 40, height: 20))
        return (RestingWidgets(), rect, buffer, Canvas(buffer: buffer), key)
    }

    @Test func aWidgetSlotGivesOnlyItsOwnKey() {
        let (widgets, rect, buffer, canvas, on) = Self.widgetFixture()
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
        func rows(_ text: String, under: UInt32, slot: Int?) throws -> BlendedText.Rows {
            try #require(cache.rows(of: text, direction: nil, font: font, paint: paint, under: under, slot: slot))
        }
        // A kept image is one picture wherever it is asked for: its rows are at one address.
        let first = try rows("Setting 1", under: 0xFFFFFF, slot: 3)
        #expect(try rows("Setting 1", under: 0xFFFFFF, slot: 3).pixels == first.pixels)
        let image = cache.image(of: "Setting 1", direction: nil, font: font, paint: paint, under: 0xFFFFFF)
        #expect(image.pixels.map { UnsafePointer($0.pixels.baseAddress!) } == first.pixels)
        let other = try rows("Wi-Fi", under: 0xFFFFFF, slot: 3)
        #expect(other.pixels != first.pixels)
        #expect(other.pixels == (try rows("Wi-Fi", under: 0xFFFFFF, slot: nil)).pixels)
        #expect(other.box == cache.image(of: "Wi-Fi", direction: nil, font: font, paint: paint, under: 0xFFFFFF).box)
        // The same string over another colour is another picture, slot or not.
        let grey = try rows("Wi-Fi", under: 0xF2F2F7, slot: 3)
        #expect(grey.pixels != other.pixels)
        let area = grey.box.area
        #expect(Array(UnsafeBufferPointer(start: grey.pixels, count: area)) != Array(UnsafeBufferPointer(start: other.pixels, count: area)))
        // The first string again through the slot that held the others.
        #expect(try rows("Setting 1", under: 0xFFFFFF, slot: 3).pixels == first.pixels)
    }

    /// A slot holds pointers into its picture, not the picture: once the picture is dropped
    /// (the budget overflowed) the slot must not lead to it, but to the one kept now.
    @Test func aTextSlotForgetsADroppedPicture() throws {
        let font = try Font(path: dejaVuSans, pixelSize: 40)
        let cache = BlendedText()
        let paint = try #require(Paint(.black, opacity: 1))
        let first = try #require(cache.rows(of: "Setting 1", direction: nil, font: font, paint: paint, under: 0xFFFFFF, slot: 3))
        var n = 0
        // Until the budget overflows and the first picture is dropped with the rest.
        while cache.keptPixels >= first.box.area, n < 10_000 {
            _ = cache.rows(of: "Label number \(n)", direction: nil, font: font, paint: paint, under: 0xFFFFFF, slot: nil)
            n += 1
        }
        let again = try #require(cache.rows(of: "Setting 1", direction: nil, font: font, paint: paint, under: 0xFFFFFF, slot: 3))
        let kept = cache.image(of: "Setting 1", direction: nil, font: font, paint: paint, under: 0xFFFFFF)
        #expect(kept.pixels.map { UnsafePointer($0.pixels.baseAddress!) } == again.pixels, "the slot gives the picture kept now")
    }

    /// The same for a widget whose kept picture is replaced (drawn over another colour): the
    /// slot must not still copy the old one, which was held over white.
    @Test func aWidgetSlotForgetsAReplacedPicture() {
        let (widgets, rect, buffer, canvas, key) = Self.widgetFixture()
        let widget = { canvas.fill(Rect(x: 20, y: 15, width: 20, height: 10), color: .black) }
        widgets.draw(key, in: rect, canvas: canvas, draw: widget)
        canvas.fill(buffer.bounds, color: .white)
        #expect(widgets.copy(key, slot: 5, in: rect, canvas: canvas), "kept over white, found through the slot")
        canvas.fill(buffer.bounds, color: Color(r: 0xF2, g: 0xF2, b: 0xF7))
        #expect(!widgets.copy(key, slot: 5, in: rect, canvas: canvas))
        widgets.draw(key, in: rect, canvas: canvas, draw: widget)
        // The slot leads to the rows kept now (the old ones are freed), which hold grey under them.
        #expect(widgets.kept(key, slot: 5)?.drawn == widgets.kept(key, slot: nil)?.drawn)
        #expect(widgets.kept(key, slot: 5)?.flat == 0xF2F2F7)
        canvas.fill(buffer.bounds, color: .white)
        #expect(!widgets.copy(key, slot: 5, in: rect, canvas: canvas), "the picture kept now was drawn over grey")
    }
}
