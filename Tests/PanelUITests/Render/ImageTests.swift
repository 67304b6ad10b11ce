import PanelUI
import Testing

@Suite struct ImageTests {
    /// Left pixel opaque red, right pixel fully transparent green.
    let redAndClear = Image(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 255, 0, 0])

    @Test func transparentPixelsLeaveTheBackground() {
        let c = Canvas(buffer: PixelBuffer(width: 4, height: 2, fill: 0x0000FF))
        c.drawImage(redAndClear, in: RectF(x: 0, y: 0, width: 2, height: 1))
        #expect(c.buffer[0, 0] == 0xFF0000)
        #expect(c.buffer[1, 0] == 0x0000FF)
        #expect(c.buffer[2, 0] == 0x0000FF && c.buffer[0, 1] == 0x0000FF)
    }

    @Test func scalingBlendsWithoutColourFringes() {
        let c = Canvas(buffer: PixelBuffer(width: 8, height: 1, fill: 0))
        c.drawImage(redAndClear, in: RectF(x: 0, y: 0, width: 8, height: 1))
        for x in 0..<8 {
            #expect(c.buffer[x, 0] & 0x00FFFF == 0, "premultiplied filtering brings in no green at \(x)")
        }
        #expect(c.buffer[0, 0] == 0xFF0000 && c.buffer[7, 0] == 0)
        #expect(c.buffer[3, 0] > c.buffer[4, 0] && c.buffer[4, 0] > 0)
    }

    @Test func opacityAndClipApply() {
        var c = Canvas(buffer: PixelBuffer(width: 10, height: 10, fill: 0), clip: Rect(x: 0, y: 0, width: 5, height: 10))
        c.opacity = 0.6
        let white = Image(width: 1, height: 1, rgba: [255, 255, 255, 255])
        c.drawImage(white, in: RectF(x: 0, y: 0, width: 10, height: 10))
        #expect(c.buffer[2, 2] == 0x999999)
        #expect(c.buffer[5, 2] == 0)
    }

    @Test func fractionalEdgesAreWeightedByCoverage() {
        let c = Canvas(buffer: PixelBuffer(width: 10, height: 10, fill: 0))
        let white = Image(width: 1, height: 1, rgba: [255, 255, 255, 255])
        c.drawImage(white, in: RectF(x: 2.5, y: 2, width: 5, height: 5))
        #expect(c.buffer[2, 4] == 0x808080)
        #expect(c.buffer[3, 4] == 0xFFFFFF)
        #expect(c.buffer[1, 4] == 0 && c.buffer[8, 4] == 0)
    }
}
