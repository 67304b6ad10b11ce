/// Drawing what PanelOverlay and the action feedback add to a frame: the busy spinner or "!"
/// badge after a row's label, and the dialog over the dimmed page. Like the rest of the
/// painter, every pixel comes out the same whichever clip it is drawn in.
extension PanelPainter {
    /// What a row shows of its control's action.
    enum RowFeedback: Equatable {
        case spinner(step: Int)
        case badge
    }

    /// A control's spinner while its action runs (from 0.3 s), else its badge after a failure.
    func feedback(of index: Int, model: PanelModel, at now: Double) -> RowFeedback? {
        if let step = model.spinnerStep(control: index, at: now) { return .spinner(step: step) }
        return model.failedControls.contains(index) ? .badge : nil
    }

    /// Draws a spinner or badge with its left edge at `x`, centred on the row's middle.
    func drawFeedback(_ mark: RowFeedback, row: PanelLayout.Row, x: Double, badge: ErrorBadge, canvas: Canvas) {
        switch mark {
        case .badge:
            badge.draw(in: canvas, x: x, row: row.frame)
        case .spinner(let step):
            let center = Point(x: x + badge.diameter / 2, y: Double(row.frame.y) + Double(row.frame.height) / 2)
            BusySpinner.draw(in: canvas, center: center, diameter: badge.diameter, step: step, color: theme.sectionText,
                             scale: badge.scale)
        }
    }

    /// The dim over everything in the clip, then the part of the dialog in it.
    func drawDialog(_ dialog: PanelOverlay, metrics m: LayoutMetrics, over page: Canvas) {
        var canvas = page
        canvas.opacity = 1
        canvas.shapeMasks = nil
        canvas.fill(canvas.clip, color: Color.black.withOpacity(PanelOverlay.dimOpacity))
        let d = dialog.layout
        guard d.box.intersects(canvas.clip) else { return }
        let look = DialogLook(theme: theme)
        let box = RectF(d.box)
        if let ring = look.ring {
            canvas.fillRoundedRect(box, radius: d.cornerRadius, color: ring)
            let w = Double(m.hairline)
            canvas.fillRoundedRect(RectF(x: box.x + w, y: box.y + w, width: box.width - 2 * w, height: box.height - 2 * w),
                                   radius: d.cornerRadius - w, color: look.fill)
        } else {
            canvas.fillRoundedRect(box, radius: d.cornerRadius, color: look.fill)
        }
        if let pressed = dialog.highlightedButton {
            // The pressed button's part of the box, its rounded corner included, inside a rim
            // of the box's own colour (or its ring) that keeps the box's edge off the dim.
            var inside = canvas
            inside.clip = canvas.clip.intersection(d.buttons[pressed])
            let w = Double(m.hairline) * (look.ring == nil ? 1 : 2)
            inside.fillRoundedRect(RectF(x: box.x + w, y: box.y + w, width: box.width - 2 * w, height: box.height - 2 * w),
                                   radius: d.cornerRadius - w, color: look.pressed)
        }
        for separator in d.separators { canvas.fill(separator, color: look.separator) }
        let label = labelFonts[m.fontSize] ?? headerFont
        var top = d.titleTop
        for line in d.titleLines {
            drawCentred(line, font: label, in: Rect(x: d.box.x, y: top, width: d.box.width, height: d.titleLineHeight),
                        width: d.textWidth, color: look.text, canvas: canvas)
            top += d.titleLineHeight
        }
        top = d.messageTop
        for line in d.messageLines {
            drawCentred(line, font: headerFont, in: Rect(x: d.box.x, y: top, width: d.box.width, height: d.messageLineHeight),
                        width: d.textWidth, color: look.text, canvas: canvas)
            top += d.messageLineHeight
        }
        for (i, frame) in d.buttons.enumerated() {
            let color = dialog.destructive && dialog.roles[i] == .goAhead ? look.destructive : look.button
            drawCentred(d.buttonLabels[i], font: label, in: frame, width: frame.width - 2 * m.pixels(8),
                        color: color, canvas: canvas)
        }
    }

    /// One line centred in `frame`, cut to `width`.
    private func drawCentred(_ text: String, font: Font, in frame: Rect, width: Int, color: Color, canvas: Canvas) {
        let line = font.truncated(text, toWidth: Double(width))
        let x = Double(frame.x) + (Double(frame.width) - font.measure(line)) / 2
        let baseline = Double(frame.y) + (Double(frame.height) + font.ascent - font.descent) / 2
        canvas.drawText(line, font: font, origin: Point(x: x.rounded(), y: baseline.rounded()), color: color)
    }
}

/// A dialog's colours in a theme: an iOS alert's light or dark box over the dimmed page, text
/// at 4.5:1 on it, and a ring where the box alone would not stand 3:1 off the dim.
struct DialogLook: Equatable {
    var fill: Color
    var ring: Color?
    var text: Color
    var button: Color
    var destructive: Color
    var pressed: Color
    var separator: Color

    init(theme: Theme) {
        let fill = theme.base == .dark ? Color(rgb: 0x2C2C2E) : theme.rowBackground
        let pressed = theme.highlight
        self.fill = fill
        self.pressed = pressed
        // What the box sits on: the page and its rows under the dim.
        let dimmed = [theme.background, theme.rowBackground].map { Color.black.withOpacity(PanelOverlay.dimOpacity).composited(over: $0) }
        let minimum = CheckboxStyle.minimumContrast
        if dimmed.allSatisfy({ fill.contrast(with: $0) >= minimum }) {
            ring = nil
        } else {
            ring = dimmed.reduce(theme.separator) { $0.raisedToContrast(minimum, against: $1) }
        }
        text = ButtonColors.legible(theme.text, on: [fill])
        button = ButtonColors.legible(theme.accent, on: [fill, pressed])
        destructive = ButtonColors.legible(ButtonColors.red(theme), on: [fill, pressed])
        separator = theme.separator
    }
}
