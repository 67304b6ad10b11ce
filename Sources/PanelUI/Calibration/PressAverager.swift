/// One press of a finger, from down to up: the mean of its samples and how far they spread.
public struct Press: Equatable, Sendable {
    /// The mean of the positions reported from down to up, in screen pixels as the device
    /// reports them uncalibrated.
    public var position: Point
    /// How far the samples spread: the diagonal of the box holding them all, in those pixels
    /// (a finger that slid 30 px spreads 30 px; a steady one a pixel or two).
    public var spread: Double
    public var samples: Int
    /// Another finger touched while this one was down: the press says nothing reliable.
    public var otherFinger: Bool
    /// When the finger lifted, microseconds (the touch's time).
    public var time: UInt64

    public init(position: Point, spread: Double, samples: Int, otherFinger: Bool = false, time: UInt64 = 0) {
        self.position = position
        self.spread = spread
        self.samples = samples
        self.otherFinger = otherFinger
        self.time = time
    }
}

/// Turns touch events into `Press`es: the first finger down is followed until it lifts;
/// its down and every motion are samples (an up repeats the last position, so it is not one).
/// A cancelled touch gives no press. Constant memory: a press held for minutes keeps a sum,
/// a count and a bounding box.
public struct PressAverager: Sendable {
    private var slot: Int?
    private var sum = Point.zero
    private var count = 0
    /// Bounding box of the samples, for the spread.
    private var low = Point.zero, high = Point.zero
    private var otherFinger = false

    public init() {}

    /// Whether a finger is down now.
    public var isPressing: Bool { slot != nil }

    /// Feeds one event; returns the press it ended, if it ended one.
    public mutating func feed(_ event: TouchEvent) -> Press? {
        switch event.phase {
        case .frame:
            return nil
        case .down:
            guard slot == nil else {
                otherFinger = true
                return nil
            }
            slot = event.slot
            (sum, count, low, high, otherFinger) = (.zero, 0, event.position, event.position, false)
            add(event.position)
            return nil
        case .motion:
            if event.slot == slot { add(event.position) }
            return nil
        case .cancel:
            if event.slot == slot { slot = nil }
            return nil
        case .up:
            guard event.slot == slot, count > 0 else { return nil }
            slot = nil
            let mean = Point(x: sum.x / Double(count), y: sum.y / Double(count))
            return Press(position: mean, spread: low.distance(to: high), samples: count, otherFinger: otherFinger, time: event.time)
        }
    }

    private mutating func add(_ p: Point) {
        sum = sum + p
        count += 1
        low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
        high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
    }
}
