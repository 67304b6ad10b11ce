/// Paints a panel, or any rectangle of it, into a logical-size buffer.
///
/// One code path serves the first full frame and every damaged rectangle after it:
/// a rectangle is redrawn from the background up, clipped, so partial redraws give
/// exactly the pixels a full redraw would.
public struct PanelPainter {
    public let theme: Theme
    let labelFont: Font
    let headerFont: Font
    let titleFont: Font

    /// The row background while a finger is on it.
    static let highlightColor = Color(rgb: 0xD1D1D6)
    /// UIKit draws disabled controls at this opacity.
    static let disabledOpacity = 0.6

    public init(theme: Theme, fonts: FontCache) throws(FontError) {
        self.theme = theme
        labelFont = try fonts.font(path: theme.font, pixelSize: theme.fontSize)
        headerFont = try fonts.font(path: theme.font, pixelSize: max(6, theme.fontSize * 3 / 4))
        titleFont = try fonts.font(path: theme.font, pixelSize: theme.fontSize + theme.fontSize / 5)
    }

    public func draw(_ model: PanelModel, at now: Double, into buffer: PixelBuffer, clip: Rect) {
        let clip = clip.intersection(buffer.bounds)
        guard !clip.isEmpty else { return }
        let canvas = Canvas(buffer: buffer, clip: clip)
        canvas.fill(clip, color: theme.background)
        let layout = model.layout

        if let title = model.description.title, let frame = layout.titleFrame, frame.intersects(clip) {
            let width = titleFont.measure(title)
            drawText(title, font: titleFont, in: frame, x: Double(frame.x) + (Double(frame.width) - width) / 2,
                     color: theme.text, canvas: canvas)
        }

        var target = 0
        for section in layout.sections {
            if let title = section.title, let frame = section.headerFrame, frame.intersects(clip) {
                // Header text sits near the group below it, as grouped tables do.
                let baseline = Double(frame.maxY) - headerFont.descent - 8
                canvas.drawText(title, font: headerFont, origin: Point(x: Double(frame.x + PanelLayout.rowInset), y: baseline.rounded()),
                                color: theme.sectionText)
            }
            let group = RectF(section.groupFrame)
            if section.groupFrame.intersects(clip) {
                canvas.fillRoundedRect(group, radius: PanelLayout.groupCornerRadius, color: theme.rowBackground)
            }
            for row in section.rows {
                defer { if case .control = row.kind { target += 1 } }
                guard row.frame.intersects(clip) else { continue }
                drawRow(row, target: target, group: group, model: model, now: now, canvas: canvas)
            }
        }
    }

    private func drawRow(_ row: PanelLayout.Row, target: Int, group: RectF, model: PanelModel, now: Double, canvas: Canvas) {
        var canvas = canvas
        canvas.clip = canvas.clip.intersection(row.frame)
        if row.hasSeparator {
            canvas.fill(Rect(x: row.labelX, y: row.frame.maxY - 1, width: row.frame.maxX - row.labelX, height: 1),
                        color: theme.separator)
        }
        switch row.kind {
        case .caption:
            drawText(row.label, font: headerFont, in: row.frame, x: Double(row.labelX), color: theme.sectionText, canvas: canvas)
        case .control(let index, _):
            if model.trackers[target].isHighlighted {
                // The group's own rounded shape, clipped to the row, keeps the corners of first and last rows round.
                canvas.fillRoundedRect(group, radius: PanelLayout.groupCornerRadius, color: Self.highlightColor)
            }
            let control = model.description.controls[index]
            if !control.enabled { canvas.opacity = Self.disabledOpacity }
            drawText(row.label, font: labelFont, in: row.frame, x: Double(row.labelX), color: theme.text, canvas: canvas)
            let transition = model.transitions[target]
            let progress = transition.value(at: now)
            let pressed = model.trackers[target].isHighlighted
            let drawWidget = { (canvas: Canvas, frame: Rect) in
                switch control.kind {
                case .switch:
                    SwitchPainter(style: .standard(accent: self.theme.accent)).draw(in: canvas, frame: frame, position: progress, pressed: pressed)
                case .checkbox, .radio:
                    CheckboxPainter(style: .standard(boxType: control.kind == .radio ? .circle : .square, accent: self.theme.accent))
                        .draw(in: canvas, frame: frame, onness: progress, turningOn: transition.to >= transition.from)
                }
            }
            if control.enabled {
                drawWidget(canvas, row.controlFrame)
            } else {
                // Faded as one layer, so overlapping parts (knob over track) don't show through each other.
                canvas.opacity = 1
                canvas.drawLayer(row.controlFrame, opacity: Self.disabledOpacity, drawWidget)
            }
        }
    }

    /// Draws one line of text centred vertically in `frame`, starting at `x`.
    private func drawText(_ text: String, font: Font, in frame: Rect, x: Double, color: Color, canvas: Canvas) {
        let baseline = Double(frame.y) + (Double(frame.height) + font.ascent - font.descent) / 2
        canvas.drawText(text, font: font, origin: Point(x: x.rounded(), y: baseline.rounded()), color: color)
    }
}
