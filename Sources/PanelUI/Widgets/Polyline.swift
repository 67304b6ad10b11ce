/// Polyline helpers for drawing a stroke progressively, as an animated check mark does.
public enum Polyline {
    public static func length(_ points: [Point]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The first `fraction` (0...1) of the polyline by length.
    public static func prefix(_ points: [Point], fraction: Double) -> [Point] {
        guard points.count > 1, fraction < 1 else { return points }
        guard fraction > 0 else { return [] }
        var remaining = length(points) * fraction
        var result = [points[0]]
        for (a, b) in zip(points, points.dropFirst()) {
            let segment = a.distance(to: b)
            if remaining >= segment {
                result.append(b)
                remaining -= segment
            } else {
                result.append(a + (b - a) * (remaining / segment))
                break
            }
        }
        return result
    }
}
