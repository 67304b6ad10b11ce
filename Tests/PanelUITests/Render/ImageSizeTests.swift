import Glibc
import PanelUI
import Testing

/// A PNG's size comes from its header, and `Image.load` refuses a picture larger than
/// 4096 pixels a side from that header, before it allocates anything for the pixels: a valid
/// 33 KB PNG declaring 16384x16384 took 2 GiB.
struct ImageSizeTests {
    @Test func theSizeIsReadFromTheHeaderAlone() throws {
        let file = TemporaryFile("header-only.png")
        writeBytes(pngHeader(width: 16384, height: 9000), to: file.path)
        #expect(try PNG.size(path: file.path) == Size(width: 16384, height: 9000))
    }

    @Test func aHugeDeclaredSizeIsRefusedBeforeDecoding() {
        let file = TemporaryFile("huge.png")
        // No pixels: decoding would fail on them, after allocating 1 GiB for them.
        writeBytes(pngHeader(width: 16384, height: 16384), to: file.path)
        let error = #expect(throws: ImageError.self) { try Image.load(path: file.path) }
        #expect(error?.message == "cannot load image \(file.path): it is 16384x16384 pixels, more than the 4096 a side allowed")
    }

    @Test(arguments: [(4097, 1), (1, 5000)])
    func aDecodablePictureOverTheSideIsRefused(width: Int, height: Int) throws {
        let file = TemporaryFile("long-\(width)x\(height).png")
        try PNG.write(PixelBuffer(width: width, height: height, fill: 0x336699), to: file.path)
        let error = #expect(throws: ImageError.self) { try Image.load(path: file.path) }
        #expect(error?.message.hasSuffix("it is \(width)x\(height) pixels, more than the 4096 a side allowed") == true)
    }

    @Test func fourThousandNinetySixPixelsLoad() throws {
        let file = TemporaryFile("wide.png")
        try PNG.write(PixelBuffer(width: 4096, height: 2, fill: 0x336699), to: file.path)
        let image = try Image.load(path: file.path)
        #expect(image.width == 4096 && image.height == 2)
    }

    /// A FIFO named as a picture is refused at once instead of waiting for a writer.
    @Test func aFIFOIsRefusedWithoutWaiting() {
        let file = TemporaryFile("fifo.png")
        #expect(mkfifo(file.path, 0o600) == 0)
        let sizeError = #expect(throws: PNGError.self) { try PNG.size(path: file.path) }
        #expect(sizeError?.message == "cannot read PNG \(file.path): it is not a regular file")
        let loadError = #expect(throws: ImageError.self) { try Image.load(path: file.path) }
        #expect(loadError?.message == "cannot load image \(file.path): it is not a regular file")
    }
}

/// The PNG signature and IHDR chunk of a 1-bit grey image of `width` x `height`, then an IDAT
/// holding only the start of a zlib stream: a header that reads, with no pixels after it.
func pngHeader(width: Int, height: Int) -> [UInt8] {
    func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(data.count) + body + bigEndian(Int(crc32(body)))
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(width) + bigEndian(height) + [1, 0, 0, 0, 0])
        + chunk("IDAT", [0x78, 0x9C])
}

/// zlib's CRC-32, as PNG chunks carry it.
private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
}
