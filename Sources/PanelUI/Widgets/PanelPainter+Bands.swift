/// Where a frame is cut into bands of rows.
extension PanelPainter {
    /// The clip cut into full-width bands at the edges of the title and headers and, every
    /// `bandBytes` or so, at a row's edge, drawn one after the other: each band's background,
    /// group box, text and widgets are painted while its pixels are still in the cache. Drawn
    /// all at once, the background of a 1080p frame would be written back to memory before the
    /// text and widgets over it read it again. Cutting at the items' edges puts each item in
    /// one band, so none is laid out twice.
    static func bands(of layout: PanelLayout, dy: Int, clip: Rect) -> [Rect] {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: mostEdges(of: layout, dy: dy, clip: clip)) { edges in
            let count = Self.edges(of: layout, dy: dy, clip: clip, into: edges)
            return (0..<max(count - 1, 0)).map { Rect(x: clip.x, y: edges[$0], width: clip.width, height: edges[$0 + 1] - edges[$0]) }
        }
    }

    /// The pixels a band of rows holds before a row starts another, in bytes: a band's
    /// background is drawn whole before its text and widgets read the pixels under them again,
    /// so it should stay in the cache meanwhile, and each band costs a little to set up. Rows
    /// of a frame as wide as 1080p's go two to a band (983 KB), 4K's one. Cut at every row, a
    /// dense 1080p frame took 2.6 µs longer after the copy to the screen and 3.7 µs longer from
    /// memory (600 A/B rounds on the build machine, 1 MB of second-level cache a core). Wider
    /// bands were faster still after the copy but lost the gain from memory: three rows
    /// (1.5 MB) about half of it, a section's rows in one band (7 MB) all of it.
    static let bandBytes = 768 << 10

    /// How many edges `edges(of:dy:clip:into:)` may find at most.
    static func mostEdges(of layout: PanelLayout, dy: Int, clip: Rect) -> Int {
        let top = clip.minY - dy, bottom = clip.maxY - dy
        var most = 6
        for index in layout.sectionIndices(reaching: top, bottom) { most += 2 + 2 * layout.sections[index].rowIndices(reaching: top, bottom).count }
        return most
    }

    /// The bands' edges, top to bottom and each once, into `edges` (at least `mostEdges` long):
    /// the clip's top, the cuts inside it, its bottom. Band `k` is rows `edges[k]..<edges[k + 1]`;
    /// returns how many edges there are. A frame cuts its clip again every time, into memory its
    /// caller keeps on the stack: arrays for the cuts and the bands were the frame's only calls
    /// into the allocator.
    static func edges(of layout: PanelLayout, dy: Int, clip: Rect, into edges: UnsafeMutableBufferPointer<Int>) -> Int {
        var count = 0
        func add(_ y: Int) {
            edges.initializeElement(at: count, to: y)
            count += 1
        }
        func cut(_ y: Int) {
            if clip.minY < y && y < clip.maxY { add(y) }
        }
        // The list's edges count only inside the viewport: a row scrolled under the title
        // must not cut the title.
        let viewport = layout.viewport
        func cutList(_ y: Int) {
            if viewport.minY <= y && y <= viewport.maxY { cut(y) }
        }
        add(clip.minY)
        cut(viewport.minY)
        cut(viewport.maxY)
        if let title = layout.titleFrame {
            cut(title.minY)
            cut(title.maxY)
        }
        // Only the items reaching into the clip can cut it.
        let top = clip.minY - dy, bottom = clip.maxY - dy
        let bandHeight = Self.bandBytes / max(4 * clip.width, 1)
        for index in layout.sectionIndices(reaching: top, bottom) {
            // Beside the list (the scroll indicator's column) no item shows: one band is enough.
            let group = layout.sections[index].groupFrame
            guard group.minX < clip.maxX && clip.minX < group.maxX else { continue }
            if let header = layout.sections[index].headerFrame {
                cutList(header.minY + dy)
                cutList(header.maxY + dy)
            }
            // A row starts a band once the band above it holds `bandBytes`; the last row ends one.
            let rows = layout.sections[index].rowIndices(reaching: top, bottom)
            var bandTop: Int?
            for row in rows {
                let frame = layout.sections[index].rows[row].frame
                if bandTop.map({ frame.minY - $0 >= bandHeight }) ?? true {
                    cutList(frame.minY + dy)
                    bandTop = frame.minY
                }
            }
            if let last = rows.last { cutList(layout.sections[index].rows[last].frame.maxY + dy) }
        }
        if clip.maxY > clip.minY { add(clip.maxY) }
        // Nearly in order already (rows come top to bottom): an insertion sort in place, then
        // each edge once.
        for i in 1..<max(count, 1) {
            let y = edges[i]
            var j = i
            while j > 0, edges[j - 1] > y {
                edges[j] = edges[j - 1]
                j -= 1
            }
            edges[j] = y
        }
        var kept = min(count, 1)
        for i in 1..<max(count, 1) where edges[i] != edges[kept - 1] {
            edges[kept] = edges[i]
            kept += 1
        }
        return kept
    }
}
