import Glibc
import PanelUI

/// Touch to screen without a kernel: a finger's evdev events written into one end of a
/// socketpair whose other end the real event loop watches (`PanelService` as `panel run`
/// builds it), until the frame showing the pressed state is handed to the display: epoll,
/// reading and decoding the events (`TouchDecoder`, as a replay decodes them), the model, the
/// painter and the present. The loop runs on a manual clock, so no animation waits for real time;
/// each tap's finger slides off its row before lifting, so nothing toggles and nothing is saved.
struct TouchLatencyFigures {
    var taps: Int
    var p50Ms: Double
    var p99Ms: Double
    var maxMs: Double
}

enum TouchLatencyBench {
    static func measure(description: PanelDescription, size: Size, fonts: FontCache, controlID: String,
                        taps: Int) throws -> TouchLatencyFigures {
        let folder = try BenchFolder()
        let input = try EvdevSocketInput(screen: size)
        let display = PresentRecorder(size: size)
        let clock = ManualClock(now: 1)
        let log = Log(write: { _ in })
        let loop = try Commands.systemCall { () throws(SystemCallError) in try EventLoop(clock: clock) }
        let session = try PanelSession(description: description, rotation: .r0, display: display,
                                       store: StateStore(path: "\(folder.path)/state.json"), fonts: fonts, now: 0, log: log)
        try session.renderFullFrame(at: clock.now)
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: [:]), log: log,
                                 now: { clock.now })
        let service = try Commands.systemCall { () throws(SystemCallError) in
            try PanelService(loop: loop, keeper: keeper, log: log, notifier: ServiceNotifier(environment: [:])) { session }
        }
        try Commands.systemCall { () throws(SystemCallError) in try service.attach(input: input) }

        guard let index = description.controls.firstIndex(where: { $0.id == controlID }),
              let row = session.model.layout.targets.first(where: { $0.kind == .control(index: index, option: nil) }) else {
            throw CommandFailure(message: "panel bench: no \(controlID) control to tap", status: ExitStatus.failure)
        }
        let point = row.frame.center
        let off = Point(x: Double(size.width - 2), y: point.y)
        var samples: [Double] = []
        for tap in 0..<taps {
            clock.now += 1
            let presents = display.presents
            let start = Stopwatch.nanoseconds()
            try input.send(.down(trackingID: tap, at: point), time: clock.now)
            try wake(loop)
            guard display.presents == presents + 1, display.lastDamage.contains(where: { $0.contains(row.pressedFrame) }) else {
                throw CommandFailure(message: "panel bench: a touch did not present its pressed state in one wake-up", status: ExitStatus.failure)
            }
            samples.append(Double(display.lastPresent - start) / 1e6)
            try input.send(.move(to: off), time: clock.now + 0.01)
            try wake(loop)
            try input.send(.up, time: clock.now + 0.02)
            try wake(loop)
        }
        guard session.changeCount == 0 else {
            throw CommandFailure(message: "panel bench: the latency taps changed a value", status: ExitStatus.failure)
        }
        samples.sort()
        return TouchLatencyFigures(taps: taps, p50Ms: percentile(samples, 0.5), p99Ms: percentile(samples, 0.99), maxMs: samples.last ?? .nan)
    }

    private static func wake(_ loop: EventLoop) throws {
        try Commands.systemCall { () throws(SystemCallError) in try loop.runOnce(timeout: 1) }
    }

    /// Nearest rank of sorted samples.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, max(0, Int(clamping: (p * Double(sorted.count)).rounded(.up)) - 1))]
    }
}

/// A headless screen that notes when each frame is handed to it (CLOCK_MONOTONIC ns).
final class PresentRecorder: Display {
    let screen: HeadlessDisplay
    private(set) var presents = 0
    private(set) var lastPresent: UInt64 = 0
    private(set) var lastDamage: [Rect] = []

    init(size: Size) { screen = HeadlessDisplay(size: size) }

    var screenSize: Size { screen.screenSize }
    var physicalSize: (size: PhysicalSize, source: String)? { screen.physicalSize }

    func present(_ frame: PixelBuffer, damage: [Rect], rotation: Rotation) throws(DisplayError) {
        lastPresent = Stopwatch.nanoseconds()
        presents += 1
        lastDamage = damage
        try screen.present(frame, damage: damage, rotation: rotation)
    }

    func setPower(on: Bool) throws(DisplayError) { try screen.setPower(on: on) }
}

