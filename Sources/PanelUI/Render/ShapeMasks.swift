/// The 8-bit coverage of small shapes (a checkbox's ring and check, a switch's track and knob), kept
/// from frame to frame: a widget drawn again where it was, or where it sits the same within
/// a pixel, blends its stored coverage instead of working out a distance and a square root per
/// pixel. LVGL keeps its anti-aliased circle masks for the same reason.
///
/// A mask is made by the same shape code that draws straight onto a canvas, so a shape looks
/// the same either way. One renderer thread uses a cache; the painter holds one per panel.
public final class ShapeMasks {
    /// Shapes whose box is bigger than this on either side are drawn directly: a group's box or
    /// a big switch would cost more memory than the square roots they save.
    static let maxSide = 64
    /// An animation makes a new mask for each frame of a scaling box; the cache is emptied
    /// when it holds this many, so it stays a few hundred kilobytes at most.
    static let maxCount = 128

    /// A shape moved to the mask's origin: the key is the exact geometry drawn there.
    enum Key: Hashable {
        /// A rounded box (`RoundedBox`'s fields); `lineWidth` 0 for a fill.
        case box(cx: Double, cy: Double, hx: Double, hy: Double, radius: Double, lineWidth: Double)
        case polyline([Point], lineWidth: Double)
    }

    private var masks = BoundedMemo<Key, CoverageMask>(limit: maxCount)

    public init() {}

    var count: Int { masks.count }

    func mask(_ key: Key, width: Int, height: Int, draw: (Canvas) -> Void) -> CoverageMask {
        masks.value(for: key) {
            // Opaque white over black: each pixel's channels are then exactly its 8-bit coverage.
            let scratch = PixelBuffer(width: width, height: height, fill: 0)
            draw(Canvas(buffer: scratch))
            return CoverageMask(width: width, height: height, coverage: scratch.pixels.map { UInt8(truncatingIfNeeded: $0) })
        }
    }
}

/// Rows of 8-bit coverage, 255 = fully covered.
struct CoverageMask {
    let width: Int
    let height: Int
    let coverage: [UInt8]
}
