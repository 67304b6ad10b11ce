/// Filling around rectangles that something opaque will cover, so those pixels are written once.
extension Canvas {
    /// Fills `rect` like `fill(_:color:)`, except inside `holes`, which the caller covers next
    /// with opaque pixels (a group's box between its corners): a pixel under a hole would be
    /// written twice. Holes must not overlap. Rows without a hole stay one run (one string store
    /// when the rect is as wide as the buffer).
    public func fill(_ rect: Rect, color: Color, except holes: [Rect]) {
        let area = rect.intersection(drawable)
        let cut = holes.map { $0.intersection(area) }.filter { !$0.isEmpty }.sorted { $0.minX < $1.minX }
        guard !cut.isEmpty else { return fill(area, color: color) }
        // Horizontal strips at the holes' top and bottom edges; in each, the holes that span it.
        var edges = [area.minY, area.maxY]
        for hole in cut { edges += [hole.minY, hole.maxY] }
        let rows = Set(edges).sorted()
        for (top, bottom) in zip(rows, rows.dropFirst()) {
            var x = area.minX
            for hole in cut where hole.minY <= top && bottom <= hole.maxY {
                if hole.minX > x { fill(Rect(x: x, y: top, width: hole.minX - x, height: bottom - top), color: color) }
                x = max(x, hole.maxX)
            }
            if x < area.maxX { fill(Rect(x: x, y: top, width: area.maxX - x, height: bottom - top), color: color) }
        }
    }
}

extension RoundedBox {
    /// The pixels that a fill of the pixel-aligned `rect` with corner `radius` covers whole in
    /// every row between its corners (coverage 1 from its left edge to its right), one row
    /// fewer at each end as a margin against rounding. Empty when the corners leave no such row.
    static func straightInterior(of rect: Rect, radius: Double) -> Rect {
        let r = min(max(radius, 0), Double(min(rect.width, rect.height)) / 2)
        guard r.isFinite else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        // Rows whose centre lies within the straight sides: y + 0.5 in [minY + r, maxY - r].
        let top = Int((Double(rect.minY) + r - 0.5).rounded(.up)) + 1
        let last = Int((Double(rect.maxY) - r - 0.5).rounded(.down)) - 1
        return Rect(x: rect.x, y: top, width: rect.width, height: max(0, last + 1 - top))
    }
}
