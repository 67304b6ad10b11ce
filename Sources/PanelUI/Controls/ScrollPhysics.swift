import Glibc

/// Vertical scrolling that feels like UIScrollView: the content follows the finger, is
/// rubber-banded past its ends, keeps going after a flick with exponential deceleration,
/// and springs back into range with a small bounce.
///
/// A value type with time passed in: the offset is a pure function of the time since the
/// last input, so a replay's virtual clock reproduces it exactly.
public struct ScrollPhysics: Equatable, Sendable {
    /// How far the content may scroll: content height minus viewport height, at least 0.
    public let maxOffset: Double
    /// The viewport's height: the scale of the rubber band.
    public let viewportHeight: Double

    enum Motion: Equatable, Sendable {
        /// `since`: when a finger stopped the list, which starts the indicator's fade; nil
        /// before anything moved it.
        case resting(offset: Double, since: Double?)
        /// The finger moves the content; `samples` are recent (time, unbanded offset) for the flick velocity.
        case dragging(anchorOffset: Double, anchorY: Double, samples: [Sample])
        case released(Release)
    }

    struct Sample: Equatable, Sendable {
        var time: Double
        var offset: Double
    }

    private(set) var motion: Motion = .resting(offset: 0, since: nil)

    /// UIScrollView's normal deceleration: velocity × 0.998 per millisecond.
    static let decelerationPerSecond = -log(0.998) * 1000
    /// Momentum ends below this speed (pixels per second).
    static let stopSpeed = 10.0
    /// Stiffness of the spring that brings an overscrolled edge back (critically damped).
    static let springRate = 12.0
    /// The flick velocity comes from the finger's last 100 ms.
    static let velocityWindow = 0.1
    /// The fastest flick taken, pixels per second: far past a finger's (a hard flick is about
    /// 10 000), so only a wild position (a calibration matrix of 1e300) is held to it.
    static let fastestFlick = 100_000.0
    /// UIScrollView's rubber-band constant.
    static let rubberBand = 0.55
    /// How long the scroll indicator takes to fade once the list stops.
    static let indicatorFade = 0.3

    public init(contentHeight: Double, viewportHeight: Double) {
        maxOffset = max(0, contentHeight - viewportHeight)
        self.viewportHeight = max(1, viewportHeight)
    }

    /// The same list grown or shrunk to `contentHeight` (a label rewrapped at run time): at
    /// rest where it showed at `now`, kept in range.
    public func resized(contentHeight: Double, at now: Double) -> ScrollPhysics {
        var resized = ScrollPhysics(contentHeight: contentHeight, viewportHeight: viewportHeight)
        resized.motion = .resting(offset: min(max(offset(at: now), 0), resized.maxOffset), since: nil)
        return resized
    }

    /// The same list at rest at `offset` (kept in range): a page drawn where it was left.
    public func resting(at offset: Double) -> ScrollPhysics {
        var rested = self
        rested.motion = .resting(offset: min(max(offset, 0), maxOffset), since: nil)
        return rested
    }

    public var isScrollable: Bool { maxOffset > 0 }
    public var isDragging: Bool { if case .dragging = motion { return true } else { return false } }

    // MARK: Input

    /// A finger starts moving the content at `y`; a moving scroll stops where it is. A finger
    /// at no number (NaN, infinity: a broken calibration) moves nothing.
    public mutating func beginDrag(y: Double, at now: Double) {
        guard y.isFinite else { return }
        let offset = self.offset(at: now)
        motion = .dragging(anchorOffset: unbanded(offset), anchorY: y, samples: [Sample(time: now, offset: unbanded(offset))])
    }

    public mutating func drag(to y: Double, at now: Double) {
        guard y.isFinite, case .dragging(let anchorOffset, let anchorY, var samples) = motion else { return }
        samples.append(Sample(time: now, offset: anchorOffset + anchorY - y))
        samples.removeAll { $0.time < now - Self.velocityWindow }
        motion = .dragging(anchorOffset: anchorOffset, anchorY: anchorY, samples: samples)
    }

    /// The finger lifts: momentum from its recent velocity, or a spring back into range.
    public mutating func endDrag(at now: Double) {
        guard case .dragging = motion else { return }
        let offset = self.offset(at: now)
        motion = .released(Release(start: now, offset: offset, velocity: flickVelocity(at: now), maxOffset: maxOffset))
    }

    /// Stops any motion at the current offset (a finger that catches a moving list).
    public mutating func stop(at now: Double) {
        motion = .resting(offset: min(max(offset(at: now), 0), maxOffset), since: now)
    }

    // MARK: Output

    public func offset(at now: Double) -> Double {
        switch motion {
        case .resting(let offset, _):
            return offset
        case .dragging(_, _, let samples):
            return banded(samples.last?.offset ?? 0)
        case .released(let release):
            return release.offset(at: now)
        }
    }

    /// True while the content moves by itself (momentum or spring), i.e. frames are needed.
    public func isMoving(at now: Double) -> Bool {
        guard case .released(let release) = motion else { return false }
        return now < release.end
    }

    /// The scroll indicator's opacity, as UIScrollView shows it: 1 while a finger drags the
    /// list or it moves by itself, fading to 0 over `indicatorFade` once it stops; 0 for a
    /// list that fits.
    public func indicatorOpacity(at now: Double) -> Double {
        // Compared as isIndicatorFading compares, so the last faded frame is exactly 0.
        guard isScrollable, let stopped = stopTime(at: now), now < stopped + Self.indicatorFade else { return 0 }
        return min(max(1 - (now - stopped) / Self.indicatorFade, 0), 1)
    }

