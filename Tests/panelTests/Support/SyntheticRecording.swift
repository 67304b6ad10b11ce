import PanelUI
@testable import panel

/// An evemu recording written by a test: protocol B touches on the device of
/// demo/taps.evemu (an Atmel maXTouch whose axes are 0..799 x 0..479, so at 800x480 device
/// units are screen pixels; other screen sizes scale), with a SYN_REPORT after each change.
struct SyntheticRecording {
    static let deviceSize = Size(width: 800, height: 480)
    private(set) var text: String
    private var slot = -1
    private var nextTrackingID = 1
    /// Fingers down, for BTN_TOUCH.
    private var down: Set<Int> = []

    init() throws {
        let demo = try readFile(RepositoryFile.path("demo/taps.evemu"))
        text = demo.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("E:") }
            .joined(separator: "\n") + "\n"
    }

    /// A point on a screen of `screen` pixels in device units.
    static func device(_ p: Point, screen: Size) -> (x: Int, y: Int) {
        (Int(p.x * Double(deviceSize.width) / Double(screen.width)), Int(p.y * Double(deviceSize.height) / Double(screen.height)))
    }

    mutating func touchDown(slot: Int, at p: (x: Int, y: Int), time: Double) {
        select(slot, time)
        event(time, 3, 0x39, nextTrackingID)
        nextTrackingID += 1
        event(time, 3, 0x35, p.x)
        event(time, 3, 0x36, p.y)
        if down.isEmpty { event(time, 1, 0x14A, 1) }
        down.insert(slot)
        sync(time)
    }

    mutating func touchMove(slot: Int, to p: (x: Int, y: Int), time: Double) {
        select(slot, time)
        event(time, 3, 0x35, p.x)
        event(time, 3, 0x36, p.y)
        sync(time)
    }

    mutating func touchUp(slot: Int, time: Double) {
        select(slot, time)
        event(time, 3, 0x39, -1)
        down.remove(slot)
        if down.isEmpty { event(time, 1, 0x14A, 0) }
        sync(time)
    }

    private mutating func select(_ newSlot: Int, _ time: Double) {
        guard newSlot != slot else { return }
        event(time, 3, 0x2F, newSlot)
        slot = newSlot
    }

    private mutating func sync(_ time: Double) { event(time, 0, 0, 0) }

    private mutating func event(_ time: Double, _ type: Int, _ code: Int, _ value: Int) {
        let micros = Int((time * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        text += "E: \(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction) "
            + "\(hex4(type)) \(hex4(code)) \(value)\n"
    }

    private func hex4(_ n: Int) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
