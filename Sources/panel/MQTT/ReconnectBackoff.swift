/// The wait before each reconnection attempt: 1 s doubling to 60 s, each one jittered down
/// to between half and all of it, so a hundred panels that lost the same broker do not come
/// back in the same second. A successful connection starts it over.
struct ReconnectBackoff: Equatable {
    var first: Double = 1
    var longest: Double = 60
    private(set) var failures = 0

    /// The next wait; `random` is a number in 0..<1 (injected so tests are exact).
    mutating func next(random: Double) -> Double {
        let exponent = min(failures, 16)
        failures += 1
        let full = min(longest, first * Double(1 << exponent))
        return full * (0.5 + 0.5 * min(max(random, 0), 1))
    }

    mutating func reset() { failures = 0 }
}
