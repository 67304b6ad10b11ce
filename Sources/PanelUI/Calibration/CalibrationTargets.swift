/// Where `panel calibrate` draws its crosshairs: 10 % in from each corner of the panel as it
/// is turned (top left, top right, bottom right, bottom left), then the centre to check.
///
/// Each crosshair is centred on one pixel, so its position is that pixel's centre (x + 0.5):
/// a finger there is reported inside it. The right and bottom crosshairs mirror the left and
/// top ones, so at 180° a corner lands exactly where the opposite corner is at 0°.
public struct CalibrationTargets: Equatable, Sendable {
    public enum Place: Int, CaseIterable, Sendable {
        case topLeft, topRight, bottomRight, bottomLeft, centre

        public var name: String {
            switch self {
            case .topLeft: "top left"
            case .topRight: "top right"
            case .bottomRight: "bottom right"
            case .bottomLeft: "bottom left"
            case .centre: "centre"
            }
        }
    }

    /// How far in from the edges the corner crosshairs are, of the panel's width and height.
    public static let inset = 0.1

    /// The physical screen in pixels, before rotation.
    public let screen: Size
    public let rotation: Rotation

    public init(screen: Size, rotation: Rotation) {
        self.screen = screen
        self.rotation = rotation
    }

    /// The panel's size as turned: what the crosshairs are drawn in.
    public var logical: Size { rotation.logicalSize(forScreen: screen) }

    /// The pixel a crosshair is centred on, in the turned panel's pixels.
    public func pixel(_ place: Place) -> (x: Int, y: Int) {
        let w = logical.width, h = logical.height
        let left = Int(Double(w) * Self.inset), top = Int(Double(h) * Self.inset)
        switch place {
        case .topLeft: return (left, top)
        case .topRight: return (w - 1 - left, top)
        case .bottomRight: return (w - 1 - left, h - 1 - top)
        case .bottomLeft: return (left, h - 1 - top)
        case .centre: return (w / 2, h / 2)
        }
    }

    /// The crosshair's centre in the panel's (turned) coordinates.
    public func logicalPoint(_ place: Place) -> Point {
        let p = pixel(place)
        return Point(x: Double(p.x) + 0.5, y: Double(p.y) + 0.5)
    }

    /// The crosshair's centre on the unrotated screen, in pixels: where the calibrated device
    /// must report a finger on it, since panel turns touches by the rotation after libinput
    /// has applied the calibration.
    public func screenPoint(_ place: Place) -> Point {
        rotation.toScreen(logicalPoint(place), logical: logical)
    }

    /// `screenPoint` divided by the screen's size: what the matrix maps to.
    public func normalisedPoint(_ place: Place) -> Point {
        let p = screenPoint(place)
        return Point(x: p.x / Double(screen.width), y: p.y / Double(screen.height))
    }
}
