/// Values worked out once and looked up after, forgetting everything once `limit` are kept:
/// a panel asks for the same few again every frame, and anything else (an animation's
/// passing shapes) must not grow it for months.
struct BoundedMemo<Key: Hashable, Value> {
    let limit: Int
    private var values: [Key: Value] = [:]

    init(limit: Int) { self.limit = limit }

    var count: Int { values.count }

    mutating func value(for key: Key, _ make: () -> Value) -> Value {
        if let value = values[key] { return value }
        let value = make()
        if values.count >= limit { values.removeAll(keepingCapacity: true) }
        values[key] = value
        return value
    }
}
