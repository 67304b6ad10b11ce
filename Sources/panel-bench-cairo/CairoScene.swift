import CCairo
import Glibc
import PanelUI

/// A panel description (the bundled demo by default) drawn with cairo the way a cairo program
/// would draw it, and drawing what PanelPainter draws at rest: the same layout (PanelLayout with
/// the same fonts and scale, so labels wrap and align where the panel's do), the same metrics
/// (`layout.metrics`: title and header sizes, insets, hairlines, corner radius), the colours of
/// the description's theme and styles (disabled rows made legible as the panel makes them),
/// rounded-rect boxes, stroked check marks, capsule switches with circle knobs and a soft
/// shadow, and labels in the theme's font file through cairo's FreeType backend, hinted and
/// kerned as the panel's text is. A disabled row is faded as one group clipped to the row.
/// Everything is drawn each frame, as the panel's full frame is.
///
/// What it leaves out of PanelPainter's look: pictures (`on_image` and friends: the vector
/// look is drawn), error badges, the pressed halo and animations (it draws the values at
/// rest). Glyphs differ a little in anti-aliasing (cairo's FreeType backend filters them).
struct CairoError: Error, CustomStringConvertible {
    var description: String
}

final class CairoScene {
    let description: PanelDescription
    let layout: PanelLayout
    /// The demo panel as it starts: its default values.
    let values: [ControlValue]
    let surface: OpaquePointer
    let cr: OpaquePointer
    let text: CairoText

    init(description: PanelDescription, width: Int, height: Int, scale: Double = 1) throws {
        self.description = description
        layout = PanelLayout(description: description, logicalSize: Size(width: width, height: height), scale: scale, fonts: FontCache())
        values = description.controls.map(\.defaultValue)
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        cr = cairo_create(surface)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { throw CairoError(description: "cairo_create failed") }
        text = try CairoText(path: description.theme.font, cr: cr)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    func writePNG(_ path: String) {
        cairo_surface_write_to_png(surface, path)
    }

    func draw() {
        let theme = description.theme
        let m = layout.metrics
        setColor(theme.background)
        cairo_paint(cr)
        if let title = description.title, let frame = layout.titleFrame {
            text.select(size: m.titleFontSize)
            let shown = text.truncated(title, toWidth: Double(frame.width - 2 * m.sideMargin))
            let x = Double(frame.x) + (Double(frame.width) - text.measure(shown)) / 2
            line(shown, in: frame, x: x, color: theme.text)
        }
        // The list is clipped to the viewport, under the title bar.
        cairo_save(cr)
        let viewport = layout.viewport
        cairo_rectangle(cr, Double(viewport.x), Double(viewport.y), Double(viewport.width), Double(viewport.height))
        cairo_clip(cr)
        for section in layout.sections where section.groupFrame.minY < viewport.maxY {
            roundedRect(RectF(section.groupFrame), radius: m.groupCornerRadius)
            setColor(theme.rowBackground)
            cairo_fill(cr)
            if let title = section.title, let frame = section.headerFrame {
                // As PanelPainter: the header's baseline sits the baseline gap plus the descent above the group.
                text.select(size: m.headerFontSize)
                let shown = text.truncated(title, toWidth: Double(frame.width - 2 * m.rowInset))
                setColor(theme.sectionText)
                text.show(shown, x: Double(frame.x + m.rowInset), baseline: (Double(frame.maxY) - text.descent - Double(m.headerBaselineGap)).rounded())
            }
            for row in section.rows where row.frame.minY < viewport.maxY {
                if row.hasSeparator {
                    let x = row.frame.x + m.rowInset
                    cairo_rectangle(cr, Double(x), Double(row.frame.maxY - m.hairline), Double(row.frame.maxX - x), Double(m.hairline))
                    setColor(theme.separator)
                    cairo_fill(cr)
                }
                drawRow(row)
            }
        }
        cairo_restore(cr)
        cairo_surface_flush(surface)
    }

    private func drawRow(_ row: PanelLayout.Row) {
        let theme = description.theme
        let m = layout.metrics
        switch row.kind {
        case .caption:
            label(row, size: m.headerFontSize, color: theme.sectionText, detail: theme.sectionText)
        case .display:
            // The bench scenes have no value rows; drawn as a plain label if one comes.
            label(row, size: m.fontSize, color: theme.text, detail: theme.sectionText)
        case .control(let index, let option):
            let control = description.controls[index]
            let disabled = !control.enabled
            if disabled {
                // The group only as big as the row: unclipped, cairo builds and composites a
                // layer the size of the screen for it.
                cairo_save(cr)
                cairo_rectangle(cr, Double(row.frame.x), Double(row.frame.y), Double(row.frame.width), Double(row.frame.height))
                cairo_clip(cr)
                cairo_push_group(cr)
            }
            var labelColor = control.labelStyle.color
            var detailColor = theme.sectionText
            if disabled {
                // As PanelPainter: faded text, the detail line too, keeps 4.5:1 against the row.
                labelColor = labelColor.raisedToContrast(PanelPainter.minimumTextContrast, against: theme.rowBackground,
                                                         opacity: Self.disabledOpacity)
                detailColor = detailColor.raisedToContrast(PanelPainter.minimumTextContrast, against: theme.rowBackground,
                                                           opacity: Self.disabledOpacity)
            }
            if control.labelStyle.isShown {
                label(row, size: m.pixels(control.labelStyle.fontSize), color: labelColor, detail: detailColor)
            }
            let on: Bool
            switch values[index] {
            case .bool(let value): on = value
            case .option(let selected): on = option.map { control.options[$0] } == selected
            case .number, .text, .none: on = false
            }
            if control.kind == .switch {
                var style = control.switchStyle
                if disabled { style = style.legible(fadedTo: Self.disabledOpacity, over: theme.rowBackground) }
                drawSwitch(row.controlFrame, on: on, style: style)
            } else {
                var style = control.checkboxStyle
                if disabled { style = style.legible(fadedTo: Self.disabledOpacity, over: theme.rowBackground) }
                drawBox(row.controlFrame, on: on, style: style)
            }
            if disabled {
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, Self.disabledOpacity)
                cairo_restore(cr)
            }
        }
    }

