/// Draws a switch in the manner of UISwitch: a capsule track that fills with the accent
/// colour as it turns on, and a white knob with a soft shadow that slides across.
/// Everything stays inside `frame`, which is what the panel model damages for a frame.
public struct SwitchPainter {
    public var onColor: Color
    public var offColor: Color
    public var knobColor: Color

    public init(onColor: Color, offColor: Color = Color(rgb: 0xE9E9EA), knobColor: Color = .white) {
        self.onColor = onColor
        self.offColor = offColor
        self.knobColor = knobColor
    }

    /// `progress` is how far on it is drawn: 0 off, 1 on, between while animating.
    public func draw(in canvas: Canvas, frame: Rect, progress: Double) {
        let track = RectF(frame)
        canvas.fillRoundedRect(track, radius: track.height / 2, color: offColor.mixed(with: onColor, progress))
        let inset = max(2, track.height / 16)
        let radius = track.height / 2 - inset
        let left = track.minX + inset + radius
        let right = track.maxX - inset - radius
        let center = Point(x: left + (right - left) * progress, y: track.center.y)
        // The shadow sits half an inset lower and stays inside the track.
        canvas.fillCircle(center: Point(x: center.x, y: center.y + inset / 2), radius: radius + inset / 4,
                          color: Color(r: 0, g: 0, b: 0, a: 38))
        canvas.fillCircle(center: center, radius: radius, color: knobColor)
    }
}
