/// Draws a slider as UISlider does: a thin capsule bar, filled in `onTintColor` from `min` to
/// the knob and in `tintColor` beyond it, and a round `thumbColor` knob ringed in `tintColor`
/// (a white knob on a white row needs an edge to reach 3:1). While a finger is on the slider the
/// knob wears the panel's pressed halo, so the feedback sits where the finger is.
struct SliderPainter {
    let style: SwitchStyle
    /// The halo's fill and ring (`Theme.highlight`, the accent raised to 3:1 on the row).
    let haloFill: Color
    let haloRing: Color

    /// `fraction`: where the knob is, 0 at `min` … 1 at `max`.
    func draw(in canvas: Canvas, geometry g: SliderGeometry, fraction: Double, pressed: Bool) {
        let bar = g.barHeight, y = g.centerY - bar / 2
        let left = Double(g.track.x), right = Double(g.track.maxX), knob = g.knobX(fraction)
        canvas.fillRoundedRect(RectF(x: left - bar / 2, y: y, width: right - left + bar, height: bar), radius: bar / 2,
                               color: style.tintColor)
        if g.isMirrored, knob < right {
            // Right to left, `min` is the right end: the bar fills from there to the knob.
            canvas.fillRoundedRect(RectF(x: knob, y: y, width: right - knob + bar / 2, height: bar), radius: bar / 2,
                                   color: style.onTintColor)
        } else if !g.isMirrored, knob > left {
            canvas.fillRoundedRect(RectF(x: left - bar / 2, y: y, width: knob - left + bar / 2, height: bar), radius: bar / 2,
                                   color: style.onTintColor)
        }
        let radius = g.knobDiameter / 2
        let centre = Point(x: knob, y: g.centerY)
        if pressed {
            let halo = g.reach
            canvas.fillCircle(center: centre, radius: halo, color: haloFill)
            let w = PanelPainter.haloRingWidth
            canvas.strokeCircle(center: centre, radius: halo - w / 2, lineWidth: w, color: haloRing)
        }
        // A soft shadow below the knob, as UISlider's, inside the halo's reach.
        canvas.fillCircle(center: Point(x: knob, y: g.centerY + 1), radius: radius + 0.5, color: Color(r: 0, g: 0, b: 0, a: 24))
        canvas.fillCircle(center: centre, radius: radius, color: style.thumbColor)
        let ring = max(1, (g.knobDiameter / 14).rounded())
        canvas.strokeCircle(center: centre, radius: radius - ring / 2, lineWidth: ring, color: style.tintColor)
    }
}
