/// Draws a push or pop between two pages as UINavigationController does: the page on top
/// slides in from the right edge over the page under it, which moves a third as fast to the
/// left, a hairline at the edge between them (all mirrored in a right-to-left panel). Each
/// page is painted once into a snapshot (kept while neither changes) and every frame of the
/// slide is two row copies.
final class PageSnapshots {
    struct Key: Hashable {
        var page: Int?
        var scroll: Int
        var revision: Int
        var width: Int
        var height: Int
    }

    private var entries: [(key: Key, buffer: PixelBuffer)] = []

    /// The snapshot for `key`, made by `paint` when it is not kept; at most two are kept
    /// (the two pages of one slide).
    func snapshot(_ key: Key, paint: (PixelBuffer) -> Void) -> PixelBuffer {
        if let kept = entries.first(where: { $0.key == key }) { return kept.buffer }
        let buffer = PixelBuffer(width: key.width, height: key.height)
        paint(buffer)
        entries.append((key, buffer))
        if entries.count > 2 { entries.removeFirst() }
        return buffer
    }
}

extension PanelPainter {
    /// How far the page under moves while the one on top crosses the screen.
    static let underPageTravel = 0.3

    /// Draws the slide at `now` into `clip` of `buffer`; false when no slide moves.
    func drawSlide(_ model: PanelModel, at now: Double, into buffer: PixelBuffer, clip: Rect) -> Bool {
        guard let slide = model.pageSlide(at: now) else { return false }
        let width = buffer.width, height = buffer.height
        func snapshot(_ page: Int?, _ scroll: Int) -> PixelBuffer {
            let key = PageSnapshots.Key(page: page, scroll: scroll, revision: model.pageRevision, width: width, height: height)
            return pageSnapshots.snapshot(key) { snap in
                let still = model.showing(page: page, scrolledTo: scroll)
                draw(still, at: now, into: snap, clip: snap.bounds)
            }
        }
        let under = snapshot(slide.parent, slide.parentScroll)
        let top = snapshot(slide.child, slide.childScroll)
        let p = slide.progress.isNaN ? 1 : min(max(slide.progress, 0), 1)
        let topLeft = Int(pixels: (Double(width) * (1 - p)).rounded())
        let shift = Int(pixels: (Double(width) * Self.underPageTravel * p).rounded())
        let edge = theme.separator.xrgb
        if model.layout.direction.isRightToLeft {
            copyMirroredSlide(under: under, top: top, topRight: width - topLeft, shift: shift, edge: edge, into: buffer, clip: clip)
            return true
        }
        for y in clip.minY..<clip.maxY {
            let row = buffer.pixels.baseAddress! + y * width
            let left = clip.minX, right = clip.maxX
            let split = min(max(topLeft, left), right)
            if left < split {
                (row + left).update(from: under.pixels.baseAddress! + y * width + left + shift, count: split - left)
            }
            if split < right {
                (row + split).update(from: top.pixels.baseAddress! + y * width + split - topLeft, count: right - split)
            }
            // No edge while the page on top is wholly off the screen (the first instant of a push).
            if topLeft > 0, topLeft < width, topLeft - 1 >= left, topLeft - 1 < right { row[topLeft - 1] = edge }
        }
        return true
    }
}

extension PanelPainter {
    /// A right-to-left slide: the page on top comes in from the left edge, its right edge at
    /// `topRight`, and the page under it moves `shift` to the right; the hairline is just right
    /// of the page on top.
    private func copyMirroredSlide(under: PixelBuffer, top: PixelBuffer, topRight: Int, shift: Int, edge: UInt32,
                                   into buffer: PixelBuffer, clip: Rect) {
        let width = buffer.width
        for y in clip.minY..<clip.maxY {
            let row = buffer.pixels.baseAddress! + y * width
            let left = clip.minX, right = clip.maxX
            let split = min(max(topRight, left), right)
            if left < split {
                (row + left).update(from: top.pixels.baseAddress! + y * width + left + width - topRight, count: split - left)
            }
            if split < right {
                (row + split).update(from: under.pixels.baseAddress! + y * width + split - shift, count: right - split)
            }
            if topRight > 0, topRight < width, topRight >= left, topRight < right { row[topRight] = edge }
        }
    }
}
