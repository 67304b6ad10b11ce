/// An axis-aligned rectangle of whole pixels: layout frames, damage and clip areas.
/// `x, y` is the top-left pixel; the rectangle covers `x ..< x + width`.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    public static let empty = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public var size: Size { Size(width: width, height: height) }
    public var center: Point { Point(x: Double(x) + Double(width) / 2, y: Double(y) + Double(height) / 2) }

    /// True when the point lies inside; points are continuous, so the right and bottom edges are outside.
    public func contains(_ p: Point) -> Bool {
        p.x >= Double(x) && p.x < Double(maxX) && p.y >= Double(y) && p.y < Double(maxY)
    }

    public func contains(_ r: Rect) -> Bool {
        r.isEmpty || (r.x >= x && r.y >= y && r.maxX <= maxX && r.maxY <= maxY)
    }

    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(x, r.x), y0 = max(y, r.y)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        if x1 <= x0 || y1 <= y0 { return .empty }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ r: Rect) -> Bool { !intersection(r).isEmpty }

    /// The smallest rectangle holding both; an empty rectangle adds nothing.
    public func union(_ r: Rect) -> Rect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        let x0 = min(x, r.x), y0 = min(y, r.y)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }

    /// Grows (positive) or shrinks (negative) every side by `d`.
    public func insetBy(_ d: Int) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    public func outsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
    }

    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
