/// Paints a panel, or any rectangle of it, into a logical-size buffer.
///
/// One code path serves the first full frame and every damaged rectangle after it:
/// a rectangle is redrawn from the background up, clipped, so partial redraws give
/// exactly the pixels a full redraw would.
public struct PanelPainter {
    public let theme: Theme
    let images: [String: Image]
    /// One font per label pixel size the description uses at the painter's scale, opened up
    /// front so drawing can't fail.
    let labelFonts: [Int: Font]
    /// The scale the fonts were opened at; the layout drawn must have the same.
    public let scale: Double
    let headerFont: Font
    let titleFont: Font
    /// The widgets' shapes, kept from frame to frame.
    let shapeMasks = ShapeMasks()
    /// Labels drawn over their rows' colours, kept as pixels.
    let blendedText = BlendedText()
    /// The two pages of a slide, each painted once.
    let pageSnapshots = PageSnapshots()
    /// Colours raised to a contrast, kept from frame to frame.
    let contrast = ContrastMemo()
    /// Widgets at rest, kept as the pixels they leave on their row.
    let resting = RestingWidgets()
    /// Rows at rest, kept as the stores that drew them (from `blendedText` and `resting`).
    let restingRows = RestingRows()
    /// Per control, the first control whose widget looks the same (`looks(of:)`).
    let looks: [Int]
    /// How much of the list the frames so far looked at, for tests that a frame's work
    /// follows what shows, not how long the list is.
    let counters = PaintCounters()

    /// The pressed halo's accent ring, in pixels.
    static let haloRingWidth = 2.0
    /// UIScrollView's default indicator: the text colour at 35 %.
    static let indicatorOpacity = 0.35
    /// UIKit draws disabled controls at this opacity.
    static let disabledOpacity = 0.6
    /// WCAG 2.1 1.4.3: text against its background.
    public static let minimumTextContrast = 4.5

    /// `images` are the description's images, loaded, by resolved path. `scale` and
    /// `logicalSize` must be the layout's: fonts open at their scaled pixel sizes.
    public init(description: PanelDescription, fonts: FontCache, images: [String: Image] = [:], scale: Double = 1,
                logicalSize: Size = Size(width: 800, height: 480)) throws(FontError) {
        let theme = description.theme
        self.theme = theme
        self.images = images
        self.scale = scale
        let metrics = LayoutMetrics(theme: theme, scale: scale, logicalSize: logicalSize)
        var labelFonts: [Int: Font] = [:]
        for size in Self.labelSizes(of: description, metrics) {
            labelFonts[size] = try fonts.font(paths: theme.fonts, pixelSize: size)
        }
        self.labelFonts = labelFonts
        looks = Self.looks(of: description.controls)
        headerFont = try fonts.font(paths: theme.fonts, pixelSize: metrics.headerFontSize)
        titleFont = try fonts.font(paths: theme.fonts, pixelSize: metrics.titleFontSize)
        blendedText.restingRows = restingRows
        resting.restingRows = restingRows
    }

    /// Every pixel size a painter of `description` opens the theme's font at, smallest first:
    /// what checking a description must try before a panel counts on them.
    public static func fontSizes(of description: PanelDescription, scale: Double = 1,
                                 logicalSize: Size = Size(width: 800, height: 480)) -> [Int] {
        let metrics = LayoutMetrics(theme: description.theme, scale: scale, logicalSize: logicalSize)
        return labelSizes(of: description, metrics).union([metrics.headerFontSize, metrics.titleFontSize]).sorted()
    }

    static func labelSizes(of description: PanelDescription, _ metrics: LayoutMetrics) -> Set<Int> {
        Set(description.controls.map { metrics.pixels($0.labelStyle.fontSize) }).union([metrics.fontSize])
    }

