import CCairo
import Glibc
import PanelUI

/// A panel description (the bundled demo by default) drawn with cairo the way a cairo program
/// would draw it: same layout (PanelLayout), colours and sizes as PanelPainter, rounded-rect
/// boxes, stroked check marks, capsule switches with circle knobs and a soft shadow, labels in
/// DejaVu Sans through cairo's toy font API, and a disabled row faded as one group clipped to
/// the row. Everything is drawn each frame, as the panel's full frame is.
///
/// What it leaves out of PanelPainter's look: pictures (`on_image` and friends: the vector
/// look is drawn), label truncation, error badges, the pressed halo and animations (it draws
/// the values at rest), and `hide_box`/`box_fill_color`.
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

    init(description: PanelDescription, width: Int, height: Int) throws {
        self.description = description
        layout = PanelLayout(description: description, logicalSize: Size(width: width, height: height))
        values = description.controls.map(\.defaultValue)
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        cr = cairo_create(surface)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { throw CairoError(description: "cairo_create failed") }
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
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
        setColor(theme.background)
        cairo_paint(cr)
        if let title = description.title, let frame = layout.titleFrame {
            text(title, size: Double(theme.fontSize + theme.fontSize / 5), in: frame, centred: true, x: 0, color: theme.text)
        }
        for section in layout.sections {
            if let title = section.title, let frame = section.headerFrame {
                // As PanelPainter: the header's baseline sits 8 px plus the descent above the group.
                cairo_set_font_size(cr, Double(max(6, theme.fontSize * 3 / 4)))
                var extents = cairo_font_extents_t()
                cairo_font_extents(cr, &extents)
                setColor(theme.sectionText)
                cairo_move_to(cr, Double(frame.x + PanelLayout.rowInset), (Double(frame.maxY) - extents.descent - 8).rounded())
                cairo_show_text(cr, title)
            }
            roundedRect(RectF(section.groupFrame), radius: PanelLayout.groupCornerRadius)
            setColor(theme.rowBackground)
            cairo_fill(cr)
            for row in section.rows {
                if row.hasSeparator {
                    let x = row.frame.x + PanelLayout.rowInset
                    cairo_rectangle(cr, Double(x), Double(row.frame.maxY - 1), Double(row.frame.maxX - x), 1)
                    setColor(theme.separator)
                    cairo_fill(cr)
                }
                drawRow(row)
            }
        }
        cairo_surface_flush(surface)
    }

    private func drawRow(_ row: PanelLayout.Row) {
        switch row.kind {
        case .caption:
            text(row.label, size: Double(max(6, description.theme.fontSize * 3 / 4)), in: row.frame, centred: false,
                 x: Double(row.labelX), color: description.theme.sectionText)
        case .control(let index, let option):
            let control = description.controls[index]
            if !control.enabled {
                // The group only as big as the row: unclipped, cairo builds and composites a
                // layer the size of the screen for it.
                cairo_save(cr)
                cairo_rectangle(cr, Double(row.frame.x), Double(row.frame.y), Double(row.frame.width), Double(row.frame.height))
                cairo_clip(cr)
                cairo_push_group(cr)
            }
            text(row.label, size: Double(control.labelStyle.fontSize), in: row.frame, centred: false,
                 x: Double(row.labelX), color: control.labelStyle.color)
            let on: Bool
            switch values[index] {
            case .bool(let value): on = value
            case .option(let selected): on = option.map { control.options[$0] } == selected
            }
            if control.kind == .switch {
                drawSwitch(row.controlFrame, on: on, style: control.switchStyle)
            } else {
                drawBox(row.controlFrame, on: on, style: control.checkboxStyle)
            }
            if !control.enabled {
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, 0.6)
                cairo_restore(cr)
            }
        }
    }

    /// CheckboxGeometry's numbers: a box inset for the bounce overshoot, corners 20 % of the side.
    private func drawBox(_ frame: Rect, on: Bool, style: CheckboxStyle) {
        let side = Double(min(frame.width, frame.height))
        let inset = (side * (1 - 1 / 1.14) / 2).rounded(.up)
        let boxSide = side - 2 * inset
        let x = (Double(frame.x) + (Double(frame.width) - boxSide) / 2).rounded(.down)
        let y = (Double(frame.y) + (Double(frame.height) - boxSide) / 2).rounded(.down)
        let corner = style.boxType == .circle ? boxSide / 2 : boxSide * 0.2
        let lw = style.lineWidth
        let outline = RectF(x: x + lw / 2, y: y + lw / 2, width: boxSide - lw, height: boxSide - lw)
        roundedRect(outline, radius: corner - lw / 2)
        if on {
            setColor(style.onFillColor)
            cairo_fill_preserve(cr)
            setColor(style.onTintColor)
        } else {
            setColor(style.tintColor)
        }
        cairo_set_line_width(cr, lw)
        cairo_stroke(cr)
        guard on else { return }
        let points = [(0.27, 0.52), (0.43, 0.68), (0.74, 0.35)]
        cairo_move_to(cr, x + points[0].0 * boxSide, y + points[0].1 * boxSide)
        for p in points.dropFirst() { cairo_line_to(cr, x + p.0 * boxSide, y + p.1 * boxSide) }
        cairo_set_line_width(cr, max(lw, boxSide / 10))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        setColor(style.onCheckColor)
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

    private func text(_ string: String, size: Double, in frame: Rect, centred: Bool, x: Double, color: Color) {
        cairo_set_font_size(cr, size)
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        var left = x
        if centred {
            var te = cairo_text_extents_t()
            cairo_text_extents(cr, string, &te)
            left = Double(frame.x) + (Double(frame.width) - te.x_advance) / 2
        }
        let baseline = Double(frame.y) + (Double(frame.height) + extents.ascent - extents.descent) / 2
        setColor(color)
        cairo_move_to(cr, left.rounded(), baseline.rounded())
        cairo_show_text(cr, string)
    }

    private func roundedRect(_ r: RectF, radius: Double) {
        let radius = min(radius, r.width / 2, r.height / 2)
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
