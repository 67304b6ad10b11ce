/// Where a frame is cut into bands of rows.
extension PanelPainter {
    /// The clip cut into full-width bands of rows at the edges of the title, headers and rows,
    /// drawn one after the other: each band's background, group box, text and widgets are
    /// painted while its pixels are still in the cache. Drawn all at once, the background of
    /// a 1080p frame would be written back to memory before the text and widgets over it read
    /// it again. Cutting at the items' edges puts each item in one band, so none is laid out twice.
    static func bands(of layout: PanelLayout, dy: Int, clip: Rect) -> [Rect] {
        var bands: [Rect] = []
        forEachBand(of: layout, dy: dy, clip: clip) { bands.append($0) }
        return bands
    }

    /// The same bands, top to bottom, each handed to `body` as it is found. Nothing is
    /// allocated: the cuts are kept on the stack (a frame cuts its clip again every time, and
    /// four arrays a frame were its only calls into the allocator).
    static func forEachBand(of layout: PanelLayout, dy: Int, clip: Rect, _ body: (Rect) -> Void) {
        // Only the items reaching into the clip can cut it.
        let top = clip.minY - dy, bottom = clip.maxY - dy
        let sections = layout.sectionIndices(reaching: top, bottom)
        var most = 6
        for index in sections { most += 2 + 2 * layout.sections[index].rowIndices(reaching: top, bottom).count }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: most) { cuts in
            var count = 0
            func cut(_ y: Int) {
                if clip.minY < y && y < clip.maxY {
                    cuts.initializeElement(at: count, to: y)
                    count += 1
                }
            }
            // The list's edges count only inside the viewport: a row scrolled under the title
            // must not cut the title.
            let viewport = layout.viewport
            func cutList(_ y: Int) {
                if viewport.minY <= y && y <= viewport.maxY { cut(y) }
            }
            cut(viewport.minY)
            cut(viewport.maxY)
            if let title = layout.titleFrame {
                cut(title.minY)
                cut(title.maxY)
            }
            for index in sections {
                // Beside the list (the scroll indicator's column) no item shows: one band is enough.
                let group = layout.sections[index].groupFrame
                guard group.minX < clip.maxX && clip.minX < group.maxX else { continue }
                if let header = layout.sections[index].headerFrame {
                    cutList(header.minY + dy)
                    cutList(header.maxY + dy)
                }
                for row in layout.sections[index].rowIndices(reaching: top, bottom) {
                    let frame = layout.sections[index].rows[row].frame
                    cutList(frame.minY + dy)
                    cutList(frame.maxY + dy)
                }
            }
            // Nearly in order already (rows come top to bottom): an insertion sort, in place.
            for i in 1..<max(count, 1) {
                let y = cuts[i]
                var j = i
                while j > 0, cuts[j - 1] > y {
                    cuts[j] = cuts[j - 1]
                    j -= 1
                }
                cuts[j] = y
            }
            var upper = clip.minY
            for y in cuts[0..<count] where y > upper {
                body(Rect(x: clip.x, y: upper, width: clip.width, height: y - upper))
                upper = y
            }
            if clip.maxY > upper { body(Rect(x: clip.x, y: upper, width: clip.width, height: clip.maxY - upper)) }
            cuts.baseAddress!.deinitialize(count: count)
        }
    }
}
