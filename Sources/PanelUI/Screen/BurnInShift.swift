/// Burn-in shift on the layout: the whole drawing moved by an offset, once, at the layout's
/// origin. Painting, damage and hit testing all read the layout's frames, so they stay in step
/// without knowing of the shift: a tap lands on what is drawn under it.
extension PanelLayout {
    /// The same layout with everything drawn moved to `offset` from where it was laid out
    /// (`shift` is where it is now): the title bar, back control, headers, groups and rows. The
    /// viewport moves down or up with them, keeping its height, so scrolling is unchanged; it
    /// spans the screen's width and stays there. What the move uncovers is the background,
    /// which every repaint starts from.
    public func shifted(to offset: ShiftOffset) -> PanelLayout {
        let dx = offset.dx - shift.dx, dy = offset.dy - shift.dy
        guard dx != 0 || dy != 0 else { return self }
        var moved = self
        moved.shift = offset
        moved.titleFrame = titleFrame?.offsetBy(dx: dx, dy: dy)
        moved.backFrame = backFrame?.offsetBy(dx: dx, dy: dy)
        moved.viewport = viewport.offsetBy(dx: 0, dy: dy)
        moved.sections = sections.map { $0.offsetBy(dx: dx, dy: dy) }
        moved.targets = targets.map { $0.offsetBy(dx: dx, dy: dy) }
        moved.contentHeight = contentHeight + dy
        return moved
    }

    /// How far this layout, at rest, may move each way with nothing drawn leaving the screen:
    /// sideways, the margins beside the groups and the title (a page's back chevron sits half a
    /// margin in); up, the room above the title's text in `titleFont` (its ascent; without a
    /// font, 1.2 lines of the title's size) or the top margin without a title; down, the bottom
    /// margin (more when the list is shorter than the screen). Every page's layout has its own.
    public func shiftRoom(titleFont: Font?) -> ShiftRoom {
        let rest = shifted(to: .zero), m = metrics
        var left = Int.max, right = Int.max
        for section in rest.sections {
            for frame in [section.groupFrame] + (section.headerFrame.map { [$0] } ?? []) where !frame.isEmpty {
                left = min(left, frame.minX)
                right = min(right, logicalSize.width - frame.maxX)
            }
        }
        var up = m.sideMargin
        if let title = rest.titleFrame {
            // The title's text is cut to leave a margin (or the back control's width) each side.
            left = min(left, m.sideMargin)
            right = min(right, m.sideMargin)
            let ink = titleFont.map { $0.ascent + $0.descent } ?? Double(m.titleFontSize) * 1.2
            up = title.minY + Int(pixels: ((Double(title.height) - ink) / 2).rounded(.down))
        }
        if rest.backFrame != nil {
            // The chevron sits half a margin in from the back control's outer edge.
            if direction.isRightToLeft { right = min(right, m.sideMargin / 2) } else { left = min(left, m.sideMargin / 2) }
        }
        let down = m.sideMargin + max(0, logicalSize.height - rest.contentHeight)
        return ShiftRoom(left: left == .max ? m.sideMargin : left, right: right == .max ? m.sideMargin : right,
                         up: up, down: down)
    }
}

extension PanelModel {
    /// Where the drawing is moved to by burn-in care.
    public var shift: ShiftOffset { layout.shift }

    /// Moves the whole drawing to `offset`: the page showing and every other page, so a push
    /// or pop slides shifted pages. Values, scroll, touches and animations stay; nothing is
    /// damaged here: the caller repaints the whole screen (or leaves it to the wake of a blanked one).
    public mutating func shift(to offset: ShiftOffset) {
        guard offset != layout.shift else { return }
        layout = layout.shifted(to: offset)
        navigation.root = navigation.root?.shifted(to: offset)
        navigation.layouts = navigation.layouts.mapValues { $0.shifted(to: offset) }
        // Snapshots of pages taken for a slide are drawn again at the new place.
        navigation.revision += 1
    }

    /// The room every page leaves (`PanelLayout.shiftRoom`), the least of them each way.
    public func shiftRoom(titleFont: Font?) -> ShiftRoom {
        let pages = [navigation.root ?? layout] + navigation.layouts.values
        return pages.map { $0.shiftRoom(titleFont: titleFont) }.reduce(layout.shiftRoom(titleFont: titleFont)) { $0.meeting($1) }
    }

    /// A finger is down on the panel (a dialog's included): a shift waits until all are lifted,
    /// so nothing a finger holds (a slider's knob) jumps under it.
    public var hasFingersDown: Bool {
        !slots.isEmpty || !fingers.isEmpty || overlay?.finger != nil
    }
}