    /// True while the indicator fades: frames are needed though the list stands still.
    public func isIndicatorFading(at now: Double) -> Bool {
        guard isScrollable, !isDragging, let stopped = stopTime(at: now) else { return false }
        return now < stopped + Self.indicatorFade
    }

    /// When the list came to rest, `now` while it still moves or is dragged; nil when it never moved.
    private func stopTime(at now: Double) -> Double? {
        switch motion {
        case .resting(_, let since):
            return since
        case .dragging:
            return now
        case .released(let release):
            return min(now, release.end)
        }
    }

    /// True while the offset changed at any time in `(previous, now]`.
    public func moved(between previous: Double, and now: Double) -> Bool {
        offset(at: previous) != offset(at: now)
    }

    // MARK: Internals

    private func flickVelocity(at now: Double) -> Double {
        guard case .dragging(_, _, let samples) = motion,
              let first = samples.first(where: { $0.time >= now - Self.velocityWindow }),
              let last = samples.last, last.time > first.time else { return 0 }
        // Offsets past ±1e308 are infinite, and infinity less infinity is NaN: no flick.
        let velocity = (last.offset - first.offset) / (last.time - first.time)
        return velocity.isNaN ? 0 : min(max(velocity, -Self.fastestFlick), Self.fastestFlick)
    }

    /// UIScrollView's rubber band: past an end, the content moves less the farther it goes.
    private func banded(_ offset: Double) -> Double {
        if offset < 0 { return -rubber(-offset) }
        if offset > maxOffset { return maxOffset + rubber(offset - maxOffset) }
        return offset
    }

    private func unbanded(_ offset: Double) -> Double {
        if offset < 0 { return -unrubber(-offset) }
        if offset > maxOffset { return maxOffset + unrubber(offset - maxOffset) }
        return offset
    }

    private func rubber(_ x: Double) -> Double {
        (1 - 1 / (x * Self.rubberBand / viewportHeight + 1)) * viewportHeight
    }

    private func unrubber(_ y: Double) -> Double {
        let d = viewportHeight
        guard y < d * 0.999 else { return 1000 * d }
        return (d / (1 - y / d) - d) / Self.rubberBand
    }
}

/// The motion after the finger lifted, as closed-form functions of time.
struct Release: Equatable, Sendable {
    enum Phase: Equatable, Sendable {
        /// Exponential deceleration from `velocity`; it may run into an edge at `hitTime`.
        case momentum(velocity: Double, hitTime: Double?, edge: Double)
        /// A critically damped spring towards `edge` from `displacement` with `velocity`.
        case spring(displacement: Double, velocity: Double, edge: Double)
    }

    let start: Double
    let origin: Double
    let phase: Phase
    let end: Double

    init(start: Double, offset: Double, velocity: Double, maxOffset: Double) {
        self.start = start
        origin = offset
        let k = ScrollPhysics.decelerationPerSecond
        if offset < 0 || offset > maxOffset {
            let edge = offset < 0 ? 0 : maxOffset
            phase = .spring(displacement: offset - edge, velocity: velocity, edge: edge)
            end = start + Self.springDuration(displacement: offset - edge, velocity: velocity)
            return
        }
        let travel = velocity / k  // how far momentum would carry it in total
        let edge = velocity < 0 ? 0 : maxOffset
        var hitTime: Double?
        if velocity != 0, (velocity < 0 ? offset + travel < 0 : offset + travel > maxOffset) {
            // offset + travel·(1 − e^(−k t)) = edge
            hitTime = -log(1 - (edge - offset) / travel) / k
        }
        phase = .momentum(velocity: velocity, hitTime: hitTime, edge: edge)
        if let hitTime {
            let speed = velocity * exp(-k * hitTime)
            end = start + hitTime + Self.springDuration(displacement: 0, velocity: speed)
        } else {
            end = start + max(0, log(abs(velocity) / ScrollPhysics.stopSpeed) / k)
        }
    }

    func offset(at now: Double) -> Double {
        let t = max(0, min(now, end) - start)
        let k = ScrollPhysics.decelerationPerSecond
        switch phase {
        case .momentum(let velocity, let hitTime, let edge):
            if let hitTime, t > hitTime {
                guard now < end else { return edge }
                let speed = velocity * exp(-k * hitTime)
                return edge + Self.spring(displacement: 0, velocity: speed, t: t - hitTime)
            }
            return origin + velocity / k * (1 - exp(-k * t))
        case .spring(let displacement, let velocity, let edge):
            guard now < end else { return edge }
            return edge + Self.spring(displacement: displacement, velocity: velocity, t: t)
        }
    }

    /// x(t) = (x₀ + (v₀ + w·x₀)·t)·e^(−w·t): returns to rest without oscillating, overshooting
    /// once when thrown outwards, which is the edge bounce.
    static func spring(displacement x0: Double, velocity v0: Double, t: Double) -> Double {
        let w = ScrollPhysics.springRate
        return (x0 + (v0 + w * x0) * t) * exp(-w * t)
    }

    /// When the spring is within half a pixel of rest for good.
    static func springDuration(displacement: Double, velocity: Double) -> Double {
        var t = 1 / ScrollPhysics.springRate
        while abs(spring(displacement: displacement, velocity: velocity, t: t)) >= 0.5 && t < 5 { t += 1.0 / 120 }
        return t
    }
}
