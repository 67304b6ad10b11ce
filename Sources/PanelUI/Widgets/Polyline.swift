/// Polyline helpers for drawing a stroke progressively, as an animated check mark does.
public enum Polyline {
    public static func length(_ points: [Point]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The first `fraction` (0...1) of the polyline by length.
    public static func prefix(_ points: [Point], fraction: Double) -> [Point] {
        guard points.count > 1, fraction < 1 else { return points }
        guard fraction > 0 else { return [] }
        return piece(points, from: 0, to: length(points) * fraction)
    }

    /// The part of the polyline between the distances `start` and `end` along it; empty when
    /// `end <= start`. One pass, no length computed first: the cost of an animation frame.
    public static func piece(_ points: [Point], from start: Double, to end: Double) -> [Point] {
        guard points.count > 1, end > start, end > 0 else { return [] }
        var result: [Point] = []
        result.reserveCapacity(points.count)
        var travelled = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let segment = a.distance(to: b)
            let next = travelled + segment
            func at(_ d: Double) -> Point { segment > 0 ? a + (b - a) * ((d - travelled) / segment) : a }
            if result.isEmpty, start < next {
                result.append(start <= travelled ? a : at(start))
            }
            if !result.isEmpty {
                if end < next {
                    result.append(at(end))
                    return result
                }
                result.append(b)
            }
            travelled = next
        }
        return result
    }
}
