/// Draws a switch in the manner of UISwitch: a capsule track that turns from `tintColor` to
/// `onTintColor` as the knob slides across, and a knob with a soft shadow that widens while a
/// finger is on it. Pictures can stand in for the track (on and off, cross-faded) and the knob
/// (the custom image switch seed). Everything stays inside `frame`, shadow included, because
/// animation damage is only the widget's frame.
public struct SwitchPainter {
    public let style: SwitchStyle
    public let onImage: Image?
    public let offImage: Image?
    public let thumbImage: Image?

    public init(style: SwitchStyle, onImage: Image? = nil, offImage: Image? = nil, thumbImage: Image? = nil) {
        self.style = style
        self.onImage = onImage
        self.offImage = offImage
        self.thumbImage = thumbImage
    }

    /// `position`: 0 off … 1 on, already eased, or where a dragging finger holds the knob.
    /// `pressed`: a finger is on the switch; the knob widens towards the middle as UISwitch's does.
    /// `mirrored`: a right-to-left panel's switch, whose knob is on the left when on (as iOS mirrors UISwitch).
    public func draw(in canvas: Canvas, frame: Rect, position: Double, pressed: Bool, mirrored: Bool = false) {
        let p = position.isNaN ? 0 : min(max(position, 0), 1)
        let track = RectF(frame)
        drawTrack(track, position: p, in: canvas)
        let knob = Self.knob(frame: frame, position: mirrored ? 1 - p : p, pressed: pressed)
        if let thumbImage {
            canvas.drawImage(thumbImage, in: knob.rect.aspectFit(thumbImage))
        } else {
            drawShadow(under: knob, in: canvas)
            canvas.fillRoundedRect(knob.rect, radius: knob.rect.height / 2, color: style.thumbColor)
        }
    }

    /// UISwitch's 51x31 proportions, half a row high (the layout's widget size).
    public static func intrinsicSize(rowHeight: Int) -> Size {
        SwitchKind().widgetSize(rowHeight: rowHeight)
    }

    /// The centre of the knob a finger drags (the pressed, widened knob) at `position`;
    /// `mirrored` runs from on at the left to off at the right.
    public static func knobCenterX(frame: Rect, position: Double, mirrored: Bool = false) -> Double {
        let m = Metrics(frame), p = position.isNaN ? 0 : min(max(position, 0), 1)
        return Double(frame.x) + m.margin + m.pressedWidth / 2 + (mirrored ? 1 - p : p) * m.travel(pressed: true)
    }

    /// The inverse of `knobCenterX`, clamped to 0...1: where a dragged knob's centre puts the switch.
    public static func position(knobCenterX x: Double, frame: Rect, mirrored: Bool = false) -> Double {
        let m = Metrics(frame), travel = m.travel(pressed: true)
        guard travel > 0, x.isFinite else { return (x > Double(frame.x) + Double(frame.width) / 2) != mirrored ? 1 : 0 }
        let fromLeft = min(max((x - Double(frame.x) - m.margin - m.pressedWidth / 2) / travel, 0), 1)
        return mirrored ? 1 - fromLeft : fromLeft
    }

    /// Sizes that follow the frame's height: at 31 px high a 2 px margin and a 27 px knob, as UISwitch.
    struct Metrics {
        let margin: Double
        let knobSize: Double
        let pressedWidth: Double
        let width: Double

        init(_ frame: Rect) {
            let h = Double(frame.height)
            margin = max(1, (h * 2 / 31).rounded())
            knobSize = max(h - 2 * margin, 0)
            // UISwitch stretches its knob by about a quarter while touched.
            pressedWidth = min(knobSize * 1.25, max(Double(frame.width) - 2 * margin, knobSize))
            width = Double(frame.width)
        }

        func travel(pressed: Bool) -> Double {
            max(width - 2 * margin - (pressed ? pressedWidth : knobSize), 0)
        }
    }

    private static func knob(frame: Rect, position p: Double, pressed: Bool) -> (rect: RectF, metrics: Metrics) {
        let m = Metrics(frame)
        let width = pressed ? m.pressedWidth : m.knobSize
        let x = Double(frame.x) + m.margin + p * m.travel(pressed: pressed)
        return (RectF(x: x, y: Double(frame.y) + m.margin, width: width, height: m.knobSize), m)
    }

    private func drawTrack(_ track: RectF, position p: Double, in canvas: Canvas) {
        let radius = track.height / 2
        guard onImage != nil || offImage != nil else {
            canvas.fillRoundedRect(track, radius: radius, color: style.tintColor.mixed(with: style.onTintColor, p))
            return
        }
        // A missing picture falls back to that state's colour.
        func layer(_ image: Image?, _ color: Color) -> (Canvas) -> Void {
            { c in
                if let image { c.drawImage(image, in: track.aspectFit(image)) } else { c.fillRoundedRect(track, radius: radius, color: color) }
            }
        }
        canvas.crossFade(p, under: layer(offImage, style.tintColor), over: layer(onImage, style.onTintColor))
    }

    /// A soft shadow below the knob: three stacked capsules, dropped and spread by at most the
    /// margin, so the shadow ends on the track's edge and never leaves the frame.
    private func drawShadow(under knob: (rect: RectF, metrics: Metrics), in canvas: Canvas) {
        let margin = knob.metrics.margin, r = knob.rect
        let drop = margin * 0.5
        for (spread, alpha) in [(0.45, UInt8(10)), (0.25, 14), (0.0, 22)] {
            let e = margin * spread
            let shadow = RectF(x: r.x - e, y: r.y + drop - e, width: r.width + 2 * e, height: r.height + 2 * e)
            canvas.fillRoundedRect(shadow, radius: shadow.height / 2, color: Color(r: 0, g: 0, b: 0, a: alpha))
        }
    }
}
