import Glibc

/// Widgets at rest, kept with what they were drawn over: a checkbox, radio option or switch
/// that is not moving is drawn again by copying its pixels, instead of blending its ring,
/// check, track, shadow and knob one shape after the other.
///
/// A kept widget is used only over exactly what it was drawn on (compared before each use:
/// nearly always its row's one colour, else the very pixels, a separator or a group's edge) and
/// for the same look (`Key`). Anything else draws the widget itself. A widget cut by the clip
/// into bands of rows (rows of side-by-side columns that don't line up) is kept and copied band
/// by band: each pixel depends only on the look and the pixel under it. Kept at most
/// `maxPixels` pixels, so a long list or a scale of 4 can't grow it without bound.
final class RestingWidgets {
    /// What a widget at rest looks like; with the pixels under it, everything its pixels depend on.
    struct Key: Hashable {
        /// The painter draws one description: the first control whose widget looks like this
        /// one (same kind and styles, `PanelPainter.looks`), so alike widgets share an image.
        var look: Int
        var on: Bool
        /// A box's animation direction picks its last pose (`Transition.wentUp`, `CheckboxKind.boxDrawing`).
        var rising: Bool
        var disabled: Bool
        var mirrored: Bool
        /// The kept rectangle's size, and the widget's frame inside it: the same pixels at any
        /// whole-pixel position.
        var size: Size
        var frame: Rect
    }

    /// A widget's rectangle after it was drawn, row after row, which rows hold it, and what
    /// it was drawn over: one colour (a row's background, nearly always), or those pixels.
    /// Its storage never moves while it lives, so a slot holds pointers into it (`Rows`).
    private final class Kept {
        let flat: UInt32?
        /// Empty when `flat` is set.
        let under: UnsafeMutableBufferPointer<UInt32>
        let drawn: UnsafeMutableBufferPointer<UInt32>
        let held: UnsafeMutableBufferPointer<Bool>

        init(flat: UInt32?, area: Int, height: Int) {
            self.flat = flat
            under = flat == nil ? .allocate(capacity: area) : UnsafeMutableBufferPointer(start: nil, count: 0)
            under.initialize(repeating: 0)
            drawn = .allocate(capacity: area)
            drawn.initialize(repeating: 0)
            held = .allocate(capacity: height)
            held.initialize(repeating: false)
        }

        deinit {
            under.deallocate()
            drawn.deallocate()
            held.deallocate()
        }

        var pixels: Int { under.count + drawn.count }
        var rows: Rows { Rows(flat: flat, under: UnsafePointer(under.baseAddress), drawn: UnsafePointer(drawn.baseAddress!), held: UnsafePointer(held.baseAddress!)) }
    }

    /// What a copy of a kept widget reads, held by a slot itself: the slot leads straight to the
    /// pixels, without the object (through it each copy took two more loads, each waiting for
    /// the one before: two misses a widget on a frame whose data left the caches). Valid while
    /// the widget is kept: the slots are forgotten whenever one is dropped or replaced.
    struct Rows {
        let flat: UInt32?
        let under: UnsafePointer<UInt32>?
        let drawn: UnsafePointer<UInt32>
        let held: UnsafePointer<Bool>
    }

    /// 2 MB of pixels.
    static let maxPixels = 1 << 19

    /// Rows being kept as the stores that drew them, told of each copy (`RestingRows`).
    var restingRows: RestingRows?
    /// Changes whenever kept pixels may have been dropped: `Rows` from before are not valid.
    var generation: Int { recent.generation }

    private var images: [Key: Kept] = [:]
    /// What each slot showed last (`copy(_:slot:in:canvas:)`).
    private var recent = SlotMemo<Key, Rows>()
    private var pixels = 0
    /// Pixels kept now.
    var keptPixels: Int { pixels }
    /// Widgets (or bands of them) drawn from kept pixels, and drawn by their painters, for tests.
    private(set) var copies = 0
    private(set) var draws = 0

    /// Shows the widget in `rect` (every pixel it may touch) from its kept pixels, as far as
    /// the clip lets it; false when it must be drawn (`draw`). True as well when the clip
    /// leaves none of it.
    /// `slot` (a row's target) names where the widget was shown last, so that the same widget
    /// there is found again by comparing keys instead of hashing one.
    func copy(_ key: Key, slot: Int? = nil, in rect: Rect, canvas: Canvas) -> Bool {
        let part = canvas.drawable.intersection(rect)
        guard !part.isEmpty else { return true }
        guard let rows = Self.rows(of: part, in: rect), let kept = kept(key, slot: slot),
              Self.holds(kept, rows, of: rect, in: canvas.buffer) else {
            return false
        }
        let copied = Rect(x: rect.minX, y: rect.minY + rows.lowerBound, width: rect.width, height: rows.count)
        let source = kept.drawn + rows.lowerBound * rect.width
        canvas.buffer.copyRows(into: copied, from: source, pitch: rect.width)
        copies += 1
        if let flat = kept.flat {
            restingRows?.record(RestingRows.Store(rect: copied, colour: flat, source: source, pitch: rect.width))
        } else {
            // Kept over other pixels than one colour: a row's stores can't check those.
            restingRows?.spoil()
        }
        return true
    }

