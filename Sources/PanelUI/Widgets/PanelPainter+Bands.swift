/// Where a frame is cut into bands of rows.
extension PanelPainter {
    /// The clip cut into full-width bands of rows at the edges of the title, headers and rows,
    /// drawn one after the other: each band's background, group box, text and widgets are
    /// painted while its pixels are still in the cache. Drawn all at once, the background of
    /// a 1080p frame would be written back to memory before the text and widgets over it read
    /// it again. Cutting at the items' edges puts each item in one band, so none is laid out twice.
    static func bands(of layout: PanelLayout, dy: Int, clip: Rect) -> [Rect] {
        // Every frame cuts its clip again: one array of cuts, sorted, no set and no array per row.
        var cuts = [clip.minY, clip.maxY]
        cuts.reserveCapacity(32)
        func cut(_ y: Int) {
            if clip.minY < y && y < clip.maxY { cuts.append(y) }
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
        // Only the items reaching into the clip can cut it.
        let top = clip.minY - dy, bottom = clip.maxY - dy
        for index in layout.sectionIndices(reaching: top, bottom) {
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
        cuts.sort()
        var bands: [Rect] = []
        bands.reserveCapacity(cuts.count)
        var upper = cuts[0]
        for y in cuts.dropFirst() where y > upper {
            bands.append(Rect(x: clip.x, y: upper, width: clip.width, height: y - upper))
            upper = y
        }
        return bands
    }
}
