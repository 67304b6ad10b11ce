import Glibc

extension PixelBuffer {
    /// Moves the pixels of `area` (clipped to the buffer) `dy` rows down, up when negative.
    /// Pixels moved past `area`'s edge are dropped; the `|dy|` rows at the other edge keep
    /// their old pixels, for the caller to repaint.
    ///
    /// Row by row with memmove, in the order that never overwrites a row still to be read
    /// (top first moving up, bottom first moving down); a full-width area is one memmove.
    public func moveRows(in area: Rect, by dy: Int) {
        let r = area.intersection(bounds)
        guard dy != 0, abs(dy) < r.height else { return }
        let base = pixels.baseAddress!
        let rows = r.height - abs(dy)
        let from = dy < 0 ? r.minY - dy : r.minY
        let to = from + dy
        if r.minX == 0, r.width == width {
            memmove(base + to * width, base + from * width, rows * width * 4)
            return
        }
        let bytes = r.width * 4
        for k in 0..<rows {
            let row = dy < 0 ? k : rows - 1 - k
            memmove(base + (to + row) * width + r.minX, base + (from + row) * width + r.minX, bytes)
        }
    }
}

extension PanelPainter {
    /// Brings `buffer`, holding the previous frame, to the frame at `now`: moves what
    /// `damage` moves, then repaints its rectangles. Returns how many pixels were copied.
    @discardableResult
    public func draw(_ model: PanelModel, at now: Double, into buffer: PixelBuffer, damage: FrameDamage) -> Int {
        let moved = damage.move.map { scroll(model, at: now, into: buffer, move: $0) } ?? 0
        for rect in damage.repaint { draw(model, at: now, into: buffer, clip: rect) }
        return moved
    }

    /// The pixels of a scrolled list that stay on screen, brought to their new rows.
    ///
    /// Most of a list is flat: the background around its groups and the row colour inside
    /// them, each one pixel value everywhere. A screen pixel whose content before and after
    /// the scroll is flat of the same kind already holds its new value; only the others are
    /// copied from where the content was (`ContentKinds`): text, widgets, separators, group
    /// corners, and where a group's edge crosses. The rows that come into view are not
    /// touched: the caller repaints them. Returns how many pixels were copied.
    func scroll(_ model: PanelModel, at now: Double, into buffer: PixelBuffer, move: FrameDamage.Move) -> Int {
        let area = move.area.intersection(buffer.bounds), dy = move.dy
        guard dy != 0, abs(dy) < area.height else { return 0 }
        var copied = 0
        let newOffset = model.scrollOffset(at: now), oldOffset = newOffset + dy
        // Destination rows whose source row is still on screen, in the order that reads every row before writing it.
        let rows = dy < 0 ? area.minY..<(area.maxY + dy) : (area.minY + dy)..<area.maxY
        let contentRows = (rows.lowerBound + min(newOffset, oldOffset))..<(rows.upperBound + max(newOffset, oldOffset))
        let kinds = ContentKinds(inside: model.layout.sections.map(\.groupFrame), ink: inkRects(model, rows: contentRows),
                                 columns: area.minX..<area.maxX, rows: contentRows)
        var y = dy < 0 ? rows.lowerBound : rows.upperBound - 1
        var spans: [Range<Int>] = []
        spans.reserveCapacity(8)
        var new = kinds.band(at: y + newOffset), old = kinds.band(at: y + oldOffset)
        while rows.contains(y) {
            new = kinds.band(at: y + newOffset, near: new)
            old = kinds.band(at: y + oldOffset, near: old)
            let newRows = kinds.rows(ofBand: new), oldRows = kinds.rows(ofBand: old)
            // The run of rows in which both contents stay in their bands.
            let count: Int
            if dy < 0 {
                count = min(rows.upperBound, newRows.upperBound - newOffset, oldRows.upperBound - oldOffset) - y
            } else {
                count = y + 1 - max(rows.lowerBound, newRows.lowerBound - newOffset, oldRows.lowerBound - oldOffset)
            }
            kinds.differing(new, old, into: &spans)
            let top = dy < 0 ? y : y - count + 1
            for columns in spans {
                copied += columns.count * count
                buffer.moveRows(in: Rect(x: columns.lowerBound, y: dy < 0 ? top : top - dy, width: columns.count, height: count + abs(dy)),
                                by: dy)
            }
            y += dy < 0 ? count : -count
        }
        return copied
    }

