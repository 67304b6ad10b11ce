/// Draws a checkbox or a radio option in the manner of BEMCheckBox: an outlined box
/// (square or circle) that fills with the accent colour while the check mark is drawn
/// along its length.
public struct CheckboxPainter {
    public enum BoxShape: Sendable { case square, circle }

    public var shape: BoxShape
    public var onColor: Color
    public var offColor: Color
    public var checkColor: Color

    public init(shape: BoxShape, onColor: Color, offColor: Color = Color(rgb: 0xC7C7CC), checkColor: Color = .white) {
        self.shape = shape
        self.onColor = onColor
        self.offColor = offColor
        self.checkColor = checkColor
    }

    /// The check mark's corners as fractions of the box, BEMCheckBox-like proportions.
    static let checkPoints = [Point(x: 0.27, y: 0.52), Point(x: 0.43, y: 0.68), Point(x: 0.74, y: 0.35)]

    /// `progress` is how far on it is drawn: 0 off, 1 on, between while animating.
    public func draw(in canvas: Canvas, frame: Rect, progress: Double) {
        let side = Double(min(frame.width, frame.height))
        let box = RectF(x: Double(frame.x), y: Double(frame.y), width: side, height: side)
        let lineWidth = max(2, (side / 14).rounded())
        let outline = box.insetBy(lineWidth / 2)
        let radius = shape == .circle ? outline.width / 2 : side * 0.2
        if progress < 1 {
            strokeOutline(canvas, outline, radius: radius, lineWidth: lineWidth, color: offColor)
        }
        if progress > 0 {
            let fill = onColor.withOpacity(progress)
            fillOutline(canvas, box, radius: shape == .circle ? side / 2 : radius + lineWidth / 2, color: fill)
            let mark = Self.checkPoints.map { Point(x: box.minX + $0.x * side, y: box.minY + $0.y * side) }
            canvas.strokePolyline(Polyline.prefix(mark, fraction: progress), lineWidth: max(2, side * 0.11), color: checkColor)
        }
    }

    private func strokeOutline(_ canvas: Canvas, _ rect: RectF, radius: Double, lineWidth: Double, color: Color) {
        switch shape {
        case .square: canvas.strokeRoundedRect(rect, radius: radius, lineWidth: lineWidth, color: color)
        case .circle: canvas.strokeCircle(center: rect.center, radius: rect.width / 2, lineWidth: lineWidth, color: color)
        }
    }

    private func fillOutline(_ canvas: Canvas, _ rect: RectF, radius: Double, color: Color) {
        switch shape {
        case .square: canvas.fillRoundedRect(rect, radius: radius, color: color)
        case .circle: canvas.fillCircle(center: rect.center, radius: rect.width / 2, color: color)
        }
    }
}
