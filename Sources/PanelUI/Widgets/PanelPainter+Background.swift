/// A band's background and the list's group boxes in it, drawn before anything on them.
extension PanelPainter {
    /// The background of `canvas.clip` and, inside the viewport, the rounded group boxes
    /// showing there: together, so that the pixels a box covers are written once
    /// (`Canvas.fillBackdrop`). A dense list fills most of a screen with its groups.
    func fillBackground(of layout: PanelLayout, dy: Int, canvas: Canvas) {
        let content = canvas.clip.intersection(layout.viewport)
        let visible = layout.sectionIndices(reaching: content.minY - dy, content.maxY - dy)
        // The groups showing, on the stack: a frame draws a band every row or few.
        let count = content.isEmpty ? 0 : visible.reduce(0) { count, _ in count + 1 }
        withUnsafeTemporaryAllocation(of: RectF.self, capacity: count) { storage in
            var found = 0
            // At most `count`, and none without content (the title bar's band).
            for index in visible.prefix(count) {
                let group = layout.sections[index].groupFrame.offsetBy(dx: 0, dy: dy)
                guard group.intersects(content) else { continue }
                storage.initializeElement(at: found, to: RectF(group))
                found += 1
            }
            let groups = UnsafeBufferPointer(rebasing: storage[0..<found])
            let radius = layout.metrics.groupCornerRadius
            if content == canvas.clip {
                canvas.fillBackdrop(background: theme.background, boxes: groups, radius: radius, boxColor: theme.rowBackground)
            } else {
                // A clip reaching out of the viewport: the boxes are clipped to it.
                canvas.fill(canvas.clip, color: theme.background)
                var list = canvas
                list.clip = content
                for group in groups { list.fillRoundedRect(group, radius: radius, color: theme.rowBackground) }
            }
        }
    }
}