    /// Everything of the list that is not flat, in content coordinates, for content rows
    /// `rows`: label and caption text (as wide as measured, a little more for overhanging
    /// glyphs), each widget with its pressed halo, separators, group corners, section headers'
    /// text, and whole rows that show an error badge or a busy spinner.
    func inkRects(_ model: PanelModel, rows: Range<Int>) -> [Rect] {
        var ink: [Rect] = []
        let m = model.layout.metrics
        let radius = Int(pixels: m.groupCornerRadius.rounded(.up)) + 1
        // Rows with a badge, or a spinner that may show, are ink all along.
        let failed = model.failedControls.union(model.busyControls.keys)
        // Right to left, text is right-aligned in its room (`PanelPainter+Direction`).
        let rightToLeft = model.layout.direction.isRightToLeft
        // A header's text: its whole frame's height (headers sit low in it), from its pen
        // position on as wide as measured, a quarter of the size more each side.
        func headerInk(_ string: String, x: Int, in frame: Rect) {
            let pad = max(2, headerFont.pixelSize / 4)
            ink.append(Rect(x: x - pad, y: frame.minY, width: Int(pixels: headerFont.measure(string).rounded(.up)) + 2 * pad, height: frame.height))
        }
        for section in model.layout.sections {
            let group = section.groupFrame
            let header = section.headerFrame ?? Rect(x: group.x, y: group.minY, width: group.width, height: 0)
            guard header.minY < rows.upperBound, group.maxY > rows.lowerBound else { continue }
            if let title = section.title, let frame = section.headerFrame {
                let shown = headerFont.truncated(title, toWidth: Double(frame.width - 2 * m.rowInset))
                headerInk(shown, x: Int(pixels: headerX(shown, in: frame, metrics: m, rightToLeft: rightToLeft).rounded(.down)), in: frame)
            }
            for (x, y) in [(group.minX, group.minY), (group.maxX - radius, group.minY), (group.minX, group.maxY - radius),
                           (group.maxX - radius, group.maxY - radius)] {
                ink.append(Rect(x: x, y: y, width: radius, height: radius))
            }
            for row in section.rows where row.frame.maxY > rows.lowerBound && row.frame.minY < rows.upperBound {
                if row.hasSeparator { ink.append(separatorFrame(of: row, metrics: m)) }
                if let icon = row.iconFrame { ink.append(icon) }
                switch row.kind {
                case .caption(let index):
                    if failed.contains(index) { ink.append(row.frame); continue }
                    labelInk(of: row, font: headerFont, into: &ink)
                case .display:
                    // Label and text: the row's whole width may carry ink.
                    ink.append(row.frame)
                case .control(let index, let option):
                    if option == nil, failed.contains(index) { ink.append(row.frame); continue }
                    // The label's look and font as `drawRow` takes them.
                    let label = labelStyle(ofControl: index, behavior: model.description.controls[index].kind.behavior, in: model.description)
                    if label.isShown, let font = labelFonts[m.pixels(label.fontSize)] {
                        labelInk(of: row, font: font, into: &ink)
                    }
                    ink.append(row.pressedFrame)
                    // What a widget draws beyond its halo (a slider's knob at the ends, a value's text).
                    ink.append(model.description.controls[index].kind.behavior.paintedFrame(row))
                }
            }
        }
        return ink
    }
}

/// Which pixels of the list's moving columns are flat (outside the groups, or inside one)
/// and which carry ink, as bands of content rows with the same spans. Built for every scroll
/// frame, so kept in flat arrays: band `b` covers rows `tops[b]..<tops[b + 1]` and its spans
/// are `spanStarts[k]..<spanEnds[k]` for `k` in `firstSpans[b]..<firstSpans[b + 1]`.
struct ContentKinds {
    enum Kind: UInt8 {
        case outside, inside, ink
    }

    private(set) var tops: [Int] = []
    private(set) var firstSpans: [Int] = []
    private(set) var spanStarts: [Int] = []
    private(set) var spanEnds: [Int] = []
    private(set) var spanKinds: [Kind] = []

