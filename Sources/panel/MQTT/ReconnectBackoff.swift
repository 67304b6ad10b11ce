/// The wait before each reconnection attempt: 1 s doubling, each wait jittered down to between
/// half and all of it, so a hundred panels that lost the same broker do not come back in the
/// same second. How far it doubles depends on what the last attempt cost:
///
/// - `unreachable` (no connection at all: refused, no answer, a failed lookup, a broker that
///   is down) costs next to nothing, and the panel should be back soon after the broker is:
///   at most `longestUnreachable` (10 s, about Home Assistant's own retry), so after a 20 s
///   outage the panel is back within 10 s of the broker.
/// - `dropped` (the broker accepted us and let go within `MQTTClient.heldLongEnough`, or
///   refused the CONNECT) costs a full republish each time and will likely happen again (two
///   clients with one client id take it from each other): up to `longest` (60 s).
///
/// Only a connection that has held for a while starts it over (`reset()`), never a CONNACK
/// alone: otherwise a broker that drops us at once would be retried every second for good.
struct ReconnectBackoff: Equatable {
    enum Failure: Equatable {
        case unreachable
        case dropped
    }

    var first: Double = 1
    var longestUnreachable: Double = 10
    var longest: Double = 60
    /// Attempts since the last reset.
    private(set) var failures = 0

    /// The wait after a failure of kind `failure`; `random` is a number in 0..<1 (injected so
    /// tests are exact).
    mutating func next(after failure: Failure, random: Double) -> Double {
        let exponent = min(failures, 16)
        failures += 1
        let ceiling = failure == .unreachable ? min(longestUnreachable, longest) : longest
        let full = min(ceiling, first * Double(1 << exponent))
        return full * (0.5 + 0.5 * min(max(random, 0), 1))
    }

    mutating func reset() { failures = 0 }
}
