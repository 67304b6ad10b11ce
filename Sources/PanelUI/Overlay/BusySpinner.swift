import Glibc

/// UIActivityIndicatorView on the row of a control whose action runs: eight spokes at the
/// badge's place, the leading one darkest, stepping round once a second. It shows only from
/// `delay` after the action started, so a fast action never flashes it, and it changes look
/// only at its steps: frames come eight times a second while it shows, none before or after.
public enum BusySpinner {
    /// How long an action runs before its spinner shows.
    public static let delay = 0.3
    public static let spokes = 8
    /// Seconds per spoke: once round a second.
    public static let stepInterval = 0.125
    /// Float noise at a step's exact time must not put it in the step before.
    private static let tolerance = 1e-9

    /// Which spoke leads at `now` for an action running since `since`; nil while it is hidden.
    public static func step(since: Double, at now: Double) -> Int? {
        let shown = now - since - delay
        guard shown >= -tolerance else { return nil }
        return Int(clamping: (max(0, shown) / stepInterval + tolerance).rounded(.down)) % spokes
    }

    /// The first moment after `now` at which the spinner's look changes: when it appears, or
    /// its next step. Always later than `now`; +infinity (never) for an infinite `now`.
    public static func nextChange(since: Double, after now: Double) -> Double {
        let appears = since + delay
        guard now >= appears - tolerance else { return appears }
        guard now.isFinite else { return .infinity }
        let steps = ((now - appears) / stepInterval + tolerance).rounded(.down) + 1
        let next = appears + steps * stepInterval
        // Float noise may land a step short; where a step is below `now`'s precision (times
        // far beyond any session's), the next representable time keeps it later than `now`.
        return next > now ? next : max(next + stepInterval, now.nextUp)
    }

    /// Draws the spinner in a disc of `diameter` centred at `center`, `step` spokes round.
    static func draw(in canvas: Canvas, center: Point, diameter: Double, step: Int, color: Color, scale: Double) {
        let outer = diameter / 2 * 0.95, inner = diameter / 2 * 0.45
        let width = max(1.5, 2.2 * scale)
        for spoke in 0..<spokes {
            // The leading spoke at full strength, each one behind it fainter.
            let age = (step - spoke + spokes) % spokes
            let angle = Double(spoke) * 2 * Double.pi / Double(spokes) - Double.pi / 2
            let (dx, dy) = (cos(angle), sin(angle))
            let opacity = 1 - Double(age) * 0.7 / Double(spokes - 1)
            canvas.strokePolyline([Point(x: center.x + dx * inner, y: center.y + dy * inner),
                                   Point(x: center.x + dx * outer, y: center.y + dy * outer)],
                                  lineWidth: width, color: color.withOpacity(opacity))
        }
    }
}
