import CPNG
import Glibc

/// PNG files through libpng's simplified API, which reports errors in `png_image.message`
/// instead of longjmp (Swift can't setjmp).
public enum PNG {
    /// 8-bit RGB. The same pixels always give the same bytes (no time or text chunks).
    /// libpng opens `path` itself (fopen: a link there is followed, the file truncated): for a
    /// path in a folder others may write, write `encoded(_:)` through a file of one's own.
    public static func write(_ buffer: PixelBuffer, to path: String) throws(PNGError) {
        var image = rgbImage(buffer)
        let rgb = rgbBytes(buffer)
        let ok = rgb.withUnsafeBytes { png_image_write_to_file(&image, path, 0, $0.baseAddress, 0, nil) }
        guard ok != 0 else {
            throw PNGError(path: path, message: "cannot write PNG \(path): \(message(of: image))")
        }
    }

    /// The bytes `write(_:to:)` writes, in memory; `name` is for the error.
    public static func encoded(_ buffer: PixelBuffer, name: String) throws(PNGError) -> [UInt8] {
        var image = rgbImage(buffer)
        let rgb = rgbBytes(buffer)
        // Asked once for the size (no memory given), then written into that much.
        var size = 0
        var ok = rgb.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        var bytes = [UInt8](repeating: 0, count: size)
        if ok != 0 {
            ok = rgb.withUnsafeBytes { pixels in
                bytes.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &size, 0, pixels.baseAddress, 0, nil) }
            }
        }
        guard ok != 0, size <= bytes.count else {
            throw PNGError(path: name, message: "cannot encode PNG \(name): \(message(of: image))")
        }
        return Array(bytes.prefix(size))
    }

    private static func rgbImage(_ buffer: PixelBuffer) -> png_image {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(buffer.width)
        image.height = png_uint_32(buffer.height)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        return image
    }

    private static func rgbBytes(_ buffer: PixelBuffer) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: buffer.width * buffer.height * 3)
        for (i, pixel) in buffer.pixels.enumerated() {
            rgb[3 * i] = UInt8(truncatingIfNeeded: pixel >> 16)
            rgb[3 * i + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
            rgb[3 * i + 2] = UInt8(truncatingIfNeeded: pixel)
        }
        return rgb
    }

    /// Any PNG as XRGB; alpha is composited over black.
    public static func readPixels(path: String) throws(PNGError) -> PixelBuffer {
        let (width, height, rgba) = try readRGBA(path: path) { PNGError(path: path, message: "cannot read PNG \(path): \($0)") }
        let buffer = PixelBuffer(width: width, height: height)
        for i in 0..<width * height {
            let a = UInt32(rgba[4 * i + 3])
            let r = div255(UInt32(rgba[4 * i]) * a)
            let g = div255(UInt32(rgba[4 * i + 1]) * a)
            let b = div255(UInt32(rgba[4 * i + 2]) * a)
            buffer.pixels[i] = r << 16 | g << 8 | b
        }
        return buffer
    }

    /// The width and height a PNG's header (IHDR) declares, read without decoding a pixel:
    /// a 33 KB file may declare 16384x16384, which decoded takes 2 GiB.
    public static func size(path: String) throws(PNGError) -> Size {
        let failure = { (reason: String) in PNGError(path: path, message: "cannot read PNG \(path): \(reason)") }
        return try readingHeader(path, failure: failure) { (image) throws(PNGError) in
            defer { png_image_free(&image) }
            return Size(width: Int(image.width), height: Int(image.height))
        }
    }

    /// Straight 8-bit RGBA rows of any PNG; `failure` turns libpng's reason into the caller's error.
    /// A PNG larger than `largestSide` on either side is refused from its header, before
    /// anything is allocated for its pixels.
    static func readRGBA<E: Error>(path: String, largestSide: Int = .max,
                                   failure: (String) -> E) throws(E) -> (width: Int, height: Int, rgba: [UInt8]) {
        try readingHeader(path, failure: failure) { (image) throws(E) in
            image.format = png_uint_32(PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA)
            let width = Int(image.width), height = Int(image.height)
            // libpng accepts up to 2^31 pixels a side; refuse what would not fit in memory anyway.
            guard width <= largestSide, height <= largestSide else {
                png_image_free(&image)
                throw failure("it is \(width)x\(height) pixels, more than the \(largestSide) a side allowed")
            }
            guard width.multipliedReportingOverflow(by: height).partialValue <= 1 << 28 else {
                png_image_free(&image)
                throw failure("\(width)x\(height) is too large")
            }
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            let ok = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
            guard ok != 0 else {
                throw failure(message(of: image))
            }
            return (width, height, rgba)
        }
    }

    /// Opens `path` (a regular file only) and reads its header into a png_image, then runs
    /// `body` on it in place: libpng keeps the image's address for its error messages, so it
    /// must not be copied while being read. `body` frees it (png_image_finish_read does too).
    private static func readingHeader<R, E: Error>(_ path: String, failure: (String) -> E,
                                                   _ body: (inout png_image) throws(E) -> R) throws(E) -> R {
        let file = try openRegularFile(path, failure: failure)
        defer { fclose(file) }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_stdio(&image, file) != 0 else {
            throw failure(message(of: image))
        }
        return try body(&image)
    }

    /// The file opened for libpng's stdio reader, if it is a regular file.
    private static func openRegularFile<E: Error>(_ path: String, failure: (String) -> E) throws(E) -> UnsafeMutablePointer<FILE> {
        let fd: CInt
        do throws(RegularFileRefusal) { fd = try PanelUI.openRegularFile(path).fd } catch { throw failure(error.reason) }
        guard let file = fdopen(fd, "rb") else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw failure(reason)
        }
        return file
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