    /// UIKit's disabled opacity, as PanelPainter's.
    static let disabledOpacity = 0.6

    /// A row's label: its lines as the layout set them, and its detail line, as PanelPainter does.
    private func label(_ row: PanelLayout.Row, size: Int, color: Color, detail detailColor: Color) {
        text.select(size: size)
        let lines = row.labelLines.isEmpty ? [text.truncated(row.label, toWidth: Double(row.labelWidth))] : row.labelLines
        let x = Double(row.labelX)
        guard row.labelIsInLines else {
            line(lines[0], in: row.frame, x: x, color: color)
            return
        }
        let lineHeight = Int(text.lineHeight.rounded(.up))
        for (index, shown) in lines.enumerated() {
            line(shown, in: row.labelLineFrame(index, lineHeight: lineHeight), x: x, color: color)
        }
        if let detail = row.detail {
            text.select(size: layout.metrics.headerFontSize)
            line(detail, in: row.detailLineFrame(lineHeight: lineHeight, height: Int(text.lineHeight.rounded(.up))), x: x, color: detailColor)
        }
    }

    /// One line centred vertically in `frame` from `x`, in the selected size.
    private func line(_ string: String, in frame: Rect, x: Double, color: Color) {
        let baseline = Double(frame.y) + (Double(frame.height) + text.ascent - text.descent) / 2
        setColor(color)
        text.show(string, x: x.rounded(), baseline: baseline.rounded())
    }

