/// What each slot (a row of a panel) found last, with the key it was found under: asked for the
/// same key there again, the value is found by comparing keys instead of hashing one. A slot
/// asked for another key gives nothing, and its owner looks that key up as before and
/// `remember`s it. At most `capacity` slots are remembered, so a panel of thousands of rows
/// costs no more than that.
struct SlotMemo<Key: Equatable, Value> {
    static var capacity: Int { 1024 }

    private var entries: [(key: Key, value: Value)?] = []
    /// How many times every slot was forgotten: what their owner kept may have gone since.
    private(set) var generation = 0

    /// The value `slot` holds when it was remembered under `key`.
    func value(for key: Key, slot: Int?) -> Value? {
        guard let slot, slot >= 0, slot < entries.count, let entry = entries[slot], entry.key == key else { return nil }
        return entry.value
    }

    mutating func remember(_ value: Value, for key: Key, slot: Int?) {
        guard let slot, slot >= 0, slot < Self.capacity else { return }
        if slot >= entries.count { entries.append(contentsOf: repeatElement(nil, count: slot + 1 - entries.count)) }
        entries[slot] = (key, value)
    }

    /// Forgets every slot: their owner dropped or replaced what they held, and none of it may
    /// outlive the owner's budget here.
    mutating func forgetAll() {
        entries.removeAll(keepingCapacity: true)
        generation += 1
    }
}
