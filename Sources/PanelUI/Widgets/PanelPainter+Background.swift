/// A band's background and the list's group boxes in it, drawn before anything on them.
extension PanelPainter {
    /// The background of `canvas.clip` and, inside the viewport, the rounded group boxes
    /// showing there: together, so that the pixels a box covers are written once
    /// (`Canvas.fillBackdrop`). A dense list fills most of a screen with its groups.
    func fillBackground(of layout: PanelLayout, dy: Int, canvas: Canvas) {
        let content = canvas.clip.intersection(layout.viewport)
        var groups: [RectF] = []
        if !content.isEmpty {
            for index in layout.sectionIndices(reaching: content.minY - dy, content.maxY - dy) {
                let group = layout.sections[index].groupFrame.offsetBy(dx: 0, dy: dy)
                if group.intersects(content) { groups.append(RectF(group)) }
            }
        }
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