/// A protocol-B touchscreen whose axes are the screen's pixels, behind a socketpair: the
/// benchmark writes `struct input_event`s (24 bytes on 64-bit Linux) into one end as a kernel
/// would, one SYN_REPORT frame per write; the event loop reads the other and decodes them.
final class EvdevSocketInput: InputSource {
    enum Touch {
        case down(trackingID: Int, at: Point)
        case move(to: Point)
        case up
    }

    let fd: CInt
    private let writer: FileDescriptor
    private let reader: FileDescriptor
    private var decoder: TouchDecoder
    private var pending: [UInt8] = []

    init(screen: Size) throws(CommandFailure) {
        var ends: [CInt] = [-1, -1]
        guard socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_NONBLOCK.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw CommandFailure(message: "panel bench: socketpair: \(Errno.current)", status: ExitStatus.failure)
        }
        reader = FileDescriptor(owning: ends[0])
        writer = FileDescriptor(owning: ends[1])
        fd = ends[0]
        let device = InputDeviceInfo(
            name: "panel bench touchscreen", properties: [InputProperty.direct],
            eventCodes: [EvdevType.syn: [], EvdevType.key: [EvdevCode.btnTouch],
                         EvdevType.abs: [EvdevCode.absMTSlot, EvdevCode.absMTTrackingID, EvdevCode.absMTPositionX, EvdevCode.absMTPositionY]],
            absAxes: [EvdevCode.absMTSlot: AbsAxisInfo(minimum: 0, maximum: 9),
                      EvdevCode.absMTTrackingID: AbsAxisInfo(minimum: 0, maximum: 65535),
                      EvdevCode.absMTPositionX: AbsAxisInfo(minimum: 0, maximum: Int32(screen.width - 1)),
                      EvdevCode.absMTPositionY: AbsAxisInfo(minimum: 0, maximum: Int32(screen.height - 1))])
        do {
            decoder = try TouchDecoder(device: device, screen: screen)
        } catch {
            throw CommandFailure(message: "panel bench: \(error)", status: ExitStatus.failure)
        }
    }

    /// Writes one finger's change as one evdev frame, stamped `time` seconds.
    func send(_ touch: Touch, time: Double) throws(CommandFailure) {
        var events: [(UInt16, UInt16, Int32)] = [(EvdevType.abs, EvdevCode.absMTSlot, 0)]
        switch touch {
        case .down(let id, let p):
            events += [(EvdevType.abs, EvdevCode.absMTTrackingID, Int32(id & 0xFFFF)),
                       (EvdevType.abs, EvdevCode.absMTPositionX, Int32(clamping: p.x)), (EvdevType.abs, EvdevCode.absMTPositionY, Int32(clamping: p.y)),
                       (EvdevType.key, EvdevCode.btnTouch, 1)]
        case .move(let p):
            events += [(EvdevType.abs, EvdevCode.absMTPositionX, Int32(clamping: p.x)), (EvdevType.abs, EvdevCode.absMTPositionY, Int32(clamping: p.y))]
        case .up:
            events += [(EvdevType.abs, EvdevCode.absMTTrackingID, -1), (EvdevType.key, EvdevCode.btnTouch, 0)]
        }
        events.append((EvdevType.syn, EvdevCode.synReport, 0))
        let microseconds = UInt64(clamping: time * 1e6)
        var bytes: [UInt8] = []
        for (type, code, value) in events {
            append(&bytes, Int64(microseconds / 1_000_000))
            append(&bytes, Int64(microseconds % 1_000_000))
            append(&bytes, type)
            append(&bytes, code)
            append(&bytes, value)
        }
        do {
            try writer.writeAll(bytes)
        } catch {
            throw CommandFailure(message: "panel bench: writing touch events: \(error)", status: ExitStatus.failure)
        }
    }

    /// The time written with the event (the writer's clock).
    func kernelMicroseconds(of touch: TouchEvent) -> UInt64? { touch.time }

    func drain(at now: Double) -> [TouchEvent] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            guard let count = try? chunk.withUnsafeMutableBytes({ (buffer) throws(Errno) in try reader.read(into: buffer) }),
                  count > 0 else { break }
            pending += chunk[..<count]
        }
        var touches: [TouchEvent] = []
        let whole = pending.count / 24 * 24
        for start in stride(from: 0, to: whole, by: 24) {
            let seconds = UInt64(load(Int64.self, at: start)), micro = UInt64(load(Int64.self, at: start + 8))
            touches += decoder.feed(InputEvent(time: seconds * 1_000_000 + micro, type: load(UInt16.self, at: start + 16),
                                               code: load(UInt16.self, at: start + 18), value: load(Int32.self, at: start + 20)))
        }
        pending.removeFirst(whole)
        return touches
    }

    private func load<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        pending.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }

    private func append<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
