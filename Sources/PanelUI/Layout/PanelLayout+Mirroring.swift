/// A right-to-left panel is the left-to-right layout mirrored across the screen's vertical
/// middle, as iOS mirrors a table view: labels at the right, widgets and values at the left,
/// icons right of their labels, the back control at the top right and the columns in reading
/// order from right to left. Every frame is mirrored here, once, so hit testing, damage, burn-in's
/// shift and `panel layout` read mirrored frames without knowing of the direction; the painters
/// only right-align text in its frame and run widgets the other way (`Row.isRightToLeft`).
extension PanelLayout {
    /// Mirrors every frame across the middle of `logicalSize` and marks the rows right to left.
    mutating func mirror() {
        let width = logicalSize.width, badge = metrics.badgeDiameter
        direction = .rtl
        titleFrame = titleFrame?.mirrored(within: width)
        backFrame = backFrame?.mirrored(within: width)
        viewport = viewport.mirrored(within: width)
        sections = sections.map { section in
            var mirrored = section
            mirrored.headerFrame = section.headerFrame?.mirrored(within: width)
            mirrored.groupFrame = section.groupFrame.mirrored(within: width)
            mirrored.rows = section.rows.map { $0.mirrored(within: width, badgeDiameter: badge) }
            return mirrored
        }
        targets = targets.map { $0.mirrored(within: width, badgeDiameter: badge) }
    }
}

extension PanelLayout.Row {
    /// The row mirrored in a screen `width` wide: each frame's left edge is where its right
    /// edge was, seen from the other side; the badge (`badgeDiameter` across) stays beside the
    /// label's end, now on its left.
    func mirrored(within width: Int, badgeDiameter: Double) -> PanelLayout.Row {
        var row = self
        row.isRightToLeft = !isRightToLeft
        row.frame = frame.mirrored(within: width)
        row.controlFrame = controlFrame.mirrored(within: width)
        row.labelFrame = labelFrame.mirrored(within: width)
        row.iconFrame = iconFrame?.mirrored(within: width)
        row.valueFrame = valueFrame.mirrored(within: width)
        row.labelX = width - (labelX + labelWidth)
        row.badgeX = badgeX.map { Double(width) - $0 - badgeDiameter }
        return row
    }

    /// Where a line of text `measured` pixels wide starts in the label's room: at `labelX`,
    /// or right-aligned to the room's end when the row is right to left (only then measured).
    public func labelLineX(measured: @autoclosure () -> Double) -> Double {
        isRightToLeft ? Double(labelX + labelWidth) - measured() : Double(labelX)
    }

    /// Where a label line `measured` pixels wide ends in reading order: its right edge, or its
    /// left edge when the row is right to left.
    public func labelEnd(measured: Double) -> Double {
        isRightToLeft ? Double(labelX + labelWidth) - measured : Double(labelX) + measured
    }
}

extension Rect {
    /// The same rectangle seen in a mirror standing at the middle of a span `width` wide.
    public func mirrored(within width: Int) -> Rect {
        Rect(x: width - maxX, y: y, width: self.width, height: height)
    }
}
