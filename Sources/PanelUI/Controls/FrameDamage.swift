/// What one frame changes on screen: when the list scrolled, the pixels of it that stay on
/// screen move with it (`move`), and everything else that changed is repainted (`repaint`).
///
/// Applied to the previous frame's pixels (`PanelPainter.draw(_:at:into:damage:)`), it gives
/// exactly the pixels a full repaint would: the list's content is drawn at whole-pixel
/// offsets, so a row scrolled by `dy` is the same pixels `dy` rows away.
public struct FrameDamage: Equatable, Sendable {
    /// Every pixel of `area` goes `dy` rows down (up when negative); pixels that would land
    /// outside `area` are dropped, and the rows of `area` that nothing lands in are repainted.
    public struct Move: Equatable, Sendable {
        public var area: Rect
        public var dy: Int

        public init(area: Rect, dy: Int) {
            self.area = area
            self.dy = dy
        }

        /// The rows of `area` that receive moved pixels.
        public var destination: Rect {
            Rect(x: area.x, y: area.y + max(dy, 0), width: area.width, height: max(0, area.height - abs(dy)))
        }
    }

    /// Done first, on the previous frame's pixels.
    public var move: Move?
    /// Repainted from the model after the move, logical screen coordinates.
    public var repaint: [Rect]

    public init(move: Move? = nil, repaint: [Rect]) {
        self.move = move
        self.repaint = repaint
    }

    public var isEmpty: Bool { move == nil && repaint.isEmpty }

    /// Every rectangle whose pixels may change: what a display copies into screen memory
    /// (the whole moving area, though the move itself copies only what differs).
    public var changed: [Rect] {
        (move.map { [$0.destination] } ?? []).filter { !$0.isEmpty } + repaint
    }

    /// Pixels painted from the model (moved pixels not counted).
    public var repaintedPixels: Int { repaint.reduce(0) { $0 + $1.area } }
}

extension PanelModel {
    /// Takes what must change for a frame at `now` after one at `previous`, as `takeDamage`
    /// does, except that a scroll moves the list's pixels still on screen instead of
    /// repainting the viewport: then only the strip that comes into view, the scroll
    /// indicator's column and what changed in the list (a highlight, a widget that moved
    /// by itself) are repainted, at their new places.
    ///
    /// Only the columns the list's groups and headers span move; the side margins are the
    /// background in every frame, except the indicator's column, which is repainted.
    public mutating func takeFrameDamage(previousFrame previous: Double, now: Double) -> FrameDamage {
        let offset = scrollOffset(at: now)
        let scrolled = offset - damagedScrollOffset
        // On screen: a burn-in shift moves the viewport's bottom past the screen's edge.
        let viewport = layout.viewport.intersection(Rect(size: layout.logicalSize))
        // The pixels of a dialog showing (or opening, or closing) over the list must not move with it.
        guard !slideMoved(between: previous, and: now), scrolled != 0, abs(scrolled) < viewport.height - layout.metrics.hairline,
              let columns = contentColumns, overlay == nil, pendingScreenDamage.isEmpty else {
            return FrameDamage(repaint: takeDamage(previousFrame: previous, now: now))
        }
        damagedScrollOffset = offset
        let dy = -scrolled
        // The title's hairline is drawn over the viewport's top rows while the list is scrolled:
        // those rows are not the list's pixels, so they neither move nor receive moved pixels;
        // they are repainted (below).
        let hairline = layout.metrics.hairline
        let area = Rect(x: columns.lowerBound, y: viewport.minY + hairline, width: columns.count,
                        height: viewport.height - hairline).intersection(viewport)
        // The rows that come into view, in the list's columns: beside them it was background and stays so.
        let strip = dy < 0
            ? Rect(x: area.x, y: area.maxY + dy, width: area.width, height: -dy)
            : Rect(x: area.x, y: area.minY, width: area.width, height: dy)
        var content = pendingDamage + feedbackDamage(between: previous, and: now)
        pendingDamage.removeAll()
        for (target, transition) in transitions.enumerated() where transition.moved(between: previous, and: now) {
            content.append(motionDamage(ofTarget: target, transition, previous, now))
        }
        var repaint = [strip] + content.map { onScreen($0, at: now) }
        if let column = indicatorColumn { repaint.append(column) }
        repaint.append(Rect(x: viewport.x, y: viewport.minY, width: viewport.width, height: hairline))
        return FrameDamage(move: FrameDamage.Move(area: area, dy: dy), repaint: Self.withoutCoveredRects(repaint))
    }

    /// The columns the list draws in: its groups, rows and headers (nil without any).
    var contentColumns: Range<Int>? {
        var minX = Int.max, maxX = Int.min
        for section in layout.sections {
            // Rows lie inside their group: the groups and headers are enough.
            for frame in [section.groupFrame] + (section.headerFrame.map { [$0] } ?? []) where !frame.isEmpty {
                minX = min(minX, frame.minX)
                maxX = max(maxX, frame.maxX)
            }
        }
        return minX < maxX ? minX..<maxX : nil
    }

    /// Where the scroll indicator can be, the viewport's height; nil when it never shows.
    var indicatorColumn: Rect? {
        guard let bar = scrollIndicatorFrame(at: 0) else { return nil }
        return Rect(x: bar.x, y: layout.viewport.minY, width: bar.width, height: layout.viewport.height)
    }
}
