/// Multitouch protocol A: each frame lists every contact anonymously, each ended by
/// SYN_MT_REPORT; a frame without contacts means all fingers lifted.
///
/// libinput never sees protocol A: it opens such devices through mtdev, which turns
/// them into protocol B by matching each frame's contacts to the previous frame's.
/// This follows mtdev 1.1 (src/core.c: `process_typeA`, `assign_tracking_id`,
/// `apply_typeA_changes`, `filter_data`), so replays agree with libinput:
/// - a contact counts only once it has both positions; on a device with
///   ABS_MT_TOUCH_MAJOR, only when its TOUCH_MAJOR is not 0 (mtdev's `istouch`);
/// - a frame with no MT event, SYN_MT_REPORT or BTN_TOUCH changes nothing;
/// - contacts are matched to the previous frame's touches by mtdev's minimum-cost
///   assignment (squared distances, ties settled as mtdev settles them; see
///   ContactMatching): a matched contact keeps its slot, a new one takes the lowest slot
///   that was free before the frame, an unmatched old one ends. Contacts that are no
///   touch (TOUCH_MAJOR 0) take part in the matching too, as in mtdev's `solve`: one can
///   take an old touch's place and so end it;
/// - a matched contact's position goes through mtdev's `defuzz` filter against the
///   slot's last position, with the axis's fuzz or, when that is 0, mtdev's default of
///   a 250th of the axis range; only changed values become events.
///
/// One place mtdev is undefined: on a device with ABS_MT_TOUCH_MAJOR, a contact sent
/// without it has its `istouch` test read an uninitialised stack value, so the same
/// events can be a touch in one process and no touch (an up) in another. Such a contact
/// counts as a touch here; a recording meant to agree with libinput carries TOUCH_MAJOR
/// in every contact, as real protocol-A devices do.
struct AnonymousTouchReader: TouchProtocolReader {
    /// mtdev tracks at most 32 contacts (DIM_FINGER in its common.h).
    static let maximumContacts = 32
    /// mtdev's default fuzz is the axis range over its coordinate signal-to-noise ratio.
    static let coordinateSignalToNoise: Int64 = 250

    private let fuzzX: Int64
    private let fuzzY: Int64
    private let hasTouchMajor: Bool
    private var pendingX: Int32?
    private var pendingY: Int32?
    private var pendingTouchMajor: Int32?
    /// This frame's contacts with both positions, touching or not (at most 32, as in mtdev).
    private var contacts: [(x: Int32, y: Int32, isTouch: Bool)] = []
    /// mtdev's `mtcnt`: whether this frame said anything about contacts at all.
    private var frameHasMTData = false

    init(x: AbsAxisInfo, y: AbsAxisInfo, hasTouchMajor: Bool) {
        fuzzX = Self.fuzz(x)
        fuzzY = Self.fuzz(y)
        self.hasTouchMajor = hasTouchMajor
    }

    /// mtdev's `default_fuzz`: the device's own fuzz, else (max - min) / 250.
    static func fuzz(_ axis: AbsAxisInfo) -> Int64 {
        axis.fuzz != 0 ? Int64(axis.fuzz) : (Int64(axis.maximum) - Int64(axis.minimum)) / coordinateSignalToNoise
    }

    /// mtdev's `defuzz` ("response-augmented EWMA filter"): a small move is dropped, a
    /// larger one damped, a big one passed on. C int arithmetic: division truncates.
    static func defuzz(_ value: Int32, old: Int32, fuzz: Int64) -> Int32 {
        let value = Int64(value), old = Int64(old)
        guard fuzz != 0 else { return Int32(value) }
        if value > old - fuzz / 2, value < old + fuzz / 2 { return Int32(old) }
        if value > old - fuzz, value < old + fuzz { return Int32((old * 3 + value) / 4) }
        if value > old - fuzz * 2, value < old + fuzz * 2 { return Int32((old + value) / 2) }
        return Int32(value)
    }

    mutating func read(_ event: InputEvent, into slots: inout TouchSlots) {
        switch (event.type, event.code) {
        case (EvdevType.abs, EvdevCode.absMTPositionX):
            pendingX = event.value
            frameHasMTData = true
        case (EvdevType.abs, EvdevCode.absMTPositionY):
            pendingY = event.value
            frameHasMTData = true
        case (EvdevType.abs, EvdevCode.absMTTouchMajor):
            pendingTouchMajor = event.value
            frameHasMTData = true
        case (EvdevType.abs, let code) where code >= EvdevCode.absMTTouchMajor && code <= Self.lastMTCode:
            frameHasMTData = true
        case (EvdevType.key, EvdevCode.btnTouch):
            frameHasMTData = true
        case (EvdevType.syn, EvdevCode.synMTReport):
            frameHasMTData = true
            // A bare SYN_MT_REPORT (no position) is how drivers say "no contacts".
            let isTouch = !hasTouchMajor || (pendingTouchMajor ?? 1) != 0
            if let x = pendingX, let y = pendingY, contacts.count < Self.maximumContacts {
                contacts.append((x, y, isTouch))
            }
            pendingX = nil
            pendingY = nil
            pendingTouchMajor = nil
        default:
            break
        }
    }

    /// ABS_MT_DISTANCE, the last axis mtdev reads as a contact's.
    private static let lastMTCode: UInt16 = 0x3b

    mutating func endFrame(_ slots: inout TouchSlots) {
        // mtdev's process_typeA returns -1: the packet is not MT related.
        guard frameHasMTData else { return reset() }
        let slotOfContact = assignSlots(in: slots)
        for slot in 0..<slots.count where slots.isDown(slot) && !slotOfContact.contains(slot) {
            slots.end(slot)
        }
        for (contact, assigned) in zip(contacts, slotOfContact) {
            guard let slot = assigned else { continue }
            var (x, y) = (contact.x, contact.y)
            if slots.isDown(slot), let old = slots.position(slot) {
                // A contact that continues a touch is filtered against its last position.
                x = Self.defuzz(x, old: old.x, fuzz: fuzzX)
                y = Self.defuzz(y, old: old.y, fuzz: fuzzY)
                // Like mtdev, only changed values become events (so no motion for a still finger).
                if old == (x, y) { continue }
                if old.x != x { slots.setX(slot, x) }
                if old.y != y { slots.setY(slot, y) }
            } else {
                slots.setX(slot, x)
                slots.setY(slot, y)
                slots.begin(slot)
            }
        }
        reset()
    }

    mutating func reset() {
        pendingX = nil
        pendingY = nil
        pendingTouchMajor = nil
        contacts = []
        frameHasMTData = false
    }

    /// The slot for each contact, nil for one that is no touch: the slot of the touch it
    /// continues, else the lowest slot that was free before this frame, new contacts in the
    /// order the frame listed them (mtdev's `apply_typeA_changes`). There are always enough:
    /// new contacts appear only once every old touch is matched.
    private func assignSlots(in slots: TouchSlots) -> [Int?] {
        let touchSlots = (0..<slots.count).filter { slots.isDown($0) }
        let touches = touchSlots.map { slots.position($0)! }
        let continued = ContactMatching.match(contacts.map { ($0.x, $0.y) }, to: touches)
        var freeSlots = (0..<slots.count).filter { !slots.isDown($0) }[...]
        return zip(contacts, continued).map { contact, touch in
            guard contact.isTouch else { return nil }
            if let touch { return touchSlots[touch] }
            return freeSlots.popFirst()
        }
    }
}
