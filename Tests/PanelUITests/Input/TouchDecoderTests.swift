import PanelUI
import Testing

/// Synthetic event streams for each kernel protocol. Axes are 0…799 × 0…479 on an
/// 800×480 screen so raw values are pixels.
@Suite struct TouchDecoderTests {
    static let screen = Size(width: 800, height: 480)
    static let x = AbsAxisInfo(minimum: 0, maximum: 799), y = AbsAxisInfo(minimum: 0, maximum: 479)

    static let slotted = InputDeviceInfo(name: "B", absAxes: [
        EvdevCode.absMTSlot: AbsAxisInfo(minimum: 0, maximum: 9), EvdevCode.absMTPositionX: x, EvdevCode.absMTPositionY: y,
        EvdevCode.absMTTrackingID: AbsAxisInfo(minimum: 0, maximum: 65535), EvdevCode.absX: x, EvdevCode.absY: y])
    static let anonymous = InputDeviceInfo(name: "A", absAxes: [
        EvdevCode.absMTPositionX: x, EvdevCode.absMTPositionY: y, EvdevCode.absX: x, EvdevCode.absY: y])
    static let singleTouch = InputDeviceInfo(name: "ST", absAxes: [EvdevCode.absX: x, EvdevCode.absY: y])

    /// Events written as (type, code, value) triples; SYN_REPORT closes a frame and
    /// advances the clock by 10 ms.
    struct Stream {
        var decoder: TouchDecoder
        var time: UInt64 = 0

        init(_ device: InputDeviceInfo) throws { decoder = try TouchDecoder(device: device, screen: TouchDecoderTests.screen) }

        mutating func send(_ events: [(UInt16, UInt16, Int32)]) -> [TouchEvent] {
            var out: [TouchEvent] = []
            for (type, code, value) in events {
                out += decoder.feed(InputEvent(time: time, type: type, code: code, value: value))
                if type == EvdevType.syn && code == EvdevCode.synReport { time += 10_000 }
            }
            return out
        }
    }

    static let report = (EvdevType.syn, EvdevCode.synReport, Int32(0))
    static let mtReport = (EvdevType.syn, EvdevCode.synMTReport, Int32(0))
    static let dropped = (EvdevType.syn, EvdevCode.synDropped, Int32(0))
    static func slot(_ v: Int32) -> (UInt16, UInt16, Int32) { (EvdevType.abs, EvdevCode.absMTSlot, v) }
    static func id(_ v: Int32) -> (UInt16, UInt16, Int32) { (EvdevType.abs, EvdevCode.absMTTrackingID, v) }
    static func mtX(_ v: Int32) -> (UInt16, UInt16, Int32) { (EvdevType.abs, EvdevCode.absMTPositionX, v) }
    static func mtY(_ v: Int32) -> (UInt16, UInt16, Int32) { (EvdevType.abs, EvdevCode.absMTPositionY, v) }
    static func absX(_ v: Int32) -> (UInt16, UInt16, Int32) { (EvdevType.abs, EvdevCode.absX, v) }
    static func absY(_ v: Int32) -> (UInt16, UInt16, Int32) { (EvdevType.abs, EvdevCode.absY, v) }
    static func touch(_ v: Int32) -> (UInt16, UInt16, Int32) { (EvdevType.key, EvdevCode.btnTouch, v) }

    static func e(_ phase: TouchPhase, _ slot: Int, _ x: Double, _ y: Double, _ t: UInt64) -> TouchEvent {
        TouchEvent(phase: phase, slot: slot, position: Point(x: x, y: y), time: t)
    }

    // MARK: protocol B

    @Test func protocolBImplicitSlotZeroDownMotionUp() throws {
        var s = try Stream(Self.slotted)
        #expect(s.send([Self.id(5), Self.mtX(100), Self.mtY(50), Self.report]) == [Self.e(.down, 0, 100, 50, 0), .frame(time: 0)])
        #expect(s.send([Self.mtX(110), Self.report]) == [Self.e(.motion, 0, 110, 50, 10_000), .frame(time: 10_000)])
        #expect(s.send([Self.report]) == [])
        #expect(s.send([Self.id(-1), Self.report]) == [Self.e(.up, 0, 110, 50, 30_000), .frame(time: 30_000)])
    }

