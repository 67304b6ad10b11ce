/// A bitmap for `Canvas.drawImage` (icons). Stored premultiplied so that filtering between an
/// opaque and a transparent pixel doesn't pull in the transparent pixel's colour.
public final class Image {
    public let width: Int
    public let height: Int
    /// `0xAARRGGBB`, premultiplied, rows packed.
    let pixels: [UInt32]

    /// From straight-alpha RGBA8 rows.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4,
                     "rgba must hold width × height × 4 bytes")
        self.width = width
        self.height = height
        pixels = (0..<width * height).map { i in
            let a = UInt32(rgba[4 * i + 3])
            let r = div255(UInt32(rgba[4 * i]) * a)
            let g = div255(UInt32(rgba[4 * i + 1]) * a)
            let b = div255(UInt32(rgba[4 * i + 2]) * a)
            return a << 24 | r << 16 | g << 8 | b
        }
    }

    /// The most pixels an image may have on a side: far more than any widget is drawn at,
    /// and 64 MiB decoded at most (a 16384x16384 PNG of 33 KB took 2 GiB).
    public static let largestSide = 4096

    /// A PNG file, refused from its header when it is larger than `largestSide` on a side, so
    /// no caller can make it allocate gigabytes.
    public static func load(path: String) throws(ImageError) -> Image {
        let (width, height, rgba) = try PNG.readRGBA(path: path, largestSide: largestSide) {
            ImageError(path: path, message: "cannot load image \(path): \($0)")
        }
        return Image(width: width, height: height, rgba: rgba)
    }
}
