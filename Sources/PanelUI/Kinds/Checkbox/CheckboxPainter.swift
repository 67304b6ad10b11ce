/// Draws a checkbox or a radio option in the manner of BEMCheckBox: a square or round box that
/// turns on with one of six animations (`CheckboxAnimation`), or a pair of pictures.
///
/// Off: `boxFillColor` inside a `tintColor` outline. On: `onFillColor` inside an `onTintColor`
/// outline with the check in `onCheckColor`. Everything stays inside the frame, bounce's
/// overshoot included, because animation damage is only the widget's frame.
public struct CheckboxPainter {
    public let style: CheckboxStyle
    public let onImage: Image?
    public let offImage: Image?

    /// Pictures are loaded by the program; with either one the vector box is not drawn.
    public init(style: CheckboxStyle, onImage: Image? = nil, offImage: Image? = nil) {
        self.style = style
        self.onImage = onImage
        self.offImage = offImage
    }

    /// `onness`: 0 = the off look, 1 = the on look, linear in time while animating; each animation
    /// eases its own parts. `turningOn` picks `style.onAnimation` (onness rising) or
    /// `style.offAnimation` (onness falling), which plays its on mapping backwards.
    public func draw(in canvas: Canvas, frame: Rect, onness: Double, turningOn: Bool) {
        let geometry = CheckboxGeometry(frame: frame, boxType: style.boxType, lineWidth: style.lineWidth)
        if onImage != nil || offImage != nil {
            // A missing picture falls back to that state's vector look.
            canvas.crossFade(Easing.inOut(onness),
                             under: { c in drawState(offImage, or: .off, in: c, frame: frame, geometry: geometry) },
                             over: { c in drawState(onImage, or: .on, in: c, frame: frame, geometry: geometry) })
            return
        }
        let animation = turningOn ? style.onAnimation : style.offAnimation
        draw(CheckboxPose(animation, at: onness, geometry: geometry, hideBox: style.hideBox), in: canvas, geometry: geometry)
    }

    /// The UIControl checkbox seed's intrinsic size: a 40 px box, and a label 8 px to its right.
    public static func intrinsicSize(labelWidth: Double?) -> Size {
        guard let labelWidth, labelWidth > 0 else { return Size(width: 40, height: 40) }
        return Size(width: 48 + Int(pixels: labelWidth.rounded(.up)), height: 40)
    }

    /// With `hideBox` no fill is drawn, so a check coloured to sit on the fill could vanish:
    /// it takes the outline colour instead, unless the fill is clear, in which case the check
    /// colour was already chosen to show on the background (BEMCheckBox's own look).
    var checkColor: Color {
        style.hideBox && style.onFillColor.a > 0 ? style.onTintColor : style.onCheckColor
    }

    private func drawState(_ image: Image?, or pose: CheckboxPose, in canvas: Canvas, frame: Rect, geometry: CheckboxGeometry) {
        if let image {
            canvas.drawImage(image, in: RectF(frame).aspectFit(image))
        } else {
            draw(pose, in: canvas, geometry: geometry)
        }
    }

    private func draw(_ pose: CheckboxPose, in canvas: Canvas, geometry g: CheckboxGeometry) {
        if !style.hideBox {
            drawBox(pose, in: canvas, geometry: g)
        }
        guard pose.checkScale > 0 else { return }
        var checkCanvas = canvas
        checkCanvas.opacity = canvas.opacity * pose.checkOpacity
        let points = scaled(pose.checkPath ?? g.check, by: pose.checkScale, about: g.center)
        guard !points.isEmpty else { return }
        checkCanvas.strokePolyline(points, lineWidth: g.checkWidth * pose.checkScale, color: checkColor)
    }

    private func drawBox(_ pose: CheckboxPose, in canvas: Canvas, geometry g: CheckboxGeometry) {
        let hasOutline = g.lineWidth > 0
        // Fills reach the outline's centre line: their edge hides under the stroke instead of
        // tinting its outer fringe.
        let inside = hasOutline ? g.outlineRect : g.box
        let insideRadius = hasOutline ? g.outlineRadius : g.cornerRadius
        fillBox(inside, radius: insideRadius, color: style.boxFillColor, in: canvas)
        if hasOutline {
            var off = canvas
            off.opacity = canvas.opacity * pose.offOutlineOpacity
            strokeBox(g.outlineRect, radius: g.outlineRadius, lineWidth: g.lineWidth, color: style.tintColor, in: off)
        }

        guard pose.boxScale > 0 else { return }
        let s = pose.boxScale
        var fill = canvas
        fill.opacity = canvas.opacity * pose.fillOpacity
        // Fill and outline of one colour fading together are one shape, so the outline doesn't
        // show as a darker ring where two translucent layers overlap.
        let merged = !hasOutline || (style.onFillColor == style.onTintColor && pose.outlinePath == nil
                                     && pose.fillOpacity == pose.outlineOpacity)
        if merged {
            fillBox(scaled(g.box, by: s, about: g.center), radius: g.cornerRadius * s, color: style.onFillColor, in: fill)
            return
        }
        fillBox(scaled(inside, by: s, about: g.center), radius: insideRadius * s, color: style.onFillColor, in: fill)
        var outline = canvas
        outline.opacity = canvas.opacity * pose.outlineOpacity
        if let path = pose.outlinePath {
            if !path.isEmpty { outline.strokePolyline(path, lineWidth: g.lineWidth, color: style.onTintColor) }
        } else {
            strokeBox(scaled(g.outlineRect, by: s, about: g.center), radius: g.outlineRadius * s, lineWidth: g.lineWidth * s,
                      color: style.onTintColor, in: outline)
        }
    }

    private func fillBox(_ rect: RectF, radius: Double, color: Color, in canvas: Canvas) {
        if style.boxType == .circle {
            canvas.fillCircle(center: rect.center, radius: rect.width / 2, color: color)
        } else {
            canvas.fillRoundedRect(rect, radius: radius, color: color)
        }
    }

    private func strokeBox(_ rect: RectF, radius: Double, lineWidth: Double, color: Color, in canvas: Canvas) {
        if style.boxType == .circle {
            canvas.strokeCircle(center: rect.center, radius: rect.width / 2, lineWidth: lineWidth, color: color)
        } else {
            canvas.strokeRoundedRect(rect, radius: radius, lineWidth: lineWidth, color: color)
        }
    }

    private func scaled(_ rect: RectF, by s: Double, about c: Point) -> RectF {
        s == 1 ? rect : RectF(x: c.x + (rect.x - c.x) * s, y: c.y + (rect.y - c.y) * s, width: rect.width * s, height: rect.height * s)
    }

    private func scaled(_ points: [Point], by s: Double, about c: Point) -> [Point] {
        s == 1 ? points : points.map { c + ($0 - c) * s }
    }
}