    public func draw(_ model: PanelModel, at now: Double, into buffer: PixelBuffer, clip: Rect) {
        let clip = clip.intersection(buffer.bounds)
        guard !clip.isEmpty else { return }
        if drawSlide(model, at: now, into: buffer, clip: clip) { return }
        let layout = model.layout
        let dy = -model.scrollOffset(at: now)
        var band = Canvas(buffer: buffer, clip: clip)
        band.shapeMasks = shapeMasks
        band.blendedText = blendedText
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.mostEdges(of: layout, dy: dy, clip: clip)) { edges in
            let count = Self.edges(of: layout, dy: dy, clip: clip, into: edges)
            for k in 0..<max(count - 1, 0) {
                band.clip = Rect(x: clip.x, y: edges[k], width: clip.width, height: edges[k + 1] - edges[k])
                drawBand(model, at: now, dy: dy, canvas: band)
            }
        }
        if let dialog = model.overlay {
            band.clip = clip
            drawDialog(dialog, metrics: layout.metrics, over: band)
        }
    }

    /// Everything that shows in `canvas.clip`, from the background up.
    private func drawBand(_ model: PanelModel, at now: Double, dy: Int, canvas: Canvas) {
        let layout = model.layout
        let m = layout.metrics
        let clip = canvas.clip
        fillBackground(of: layout, dy: dy, canvas: canvas)
        if let fullTitle = layout.title, let frame = layout.titleFrame, frame.intersects(clip) {
            // A page's back control is drawn in shapes: its title bar isn't kept.
            drawKept(layout.backFrame == nil ? RestingRows.titleSlot : nil, frame: frame, model: model, canvas: canvas,
                     wholeOnly: true) {
                drawTitle(fullTitle, in: frame, model: model, canvas: canvas)
                return true
            }
        }

        // The list moves under the title bar by whole pixels.
        var content = canvas
        content.clip = clip.intersection(layout.viewport)
        guard !content.clip.isEmpty else { return }
        let top = content.clip.minY - dy, bottom = content.clip.maxY - dy
        for index in layout.sectionIndices(reaching: top, bottom) {
            let section = layout.sections[index]
            // The group's box is part of the background (`fillBackground`).
            let groupFrame = section.groupFrame.offsetBy(dx: 0, dy: dy)
            if let fullTitle = section.title, let frame = section.headerFrame?.offsetBy(dx: 0, dy: dy), frame.intersects(content.clip) {
                drawKept(RestingRows.headerSlot(index), frame: frame, model: model, canvas: content, wholeOnly: true) {
                    drawHeader(fullTitle, in: frame, metrics: m, rightToLeft: layout.direction.isRightToLeft, canvas: content)
                    return true
                }
            }
            for row in section.rows[section.rowIndices(reaching: top, bottom)] {
                counters.rowsExamined += 1
                let frame = row.frame.offsetBy(dx: 0, dy: dy)
                guard frame.intersects(content.clip) else { continue }
                drawRow(row, frame: frame, dy: dy, group: groupFrame, model: model, now: now, canvas: content)
            }
        }
        if dy < 0 {
            // Content scrolled under the title bar: a hairline marks the edge, as UIKit's bars do.
            // It lies in the viewport, so the viewport's damage on every scroll repaints it.
            content.fill(Rect(x: layout.viewport.x, y: layout.viewport.minY, width: layout.viewport.width, height: m.hairline),
                         color: theme.separator)
        }
        if let indicator = model.scrollIndicator(at: now), indicator.frame.intersects(content.clip) {
            let bar = RectF(indicator.frame)
            content.fillRoundedRect(bar, radius: bar.width / 2, color: theme.text.withOpacity(Self.indicatorOpacity * indicator.opacity))
        }
    }

    /// `group`: the rounded box the row is in, as shown, which a row highlight stays inside.
    /// True when the row is at rest, drawn by nothing but its separator and copies of kept
    /// pixels, and will look the same until the model changes (`RestingRows`): whatever else
    /// is drawn here must make it false.
    func drawRow(_ row: PanelLayout.Row, group: Rect, model: PanelModel, now: Double, canvas: Canvas) -> Bool {
        var canvas = canvas
        let m = model.layout.metrics
        let badge = ErrorBadge(metrics: m)
        canvas.clip = canvas.clip.intersection(row.frame)
        // A slider or stepper shows a finger on its knob or button itself.
        var ownPressedLook = false, highlightsRow = false, state: ControlState = []
        var behavior: (any KindBehavior)?
        if let target = row.target {
            let found = model.behavior(ofTarget: target)
            behavior = found
            ownPressedLook = found.drawsOwnPressedLook
            highlightsRow = found.highlightsRow
            state = model.touchState(ofTarget: target)
        }
        let highlighted = !ownPressedLook && state.contains(.highlighted)
        // A button highlights its whole row whatever the theme's `pressed`.
        let rowHighlight = theme.pressed == .row || highlightsRow
        if highlighted, rowHighlight {
            // iOS Settings' cell highlight: the row's part of its group, rounded corners included.
            canvas.fillRoundedRect(RectF(group), radius: PanelLayout.groupCornerRadius, color: theme.highlight)
        }
        if row.hasSeparator {
            // One inset for every row, so lines under switches and under boxes line up.
            let line = separatorFrame(of: row, metrics: m)
            canvas.fill(line, color: theme.separator)
            restingRows.recordFill(line.intersection(canvas.drawable), paint: canvas.paint(theme.separator))
        }
        if let frame = row.iconFrame, let path = model.description.controls[row.kind.controlIndex].icon, let icon = images[path] {
            // Faded with its row when the control is disabled.
            let disabled = !model.description.controls[row.kind.controlIndex].enabled
            if disabled {
                canvas.drawLayer(frame, opacity: Self.disabledOpacity) { c, f in c.drawImage(icon, in: RectF(f).aspectFit(icon)) }
            } else {
                canvas.drawImage(icon, in: RectF(frame).aspectFit(icon))
            }
        }
        switch row.kind {
        case .caption(let index):
            let mark = feedback(of: index, model: model, at: now)
            let end = drawLabel(row, font: headerFont, color: theme.sectionText, detail: theme.sectionText,
                                badge: mark == nil ? nil : badge, canvas: canvas)
            if let mark { drawFeedback(mark, row: row, x: row.badgeX ?? badge.x(after: end, in: row), badge: badge, canvas: canvas) }
            return false
        case .display(let index):
            let control = model.description.controls[index]
            let failed = model.failedControls.contains(index)
            guard let font = labelFonts[m.pixels(control.labelStyle.fontSize)] else { return false }
            let end = drawLabel(row, font: font, color: control.labelStyle.color, detail: theme.sectionText, badge: failed ? badge : nil, canvas: canvas)
            if failed { badge.draw(in: canvas, x: badge.x(after: end, in: row), row: row.frame) }
            if case .text(let text) = model.values[index] {
                // On the label's line: the row's height, the text frame's width.
                let frame = Rect(x: row.controlFrame.x, y: row.frame.y, width: row.controlFrame.width, height: row.frame.height)
                NumberText(text: text, font: font, color: theme.sectionText)
                    .draw(in: canvas, frame: frame, alignment: .trailingEdge(of: row))
            }
            return false
        case .control(let index, let option):
            // The control is read field by field: a copy of it retains and releases each of its
            // strings and arrays (about 38 a row), and nearly every row then copies its widget.
            guard let target = row.target, let behavior else { return false }
            if highlighted, !rowHighlight {
                drawHalo(around: row, canvas: canvas)
            }
            let disabled = state.contains(.disabled)
            if disabled { canvas.opacity = Self.disabledOpacity }
            var label = labelStyle(ofControl: index, behavior: behavior, in: model.description)
            var detail = theme.sectionText
            if disabled {
                // Faded text keeps WCAG's 4.5:1 against the row.
                label.color = contrast.raise(label.color, Self.minimumTextContrast, against: theme.rowBackground,
                                             opacity: Self.disabledOpacity)
                detail = contrast.raise(detail, Self.minimumTextContrast, against: theme.rowBackground, opacity: Self.disabledOpacity)
            } else if highlighted, rowHighlight {
                // So does the detail line on the pressed row's fill.
                detail = contrast.raise(detail, Self.minimumTextContrast, against: theme.highlight)
            }
            // A radio group's mark is on its caption, once for the group.
            let mark = option == nil ? feedback(of: index, model: model, at: now) : nil
            var labelEnd = badge.xWithoutLabel(in: row)
            if label.isShown, let font = labelFonts[m.pixels(label.fontSize)] {
                labelEnd = badge.x(after: drawLabel(row, font: font, color: label.color, detail: detail, badge: mark == nil ? nil : badge,
                                                    canvas: canvas), in: row)
            }
            if let mark { drawFeedback(mark, row: row, x: row.badgeX ?? labelEnd, badge: badge, canvas: canvas) }
            let onness = model.onness(ofTarget: target, at: now)
            if onness != 0 && onness != 1 {
                // In motion, a widget's shapes are new every frame: kept masks would only churn.
                canvas.shapeMasks = nil
            }
            if disabled { canvas.opacity = 1 }
            let painted = behavior.paintedFrame(row), kept = painted.intersection(row.frame)
            let resting = restingKey(behavior, index: index, target: target, row: row, in: kept, onness: onness, state: state, model: model)
            if copyResting(resting, slot: target, in: kept, canvas: canvas) {
                return !highlighted && mark == nil && row.iconFrame == nil && model.staysAtRest(target: target, control: index, at: now)
            }
            drawWidget(model.description.controls[index], target: target, row: row, onness: onness, model: model, disabled: disabled,
                       painted: painted, kept: kept, resting: resting, canvas: canvas)
            return false
        }
    }
}

extension PanelLayout.Row {
    /// The same row moved down by `dy` pixels (up when negative): where a scrolled row shows.
    func offsetBy(dy: Int) -> PanelLayout.Row { offsetBy(dx: 0, dy: dy) }
}

/// Work done by a painter since it was made: rows looked at while drawing (whether or not
/// they showed in the clip) and labels measured and cut to their row.
final class PaintCounters {
    var rowsExamined = 0
    var labelsFitted = 0
}