    /// The kept widget for `key`: the one `slot` showed last when its key is the same (a row's
    /// widget at rest is the same frame after frame), else the one kept under that key.
    func kept(_ key: Key, slot: Int?) -> Rows? {
        if let found = recent.value(for: key, slot: slot) { return found }
        guard let rows = images[key]?.rows else { return nil }
        recent.remember(rows, for: key, slot: slot)
        return rows
    }

    /// Draws the widget in `rect` by `draw`, and keeps what it leaves with what it was drawn over.
    func draw(_ key: Key, in rect: Rect, canvas: Canvas, draw: () -> Void) {
        draws += 1
        let part = canvas.drawable.intersection(rect)
        guard let rows = Self.rows(of: part, in: rect), 2 * rect.area <= Self.maxPixels else { return draw() }
        let buffer = canvas.buffer
        let flat = Self.flatColour(rows, of: rect, in: buffer)
        let kept: Kept, old = images[key]
        if let old, old.flat == flat {
            kept = old
        } else {
            // New, or drawn over something else than the rows it holds: they start again. The
            // slots forget what they showed, so no dropped image outlives the budget through them.
            recent.forgetAll()
            if let old { pixels -= old.pixels }
            let size = (flat == nil ? 2 : 1) * rect.area
            if pixels + size > Self.maxPixels {
                images.removeAll(keepingCapacity: true)
                pixels = 0
            }
            kept = Kept(flat: flat, area: rect.area, height: rect.height)
            images[key] = kept
            pixels += size
        }
        if flat == nil { Self.copy(rows, of: rect, in: buffer, to: kept.under) }
        draw()
        Self.copy(rows, of: rect, in: buffer, to: kept.drawn)
        for y in rows { kept.held[y] = true }
    }

    /// The rows of `rect` that `part` (its part in the clip) holds; nil when the clip cuts
    /// columns too, which bands of a panel (as wide as the screen) never do, or leaves none.
    private static func rows(of part: Rect, in rect: Rect) -> Range<Int>? {
        guard !part.isEmpty, part.minX == rect.minX, part.maxX == rect.maxX else { return nil }
        return (part.minY - rect.minY)..<(part.maxY - rect.minY)
    }

    /// Row `y` of `rect` in `buffer`.
    private static func line(_ y: Int, of rect: Rect, in buffer: PixelBuffer) -> UnsafeMutablePointer<UInt32> {
        buffer.pixels.baseAddress! + (rect.minY + y) * buffer.width + rect.minX
    }

    /// Rows `rows` of `rect` into `image`, which holds the whole rectangle row after row.
    private static func copy(_ rows: Range<Int>, of rect: Rect, in buffer: PixelBuffer, to image: UnsafeMutableBufferPointer<UInt32>) {
        for y in rows {
            (image.baseAddress! + y * rect.width).update(from: line(y, of: rect, in: buffer), count: rect.width)
        }
    }

    /// Whether rows `rows` of `rect` hold the kept widget's: drawn over exactly what is there now.
    private static func holds(_ kept: Rows, _ rows: Range<Int>, of rect: Rect, in buffer: PixelBuffer) -> Bool {
        for y in rows where !kept.held[y] { return false }
        if let colour = kept.flat { return flatColour(rows, of: rect, in: buffer) == colour }
        guard let under = kept.under else { return false }
        for y in rows where memcmp(line(y, of: rect, in: buffer), under + y * rect.width, rect.width * 4) != 0 {
            return false
        }
        return true
    }

    /// The one colour every pixel of rows `rows` of `rect` has, or nil.
    private static func flatColour(_ rows: Range<Int>, of rect: Rect, in buffer: PixelBuffer) -> UInt32? {
        let colour = line(rows.lowerBound, of: rect, in: buffer).pointee
        let part = Rect(x: rect.minX, y: rect.minY + rows.lowerBound, width: rect.width, height: rows.count)
        return buffer.isFlat(part, colour: colour) ? colour : nil
    }
}
