/// `burn_in: {shift_every: 600, max_shift: 4, exercise_at: "03:00"}`: care for screens that
/// show the same picture for years (OLED, and LCDs that keep a ghost of a still image).
///
/// Every `shift_every` seconds the whole drawing moves one pixel along a slow orbit of offsets
/// up to `max_shift` points each way (`BurnInOrbit`); at `exercise_at`, local time, while
/// nobody touches the panel, the screen shows a few seconds of full-screen colours
/// (`BurnInExercise`).
public struct BurnInSettings: Equatable, Sendable {
    /// Seconds from one step of the orbit to the next.
    public var shiftEvery: Double
    /// How far the drawing may move each way, in points: multiplied by the scale factor like
    /// every other length, so 4 moves 8 device pixels at `scale: 2`. 0 never moves it.
    public var maxShift: Int
    /// Minutes after local midnight of the daily colour cycle; nil runs none.
    public var exerciseAt: Int?

    public static let defaultShiftEvery = 600.0
    public static let defaultMaxShift = 4
    /// Shorter steps would make the orbit a visible crawl.
    public static let shortestShiftEvery = 10.0
    /// The compact layout's side margin is 8 points, the regular one 16: beyond that rows
    /// would reach the screen's edge.
    public static let maxShiftRange = 0...16

    public init(shiftEvery: Double = defaultShiftEvery, maxShift: Int = defaultMaxShift, exerciseAt: Int? = nil) {
        self.shiftEvery = shiftEvery
        self.maxShift = maxShift
        self.exerciseAt = exerciseAt
    }

    /// `maxShift` in device pixels at `scale`.
    public func maxShiftPixels(scale: Double) -> Int {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        return max(0, Int(pixels: (Double(maxShift) * scale).rounded()))
    }
}

/// How far the whole drawing is moved from where the layout put it, in logical pixels
/// (right and down positive), in the panel's rotated coordinates.
public struct ShiftOffset: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var dx: Int
    public var dy: Int

    public init(dx: Int, dy: Int) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = ShiftOffset(dx: 0, dy: 0)

    public var description: String { "(\(dx), \(dy))" }
}

/// How far the drawing may move each way before anything drawn would leave the screen, in
/// logical pixels (each at least 0).
public struct ShiftRoom: Equatable, Sendable, CustomStringConvertible {
    public var left: Int
    public var right: Int
    public var up: Int
    public var down: Int

    public init(left: Int, right: Int, up: Int, down: Int) {
        self.left = max(0, left)
        self.right = max(0, right)
        self.up = max(0, up)
        self.down = max(0, down)
    }

    /// Each side cut to at most `limit`.
    public func limited(to limit: Int) -> ShiftRoom {
        ShiftRoom(left: min(left, limit), right: min(right, limit), up: min(up, limit), down: min(down, limit))
    }

    /// Each side the smaller of the two.
    public func meeting(_ other: ShiftRoom) -> ShiftRoom {
        ShiftRoom(left: min(left, other.left), right: min(right, other.right), up: min(up, other.up), down: min(down, other.down))
    }

    public func contains(_ offset: ShiftOffset) -> Bool {
        -left <= offset.dx && offset.dx <= right && -up <= offset.dy && offset.dy <= down
    }

    public var description: String { "left \(left), right \(right), up \(up), down \(down)" }
}

/// The offsets the drawing takes, one step each `shift_every` seconds: a path through every
/// offset of the room's rectangle, row by row, turning at each end of a row (so each step moves
/// one pixel, never a jump), there and back again. Over one period every offset shows for the
/// same time (twice, the two ends of the path once), so what burns in is spread evenly over
/// the rectangle. Step 0 is the offset (0, 0): a panel starts where the layout put it.
///
/// Pure arithmetic on the step number: deterministic, and the same at any time for a session
/// made again (a reload) on the same clock.
public struct BurnInOrbit: Equatable, Sendable {
    public let room: ShiftRoom
    let width: Int, height: Int
    /// Where (0, 0) is on the path.
    let start: Int

    public init(room: ShiftRoom) {
        self.room = room
        width = room.left + room.right + 1
        height = room.up + room.down + 1
        let row = room.up
        start = row * width + (row % 2 == 0 ? room.left : width - 1 - room.left)
    }

    /// Steps before the path repeats.
    public var period: Int {
        let count = width * height
        return count == 1 ? 1 : 2 * count - 2
    }

    /// The offset at `step` (any integer; negative ones count back).
    public func offset(atStep step: Int) -> ShiftOffset {
        let period = self.period
        let k = ((start + step) % period + period) % period
        let count = width * height
        let index = k < count ? k : period - k
        let row = index / width, column = index % width
        let x = row % 2 == 0 ? column : width - 1 - column
        return ShiftOffset(dx: x - room.left, dy: row - room.up)
    }

    /// The step showing at panel-clock time `time` with a step every `every` seconds.
    public static func step(at time: Double, every: Double) -> Int {
        guard time.isFinite, every > 0, time > 0 else { return 0 }
        // A hair over, so the time of a step's deadline is in that step whatever the rounding.
        return Int(min((time / every + 1e-9).rounded(.down), Double(Int.max / 4)))
    }
}
