/// A rectangle with fractional edges: shape outlines, which anti-aliasing places between pixels.
public struct RectF: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(_ r: Rect) {
        self.init(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// Shrinks (positive) or grows (negative) every side by `d`.
    public func insetBy(_ d: Double) -> RectF {
        RectF(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
