@testable import PanelUI
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

    // The anonymous device's axes are 0…799 × 0…479, so mtdev's default fuzz is 3 × 1 (a 250th of
    // the range): moves of 2 or more in x and y pass through its filter unchanged.
    @Test func protocolAMatchesContactsToSlotsByDistance() throws {
        var s = try Stream(Self.anonymous)
        #expect(s.send([Self.mtX(100), Self.mtY(100), Self.mtReport, Self.touch(1), Self.report])
                == [Self.e(.down, 0, 100, 100, 0), .frame(time: 0)])
        // A second finger arrives, listed first: the old finger keeps slot 0.
        let two = s.send([Self.mtX(600), Self.mtY(400), Self.mtReport, Self.mtX(106), Self.mtY(102), Self.mtReport, Self.report])
        #expect(two == [Self.e(.motion, 0, 106, 102, 10_000), Self.e(.down, 1, 600, 400, 10_000), .frame(time: 10_000)])
        // Unchanged contacts give no events (mtdev only passes on changes).
        #expect(s.send([Self.mtX(106), Self.mtY(102), Self.mtReport, Self.mtX(600), Self.mtY(400), Self.mtReport, Self.report]) == [])
        // The first finger lifts; the remaining contact matches slot 1.
        let one = s.send([Self.mtX(594), Self.mtY(396), Self.mtReport, Self.report])
        #expect(one == [Self.e(.up, 0, 106, 102, 30_000), Self.e(.motion, 1, 594, 396, 30_000), .frame(time: 30_000)])
        // A new finger takes the lowest free slot again.
        let again = s.send([Self.mtX(594), Self.mtY(396), Self.mtReport, Self.mtX(50), Self.mtY(60), Self.mtReport, Self.report])
        #expect(again == [Self.e(.down, 0, 50, 60, 40_000), .frame(time: 40_000)])
        // An empty frame (a bare SYN_MT_REPORT, or BTN_TOUCH 0 alone as the N-Trig sends) lifts everything.
        #expect(s.send([Self.mtReport, Self.touch(0), Self.report])
                == [Self.e(.up, 0, 50, 60, 50_000), Self.e(.up, 1, 594, 396, 50_000), .frame(time: 50_000)])
        _ = s.send([Self.mtX(10), Self.mtY(20), Self.mtReport, Self.touch(1), Self.report])
        #expect(s.send([Self.touch(0), Self.report]) == [Self.e(.up, 0, 10, 20, 70_000), .frame(time: 70_000)])
    }

    /// The frame of Tests/vm/recordings/protocol-a-crossing.evemu where two fingers' paths
    /// cross: the nearest pair (the first contact and slot 0's touch) is not the match.
    @Test func protocolAFingersWhosePathsCrossKeepTheirSlots() throws {
        var s = try Stream(Self.anonymous)
        _ = s.send([Self.mtX(398), Self.mtY(334), Self.mtReport, Self.touch(1), Self.report])
        _ = s.send([Self.mtX(331), Self.mtY(334), Self.mtReport, Self.mtX(398), Self.mtY(334), Self.mtReport, Self.report])
        #expect(s.send([Self.mtX(381), Self.mtY(334), Self.mtReport, Self.mtX(440), Self.mtY(347), Self.mtReport, Self.report])
                == [Self.e(.motion, 0, 440, 347, 20_000), Self.e(.motion, 1, 381, 334, 20_000), .frame(time: 20_000)])
    }

    /// mtdev matches every contact with both positions, touching or not: a contact with
    /// TOUCH_MAJOR 0 next to a touch takes its place and ends it, and the touching contact
    /// beside it becomes a new touch in a slot that was free before the frame.
    @Test func protocolAContactThatIsNoTouchStillTakesPartInTheMatching() throws {
        var device = Self.anonymous
        device.absAxes[EvdevCode.absMTTouchMajor] = AbsAxisInfo(minimum: 0, maximum: 255)
        var s = try Stream(device)
        let major = { (v: Int32) in (EvdevType.abs, EvdevCode.absMTTouchMajor, v) }
        _ = s.send([Self.mtX(100), Self.mtY(100), major(9), Self.mtReport, Self.touch(1), Self.report])
        #expect(s.send([Self.mtX(102), Self.mtY(100), major(0), Self.mtReport, Self.mtX(130), Self.mtY(100), major(9), Self.mtReport,
                         Self.report])
                == [Self.e(.up, 0, 100, 100, 10_000), Self.e(.down, 1, 130, 100, 10_000), .frame(time: 10_000)])
    }

    @Test func protocolAQuickTapAcrossTwoFrames() throws {
        var s = try Stream(Self.anonymous)
        #expect(s.send([Self.mtX(1), Self.mtY(2), Self.mtReport, Self.report, Self.mtReport, Self.report])
                == [Self.e(.down, 0, 1, 2, 0), .frame(time: 0), Self.e(.up, 0, 1, 2, 10_000), .frame(time: 10_000)])
    }

    /// mtdev's protocol-A rules that libinput's touches follow (see AnonymousTouchReader).
    @Test func protocolAFrameWithoutMTDataChangesNothing() throws {
        var s = try Stream(Self.anonymous)
        _ = s.send([Self.mtX(100), Self.mtY(100), Self.mtReport, Self.touch(1), Self.report])
        // ABS_X alone (or any non-MT event) is not an MT packet: the finger stays down.
        #expect(s.send([Self.absX(300), Self.report]) == [])
        #expect(s.send([Self.report]) == [])
        #expect(s.send([Self.mtX(110), Self.mtY(100), Self.mtReport, Self.report]) == [Self.e(.motion, 0, 110, 100, 30_000), .frame(time: 30_000)])
    }

    /// The N-Trig's axes (0…9600 × 0…7200, fuzz 0): mtdev's fuzz is 38 × 28, and its
    /// EWMA filter drops, damps or halves moves of a touch that continues (not a new one).
    @Test func protocolAPositionsGoThroughMtdevsDefuzz() throws {
        let x = AbsAxisInfo(minimum: 0, maximum: 9600), y = AbsAxisInfo(minimum: 0, maximum: 7200)
        let ntrig = InputDeviceInfo(name: "N-Trig", absAxes: [EvdevCode.absMTPositionX: x, EvdevCode.absMTPositionY: y,
                                                               EvdevCode.absX: x, EvdevCode.absY: y])
        #expect(AnonymousTouchReader.fuzz(x) == 38 && AnonymousTouchReader.fuzz(y) == 28)
        var decoder = try TouchDecoder(device: ntrig, screen: Size(width: 9601, height: 7201))  // libinput scales by max - min + 1
        var time: UInt64 = 0
        func contact(_ cx: Int32, _ cy: Int32) -> [TouchEvent] {
            time += 10_000
            return [InputEvent(time: time, type: EvdevType.abs, code: EvdevCode.absMTPositionX, value: cx),
                    InputEvent(time: time, type: EvdevType.abs, code: EvdevCode.absMTPositionY, value: cy),
                    InputEvent(time: time, type: EvdevType.syn, code: EvdevCode.synMTReport, value: 0),
                    InputEvent(time: time, type: EvdevType.syn, code: EvdevCode.synReport, value: 0)].flatMap { decoder.feed($0) }
        }
        func positions(_ events: [TouchEvent]) -> [Point] { events.filter { $0.phase != .frame }.map(\.position) }
        // Screen = device units, so positions are device units; times aside.
        #expect(positions(contact(1000, 1000)) == [Point(x: 1000, y: 1000)])          // down: unfiltered
        #expect(positions(contact(1018, 1013)) == [])                                   // < fuzz/2: dropped
        #expect(positions(contact(1030, 1000)) == [Point(x: 1007, y: 1000)])           // < fuzz: (3 old + new) / 4
        #expect(positions(contact(1067, 1050)) == [Point(x: 1037, y: 1025)])           // < 2 fuzz: halfway
        #expect(positions(contact(2000, 900)) == [Point(x: 2000, y: 900)])             // ≥ 2 fuzz: as is
        #expect(positions(contact(1970, 880)) == [Point(x: 1992, y: 895)])             // downwards too: 1992.5 truncates
        #expect(AnonymousTouchReader.defuzz(-30, old: 0, fuzz: 38) == -7)               // C division: -7.5 truncates to -7
    }

    /// The regression the VM rig found: a device with ABS_MT_TOUCH_MAJOR only has a touch
    /// where TOUCH_MAJOR is not 0 (mtdev's `istouch`); one without it ignores the axis.
    @Test func protocolAContactWithZeroTouchMajorIsNoTouch() throws {
        var device = Self.anonymous
        device.absAxes[EvdevCode.absMTTouchMajor] = AbsAxisInfo(minimum: 0, maximum: 255)
        var s = try Stream(device)
        let major = { (v: Int32) in (EvdevType.abs, EvdevCode.absMTTouchMajor, v) }
        #expect(s.send([Self.mtX(100), Self.mtY(100), major(0), Self.mtReport, Self.report]) == [])   // hovering
        #expect(s.send([Self.mtX(100), Self.mtY(100), major(9), Self.mtReport, Self.touch(1), Self.report])
                == [Self.e(.down, 0, 100, 100, 10_000), .frame(time: 10_000)])
        #expect(s.send([Self.mtX(120), Self.mtY(100), major(9), Self.mtReport, Self.report])
                == [Self.e(.motion, 0, 120, 100, 20_000), .frame(time: 20_000)])
        #expect(s.send([Self.mtX(140), Self.mtY(100), major(0), Self.mtReport, Self.report])
                == [Self.e(.up, 0, 120, 100, 30_000), .frame(time: 30_000)])
        // Without the axis, a TOUCH_MAJOR of 0 changes nothing.
        var plain = try Stream(Self.anonymous)
        #expect(plain.send([Self.mtX(100), Self.mtY(100), major(0), Self.mtReport, Self.report])
                == [Self.e(.down, 0, 100, 100, 0), .frame(time: 0)])
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
