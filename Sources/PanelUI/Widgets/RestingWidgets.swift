/// Widgets at rest, kept as the pixels they leave on a flat row: a checkbox, radio option or
/// switch that is not moving is drawn again by copying those pixels, instead of blending its
/// ring, check, track, shadow and knob one shape after the other.
///
/// A kept widget is used only where it was made: over a rectangle of one colour (the pixels
/// under it are compared before each use), whole inside the clip, and for the same look
/// (`Key`). Anything else draws the widget itself. Kept at most `maxPixels` pixels, so a long
/// list or a scale of 4 can't grow it without bound.
final class RestingWidgets {
    /// What a widget at rest looks like; with the colour under it, everything its pixels depend on.
    struct Key: Hashable {
        /// The painter draws one description: the target names the control, its style and pictures.
        var target: Int
        var on: Bool
        /// A box's animation direction picks its last pose (`Transition.wentUp`, `CheckboxKind.boxDrawing`).
        var rising: Bool
        var disabled: Bool
        var mirrored: Bool
        /// The kept rectangle's size, and the widget's frame inside it: the same pixels at any
        /// whole-pixel position.
        var size: Size
        var frame: Rect
        var under: UInt32 = 0
    }

    /// 2 MB of pixels.
    static let maxPixels = 1 << 19

    private var images: [Key: [UInt32]] = [:]
    private var pixels = 0
    /// Pixels kept now.
    var keptPixels: Int { pixels }
    /// Widgets drawn from a kept image, for tests.
    private(set) var copies = 0

    /// Draws the widget in `rect` (every pixel it may touch) by `draw`, or from its kept pixels.
    func draw(_ key: Key, in rect: Rect, canvas: Canvas, draw: () -> Void) {
        guard !rect.isEmpty, canvas.drawable.intersection(rect) == rect, let under = Self.flatColour(of: rect, in: canvas.buffer) else {
            return draw()
        }
        var key = key
        key.under = under
        let buffer = canvas.buffer
        if let image = images[key] {
            image.withUnsafeBufferPointer { kept in
                for y in 0..<rect.height {
                    (buffer.pixels.baseAddress! + (rect.minY + y) * buffer.width + rect.minX)
                        .update(from: kept.baseAddress! + y * rect.width, count: rect.width)
                }
            }
            copies += 1
            return
        }
        draw()
        if pixels + rect.area > Self.maxPixels {
            images.removeAll(keepingCapacity: true)
            pixels = 0
        }
        var image: [UInt32] = []
        image.reserveCapacity(rect.area)
        for y in rect.minY..<rect.maxY {
            let row = buffer.pixels.baseAddress! + y * buffer.width
            image.append(contentsOf: UnsafeBufferPointer(start: row + rect.minX, count: rect.width))
        }
        images[key] = image
        pixels += rect.area
    }

    /// The one colour every pixel of `rect` has, or nil.
    static func flatColour(of rect: Rect, in buffer: PixelBuffer) -> UInt32? {
        let base = buffer.pixels.baseAddress!
        let colour = base[rect.minY * buffer.width + rect.minX]
        let wide = SIMD8<UInt32>(repeating: colour)
        for y in rect.minY..<rect.maxY {
            let row = UnsafeRawPointer(base + y * buffer.width + rect.minX)
            var x = 0
            while x + 8 <= rect.width {
                guard row.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self) == wide else { return nil }
                x += 8
            }
            while x < rect.width {
                guard row.load(fromByteOffset: x * 4, as: UInt32.self) == colour else { return nil }
                x += 1
            }
        }
        return colour
    }
}
