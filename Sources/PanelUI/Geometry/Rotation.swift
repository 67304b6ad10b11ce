/// How the panel's content is turned on the physical screen, clockwise.
///
/// The panel lays out and draws in *logical* coordinates (a portrait panel on a
/// landscape screen has a portrait logical size). The screen and the touchscreen
/// glued to it use *screen* coordinates. The same transform maps drawn pixels to
/// the scanout buffer and (inverted) touches back to controls, so the two can't disagree.
public enum Rotation: Int, Sendable, CaseIterable {
    case r0 = 0, r90 = 90, r180 = 180, r270 = 270

    public init?(degrees: Int) { self.init(rawValue: degrees) }

    public var degrees: Int { rawValue }

    /// The logical size for a screen of `screen` size.
    public func logicalSize(forScreen screen: Size) -> Size {
        switch self {
        case .r0, .r180: return screen
        case .r90, .r270: return Size(width: screen.height, height: screen.width)
        }
    }

    /// Maps a continuous logical point to the screen. `logical` is the logical size.
    public func toScreen(_ p: Point, logical: Size) -> Point {
        let w = Double(logical.width), h = Double(logical.height)
        switch self {
        case .r0: return p
        case .r90: return Point(x: h - p.y, y: p.x)
        case .r180: return Point(x: w - p.x, y: h - p.y)
        case .r270: return Point(x: p.y, y: w - p.x)
        }
    }

    /// Maps a continuous screen point back to logical coordinates.
    public func toLogical(_ p: Point, logical: Size) -> Point {
        let w = Double(logical.width), h = Double(logical.height)
        switch self {
        case .r0: return p
        case .r90: return Point(x: p.y, y: h - p.x)
        case .r180: return Point(x: w - p.x, y: h - p.y)
        case .r270: return Point(x: w - p.y, y: p.x)
        }
    }

    /// Maps a logical pixel rectangle to the screen rectangle covering the same pixels.
    public func toScreen(_ r: Rect, logical: Size) -> Rect {
        let w = logical.width, h = logical.height
        switch self {
        case .r0: return r
        case .r90: return Rect(x: h - r.maxY, y: r.x, width: r.height, height: r.width)
        case .r180: return Rect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        case .r270: return Rect(x: r.y, y: w - r.maxX, width: r.height, height: r.width)
        }
    }
}
