/// `Color.raisedToContrast` worked out once per colour, background, minimum and opacity and
/// looked up after: a disabled row raises its label, detail and widget colours on every frame
/// it is drawn (some twenty composites and contrasts each), always the same few. One painter
/// holds one, on its renderer's thread.
public final class ContrastMemo {
    private struct Key: Hashable {
        var color: Color
        var background: Color
        var minimum: Double
        var opacity: Double
    }

    /// A theme has a handful of colours; the limit only bounds a description that keeps changing.
    private var raised = BoundedMemo<Key, Color>(limit: 256)

    public init() {}

    /// Exactly `color.raisedToContrast(minimum, against: background, opacity: opacity)`.
    public func raise(_ color: Color, _ minimum: Double, against background: Color, opacity: Double = 1) -> Color {
        raised.value(for: Key(color: color, background: background, minimum: minimum, opacity: opacity)) {
            color.raisedToContrast(minimum, against: background, opacity: opacity)
        }
    }
}
