/// Multitouch protocol A: each frame lists every contact anonymously, each ended by
/// SYN_MT_REPORT; a frame without contacts means all fingers lifted.
///
/// libinput never sees protocol A: it opens such devices through mtdev, which turns
/// them into protocol B by matching each frame's contacts to the previous frame's.
/// This does the same with a greedy nearest-first match (mtdev solves the optimal
/// assignment; for the few, well-separated fingers of a touchscreen the result is the
/// same): a matched contact keeps its slot, a new one takes the lowest free slot, an
/// unmatched old one ends.
struct AnonymousTouchReader: TouchProtocolReader {
    /// mtdev tracks at most 32 contacts (DIM_FINGER in its common.h).
    static let maximumContacts = 32

    private var pendingX: Int32?
    private var pendingY: Int32?
    private var contacts: [(x: Int32, y: Int32)] = []

    mutating func read(_ event: InputEvent, into slots: inout TouchSlots) {
        switch (event.type, event.code) {
        case (EvdevType.abs, EvdevCode.absMTPositionX):
            pendingX = event.value
        case (EvdevType.abs, EvdevCode.absMTPositionY):
            pendingY = event.value
        case (EvdevType.syn, EvdevCode.synMTReport):
            // A bare SYN_MT_REPORT (no position) is how drivers say "no contacts".
            if let x = pendingX, let y = pendingY, contacts.count < Self.maximumContacts {
                contacts.append((x, y))
            }
            pendingX = nil
            pendingY = nil
        default:
            break
        }
    }

    mutating func endFrame(_ slots: inout TouchSlots) {
        let slotOfContact = match(contacts, to: slots)
        for slot in 0..<slots.count where slots.isDown(slot) && !slotOfContact.contains(slot) {
            slots.end(slot)
        }
        for (contact, assigned) in zip(contacts, slotOfContact) {
            guard let slot = assigned else { continue }
            if let old = slots.position(slot), slots.isDown(slot), old == (contact.x, contact.y) { continue }
            // Like mtdev, only changed values become events (so no motion for a still finger).
            slots.setX(slot, contact.x)
            slots.setY(slot, contact.y)
            slots.begin(slot)
        }
        reset()
    }

    mutating func reset() {
        pendingX = nil
        pendingY = nil
        contacts = []
    }

    /// The slot for each contact: an existing touch nearest first, else the lowest free slot,
    /// or nil when all slots are taken.
    private func match(_ contacts: [(x: Int32, y: Int32)], to slots: TouchSlots) -> [Int?] {
        var candidates: [(distance: Double, slot: Int, contact: Int)] = []
        for slot in 0..<slots.count where slots.isDown(slot) {
            guard let p = slots.position(slot) else { continue }
            for (i, c) in contacts.enumerated() {
                // Double: squared differences of Int32 values can overflow Int64.
                let dx = Double(c.x) - Double(p.x), dy = Double(c.y) - Double(p.y)
                candidates.append((dx * dx + dy * dy, slot, i))
            }
        }
        candidates.sort { ($0.distance, $0.slot, $0.contact) < ($1.distance, $1.slot, $1.contact) }
        var result = [Int?](repeating: nil, count: contacts.count)
        var taken = Set<Int>()
        for candidate in candidates where result[candidate.contact] == nil && !taken.contains(candidate.slot) {
            result[candidate.contact] = candidate.slot
            taken.insert(candidate.slot)
        }
        for i in contacts.indices where result[i] == nil {
            guard let free = (0..<slots.count).first(where: { !slots.isDown($0) && !taken.contains($0) }) else { break }
            result[i] = free
            taken.insert(free)
        }
        return result
    }
}