    /// `rows`: the content rows asked about. A row in a group that doesn't span the columns
    /// is all ink (always copied).
    init(inside: [Rect], ink: [Rect], columns: Range<Int>, rows: Range<Int>) {
        var inks = ink.filter { !$0.isEmpty && $0.maxY > rows.lowerBound && $0.minY < rows.upperBound
            && $0.maxX > columns.lowerBound && $0.minX < columns.upperBound }
        inks.sort { $0.minY < $1.minY }
        var edges = [rows.lowerBound, rows.upperBound]
        edges.reserveCapacity(2 * (inside.count + inks.count) + 2)
        for rect in inside where rect.maxY > rows.lowerBound && rect.minY < rows.upperBound {
            if rows.contains(rect.minY) { edges.append(rect.minY) }
            if rows.contains(rect.maxY) { edges.append(rect.maxY) }
        }
        for rect in inks {
            if rows.contains(rect.minY) { edges.append(rect.minY) }
            if rows.contains(rect.maxY) { edges.append(rect.maxY) }
        }
        edges.sort()
        tops.reserveCapacity(edges.count)
        firstSpans.reserveCapacity(edges.count)
        spanStarts.reserveCapacity(4 * edges.count)
        spanEnds.reserveCapacity(4 * edges.count)
        spanKinds.reserveCapacity(4 * edges.count)
        var next = 0
        var active: [Rect] = [], marked: [(lo: Int, hi: Int)] = []
        for (index, top) in edges.enumerated() where index + 1 < edges.count && edges[index + 1] > top {
            tops.append(top)
            firstSpans.append(spanStarts.count)
            while next < inks.count, inks[next].minY <= top {
                active.append(inks[next])
                next += 1
            }
            active.removeAll { $0.maxY <= top }
            var base = Kind.outside
            for group in inside where group.minY <= top && top < group.maxY {
                base = group.minX <= columns.lowerBound && columns.upperBound <= group.maxX ? .inside : .ink
            }
            marked.removeAll(keepingCapacity: true)
            for rect in active {
                marked.append((max(rect.minX, columns.lowerBound), min(rect.maxX, columns.upperBound)))
            }
            marked.sort { $0.lo < $1.lo }
            var x = columns.lowerBound, k = 0
            while k < marked.count {
                var end = marked[k].hi
                let start = max(x, marked[k].lo)
                k += 1
                while k < marked.count, marked[k].lo <= end {
                    end = max(end, marked[k].hi)
                    k += 1
                }
                guard end > start else { continue }
                if x < start { append(x, start, base) }
                append(start, end, .ink)
                x = end
            }
            if x < columns.upperBound { append(x, columns.upperBound, base) }
        }
        tops.append(rows.upperBound)
        firstSpans.append(spanStarts.count)
    }

    private mutating func append(_ start: Int, _ end: Int, _ kind: Kind) {
        spanStarts.append(start)
        spanEnds.append(end)
        spanKinds.append(kind)
    }

    var bandCount: Int { tops.count - 1 }

    /// The band holding content row `y`, which must be among the rows asked about.
    func band(at y: Int) -> Int {
        var lo = 0, hi = bandCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if tops[mid + 1] <= y { lo = mid + 1 } else { hi = mid }
        }
        precondition(lo < bandCount && tops[lo] <= y, "content row \(y) outside the rows asked about")
        return lo
    }

    /// The band holding content row `y`, found by stepping from band `hint` (the rows are
    /// visited in order, so it is that band or a neighbour).
    func band(at y: Int, near hint: Int) -> Int {
        var b = hint
        while b > 0, tops[b] > y { b -= 1 }
        while b + 1 < bandCount, tops[b + 1] <= y { b += 1 }
        precondition(tops[b] <= y && y < tops[b + 1], "content row \(y) outside the rows asked about")
        return b
    }

    func rows(ofBand b: Int) -> Range<Int> { tops[b]..<tops[b + 1] }

    /// The columns where a pixel showing band `new`'s content may differ from one showing band
    /// `old`'s: ink in either, or flat of different kinds. Neighbouring columns are joined.
    func differing(_ new: Int, _ old: Int, into result: inout [Range<Int>]) {
        result.removeAll(keepingCapacity: true)
        var i = firstSpans[new], j = firstSpans[old]
        let iEnd = firstSpans[new + 1], jEnd = firstSpans[old + 1]
        while i < iEnd, j < jEnd {
            let lo = max(spanStarts[i], spanStarts[j]), hi = min(spanEnds[i], spanEnds[j])
            if lo < hi, spanKinds[i] == .ink || spanKinds[i] != spanKinds[j] {
                if let last = result.last, last.upperBound == lo {
                    result[result.count - 1] = last.lowerBound..<hi
                } else {
                    result.append(lo..<hi)
                }
            }
            if spanEnds[i] <= spanEnds[j] { i += 1 } else { j += 1 }
        }
    }
}