    /// CheckboxGeometry's numbers: a box inset for the bounce overshoot, corners 20 % of the side;
    /// at rest on, a fill the colour of the outline is one shape, as CheckboxPainter draws it.
    private func drawBox(_ frame: Rect, on: Bool, style: CheckboxStyle) {
        let side = Double(min(frame.width, frame.height))
        let inset = (side * (1 - 1 / 1.14) / 2).rounded(.up)
        let boxSide = max(side - 2 * inset, 0)
        let x = (Double(frame.x) + (Double(frame.width) - boxSide) / 2).rounded(.down)
        let y = (Double(frame.y) + (Double(frame.height) - boxSide) / 2).rounded(.down)
        let corner = style.boxType == .circle ? boxSide / 2 : boxSide * 0.2
        let scaled = style.lineWidth * layout.metrics.scale
        let lw = scaled.isFinite ? min(max(scaled, 0), boxSide / 4) : 0
        let box = RectF(x: x, y: y, width: boxSide, height: boxSide)
        let outline = RectF(x: x + lw / 2, y: y + lw / 2, width: boxSide - lw, height: boxSide - lw)
        let outlineRadius = max(corner - lw / 2, 0)
        if !style.hideBox {
            if style.boxFillColor.a > 0 {
                roundedRect(lw > 0 ? outline : box, radius: lw > 0 ? outlineRadius : corner)
                setColor(style.boxFillColor)
                cairo_fill(cr)
            }
            if on && (lw == 0 || style.onFillColor == style.onTintColor) {
                roundedRect(box, radius: corner)
                setColor(style.onFillColor)
                cairo_fill(cr)
            } else {
                roundedRect(outline, radius: outlineRadius)
                if on {
                    setColor(style.onFillColor)
                    cairo_fill_preserve(cr)
                }
                setColor(on ? style.onTintColor : style.tintColor)
                cairo_set_line_width(cr, lw)
                cairo_stroke(cr)
            }
        }
        guard on else { return }
        let points = [(0.27, 0.52), (0.43, 0.68), (0.74, 0.35)]
        cairo_move_to(cr, x + points[0].0 * boxSide, y + points[0].1 * boxSide)
        for p in points.dropFirst() { cairo_line_to(cr, x + p.0 * boxSide, y + p.1 * boxSide) }
        cairo_set_line_width(cr, max(lw, boxSide / 10))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // CheckboxPainter.checkColor: without a box, a check meant for the fill takes the outline's colour.
        setColor(style.hideBox && style.onFillColor.a > 0 ? style.onTintColor : style.onCheckColor)
        cairo_stroke(cr)
    }

    /// SwitchPainter's metrics: a capsule track, a circle knob over three shadow capsules.
    private func drawSwitch(_ frame: Rect, on: Bool, style: SwitchStyle) {
        let track = RectF(frame)
        roundedRect(track, radius: track.height / 2)
        setColor(on ? style.onTintColor : style.tintColor)
        cairo_fill(cr)
        let margin = max(1, (track.height * 2 / 31).rounded())
        let knob = track.height - 2 * margin
        let kx = track.x + margin + (on ? track.width - 2 * margin - knob : 0)
        let ky = track.y + margin
        for (spread, alpha) in [(0.45, 10.0), (0.25, 14), (0.0, 22)] {
            let e = margin * spread
            cairo_new_sub_path(cr)
            cairo_arc(cr, kx + knob / 2, ky + margin * 0.5 + knob / 2, knob / 2 + e, 0, 2 * .pi)
            cairo_set_source_rgba(cr, 0, 0, 0, alpha / 255)
            cairo_fill(cr)
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, kx + knob / 2, ky + knob / 2, knob / 2, 0, 2 * .pi)
        setColor(style.thumbColor)
        cairo_fill(cr)
    }

    private func roundedRect(_ r: RectF, radius: Double) {
        let radius = max(0, min(radius, r.width / 2, r.height / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.x + r.width - radius, r.y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, r.x + r.width - radius, r.y + r.height - radius, radius, 0, .pi / 2)
        cairo_arc(cr, r.x + radius, r.y + r.height - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, r.x + radius, r.y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    private func setColor(_ c: Color) {
        cairo_set_source_rgba(cr, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
    }
}