    @Test func protocolBQuickTapInOneFrameKeepsDownAndUp() throws {
        var s = try Stream(Self.slotted)
        #expect(s.send([Self.slot(3), Self.id(1), Self.mtX(10), Self.mtY(20), Self.id(-1), Self.report])
                == [Self.e(.down, 3, 10, 20, 0), Self.e(.up, 3, 10, 20, 0), .frame(time: 0)])
    }

    @Test func protocolBTwoFingers() throws {
        var s = try Stream(Self.slotted)
        let down = s.send([Self.slot(0), Self.id(1), Self.mtX(100), Self.mtY(100),
                           Self.slot(1), Self.id(2), Self.mtX(300), Self.mtY(200), Self.report])
        #expect(down == [Self.e(.down, 0, 100, 100, 0), Self.e(.down, 1, 300, 200, 0), .frame(time: 0)])
        let move = s.send([Self.mtY(210), Self.slot(0), Self.mtX(105), Self.report])
        #expect(move == [Self.e(.motion, 0, 105, 100, 10_000), Self.e(.motion, 1, 300, 210, 10_000), .frame(time: 10_000)])
        let lift = s.send([Self.id(-1), Self.report, Self.slot(1), Self.id(-1), Self.report])
        #expect(lift == [Self.e(.up, 0, 105, 100, 20_000), .frame(time: 20_000), Self.e(.up, 1, 300, 210, 30_000), .frame(time: 30_000)])
    }

    @Test func protocolBIgnoresBTNTouchAndStrayIDs() throws {
        var s = try Stream(Self.slotted)
        // An end for a slot without a touch, and BTN_TOUCH, produce nothing (as in libinput).
        #expect(s.send([Self.slot(2), Self.id(-1), Self.touch(1), Self.report]) == [])
        _ = s.send([Self.id(7), Self.mtX(1), Self.mtY(1), Self.report])
        // A second tracking id without -1 keeps the touch (libinput: "multiple touch down").
        #expect(s.send([Self.id(8), Self.mtX(2), Self.report]) == [Self.e(.motion, 2, 2, 1, 20_000), .frame(time: 20_000)])
        // An out-of-range slot is clamped to the last one instead of crashing.
        #expect(s.send([Self.slot(99), Self.id(9), Self.mtX(5), Self.mtY(6), Self.report]) == [Self.e(.down, 9, 5, 6, 30_000), .frame(time: 30_000)])
    }

    @Test func synDroppedCancelsAndSkipsToTheNextReport() throws {
        var s = try Stream(Self.slotted)
        _ = s.send([Self.id(1), Self.mtX(10), Self.mtY(10), Self.slot(1), Self.id(2), Self.mtX(20), Self.mtY(20), Self.report])
        let cancelled = s.send([Self.mtX(25), Self.dropped])
        #expect(cancelled == [Self.e(.cancel, 0, 10, 10, 10_000), Self.e(.cancel, 1, 20, 20, 10_000), .frame(time: 10_000)])
        // Everything until and including the next SYN_REPORT is skipped.
        #expect(s.send([Self.slot(0), Self.id(3), Self.mtX(1), Self.mtY(1), Self.report]) == [])
        // Touches still down send no new id, so they stay silent; a new contact works.
        #expect(s.send([Self.mtX(30), Self.report]) == [])
        #expect(s.send([Self.slot(2), Self.id(4), Self.mtX(40), Self.mtY(41), Self.report]) == [Self.e(.down, 2, 40, 41, 30_000), .frame(time: 30_000)])
    }

    // MARK: protocol A

    @Test func protocolAMatchesContactsToSlotsByDistance() throws {
        var s = try Stream(Self.anonymous)
        #expect(s.send([Self.mtX(100), Self.mtY(100), Self.mtReport, Self.touch(1), Self.report])
                == [Self.e(.down, 0, 100, 100, 0), .frame(time: 0)])
        // A second finger arrives, listed first: the old finger keeps slot 0.
        let two = s.send([Self.mtX(600), Self.mtY(400), Self.mtReport, Self.mtX(102), Self.mtY(101), Self.mtReport, Self.report])
        #expect(two == [Self.e(.motion, 0, 102, 101, 10_000), Self.e(.down, 1, 600, 400, 10_000), .frame(time: 10_000)])
        // Unchanged contacts give no events (mtdev only passes on changes).
        #expect(s.send([Self.mtX(102), Self.mtY(101), Self.mtReport, Self.mtX(600), Self.mtY(400), Self.mtReport, Self.report]) == [])
        // The first finger lifts; the remaining contact matches slot 1.
        let one = s.send([Self.mtX(598), Self.mtY(399), Self.mtReport, Self.report])
        #expect(one == [Self.e(.up, 0, 102, 101, 30_000), Self.e(.motion, 1, 598, 399, 30_000), .frame(time: 30_000)])
        // A new finger takes the lowest free slot again.
        let again = s.send([Self.mtX(598), Self.mtY(399), Self.mtReport, Self.mtX(50), Self.mtY(60), Self.mtReport, Self.report])
        #expect(again == [Self.e(.down, 0, 50, 60, 40_000), .frame(time: 40_000)])
        // An empty frame (bare SYN_MT_REPORT, or nothing) lifts everything.
        #expect(s.send([Self.mtReport, Self.touch(0), Self.report])
                == [Self.e(.up, 0, 50, 60, 50_000), Self.e(.up, 1, 598, 399, 50_000), .frame(time: 50_000)])
    }

    @Test func protocolAQuickTapAcrossTwoFrames() throws {
        var s = try Stream(Self.anonymous)
        #expect(s.send([Self.mtX(1), Self.mtY(2), Self.mtReport, Self.report, Self.report])
                == [Self.e(.down, 0, 1, 2, 0), .frame(time: 0), Self.e(.up, 0, 1, 2, 10_000), .frame(time: 10_000)])
    }

    // MARK: single touch

    @Test func singleTouchFollowsBTNTouch() throws {
        var s = try Stream(Self.singleTouch)
        #expect(s.send([Self.absX(10), Self.absY(20), Self.report]) == [])  // hovering: no touch
        #expect(s.send([Self.touch(1), Self.report]) == [Self.e(.down, 0, 10, 20, 10_000), .frame(time: 10_000)])
        #expect(s.send([Self.absY(25), Self.report]) == [Self.e(.motion, 0, 10, 25, 20_000), .frame(time: 20_000)])
        #expect(s.send([Self.touch(0), Self.report]) == [Self.e(.up, 0, 10, 25, 30_000), .frame(time: 30_000)])
    }

    @Test func singleTouchQuickTapAndDrop() throws {
        var s = try Stream(Self.singleTouch)
        #expect(s.send([Self.absX(5), Self.absY(6), Self.touch(1), Self.touch(0), Self.report])
                == [Self.e(.down, 0, 5, 6, 0), Self.e(.up, 0, 5, 6, 0), .frame(time: 0)])
        _ = s.send([Self.touch(1), Self.report])
        #expect(s.send([Self.dropped]) == [Self.e(.cancel, 0, 5, 6, 20_000), .frame(time: 20_000)])
        #expect(s.send([Self.dropped]) == [])  // nothing left to cancel
    }

    @Test func deviceWithSlotsButNoBTNTouchWorks() throws {
        // irtouch: EV_KEY without any key codes; the tracking id alone drives touches.
        var device = Self.slotted
        device.eventCodes = [EvdevType.key: []]
        var s = try Stream(device)
        #expect(s.send([Self.id(0), Self.mtX(3), Self.mtY(4), Self.report]) == [Self.e(.down, 0, 3, 4, 0), .frame(time: 0)])
    }
}
