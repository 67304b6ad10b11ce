import PanelUI
import Testing

@Suite struct PNGTests {
    func patterned() -> PixelBuffer {
        let buffer = PixelBuffer(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 {
                buffer[x, y] = UInt32((x * 7) & 0xFF) << 16 | UInt32((y * 11) & 0xFF) << 8 | UInt32((x * y) & 0xFF)
            }
        }
        return buffer
    }

    @Test func writeThenReadIsExact() throws {
        let file = TemporaryFile("roundtrip.png")
        let original = patterned()
        try PNG.write(original, to: file.path)
        let read = try PNG.readPixels(path: file.path)
        #expect(read.size == original.size)
        #expect(differences(read, original).isEmpty)
    }

    @Test func sameBufferGivesSameBytes() throws {
        let a = TemporaryFile("same-a.png"), b = TemporaryFile("same-b.png")
        try PNG.write(patterned(), to: a.path)
        try PNG.write(patterned(), to: b.path)
        let bytesA = try #require(readBytes(a.path))
        #expect(bytesA.count > 50)
        #expect(bytesA == readBytes(b.path))
    }

    @Test func missingFileErrorsNameThePath() {
        let path = "/nonexistent/icon.png"
        let pngError = #expect(throws: PNGError.self) { try PNG.readPixels(path: path) }
        #expect(pngError?.path == path)
        #expect(pngError?.message.contains(path) == true)
        let imageError = #expect(throws: ImageError.self) { try Image.load(path: path) }
        #expect(imageError?.path == path)
        #expect(imageError?.description.contains(path) == true)
    }

    @Test func garbageFileErrorsNameThePath() {
        let file = TemporaryFile("garbage.png")
        writeBytes(Array("GIF89a definitely not a png".utf8), to: file.path)
        #expect(throws: PNGError.self) { try PNG.readPixels(path: file.path) }
        let error = #expect(throws: ImageError.self) { try Image.load(path: file.path) }
        #expect(error?.path == file.path)
    }

    @Test func unwritablePathIsAnError() {
        let error = #expect(throws: PNGError.self) { try PNG.write(patterned(), to: "/nonexistent/out.png") }
        #expect(error?.path == "/nonexistent/out.png")
    }

    @Test func loadedImageKeepsItsPixels() throws {
        let file = TemporaryFile("image.png")
        try PNG.write(patterned(), to: file.path)
        let image = try Image.load(path: file.path)
        #expect(image.width == 37 && image.height == 23)
        let c = Canvas(buffer: PixelBuffer(width: 37, height: 23))
        c.drawImage(image, in: RectF(x: 0, y: 0, width: 37, height: 23))
        #expect(differences(c.buffer, patterned()).isEmpty, "a 1:1 opaque image draws its exact pixels")
    }
}
