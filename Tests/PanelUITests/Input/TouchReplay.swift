import PanelUI

/// What decoding a whole recording produced, summed up for assertions.
struct TouchReplay {
    var touches: [TouchEvent] = []
    var downs = 0
    var ups = 0
    var cancels = 0
    var frames = 0
    var maxSimultaneous = 0
    /// A down on a slot that was already down, or an up/motion on one that wasn't.
    var lifecycleErrors: [String] = []
    var activeAtEnd: Set<Int> = []

    init(_ recording: Recording, screen: Size = Size(width: 800, height: 480)) throws {
        var decoder = try TouchDecoder(device: recording.device, screen: screen)
        var active: Set<Int> = []
        for event in recording.events {
            for touch in decoder.feed(event) {
                touches.append(touch)
                switch touch.phase {
                case .down:
                    downs += 1
                    if !active.insert(touch.slot).inserted { lifecycleErrors.append("double down slot \(touch.slot) at \(touch.time)") }
                    maxSimultaneous = max(maxSimultaneous, active.count)
                case .motion:
                    if !active.contains(touch.slot) { lifecycleErrors.append("motion without down slot \(touch.slot)") }
                case .up, .cancel:
                    if touch.phase == .up { ups += 1 } else { cancels += 1 }
                    if active.remove(touch.slot) == nil { lifecycleErrors.append("\(touch.phase) without down slot \(touch.slot)") }
                case .frame:
                    frames += 1
                }
            }
        }
        activeAtEnd = active
    }

    var positions: [Point] { touches.filter { $0.phase != .frame }.map(\.position) }
}

extension Recording {
    /// Lowest and highest raw value of an ABS code in the events.
    func rawRange(of code: UInt16) -> ClosedRange<Int32>? {
        let values = events.filter { $0.type == EvdevType.abs && $0.code == code }.map(\.value)
        guard let lo = values.min(), let hi = values.max() else { return nil }
        return lo...hi
    }

    var reportCount: Int { events.filter { $0.type == EvdevType.syn && $0.code == EvdevCode.synReport }.count }
}
