import PanelUI
import Testing

/// Presses from touch events: averaged from down to up, with their spread.
struct PressAveragerTests {
    static func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, slot: Int = 0) -> TouchEvent {
        TouchEvent(phase: phase, slot: slot, position: Point(x: x, y: y), time: 0)
    }

    @Test func aPressIsTheMeanOfItsDownAndMotions() throws {
        var averager = PressAverager()
        #expect(averager.feed(Self.touch(.down, 10, 20)) == nil)
        #expect(averager.isPressing)
        #expect(averager.feed(.frame(time: 0)) == nil)
        #expect(averager.feed(Self.touch(.motion, 12, 20)) == nil)
        #expect(averager.feed(Self.touch(.motion, 14, 23)) == nil)
        // The up repeats the last position; it is not a sample.
        let ended = averager.feed(Self.touch(.up, 14, 23))
        let press = try #require(ended)
        #expect(press.position == Point(x: 12, y: 21))
        #expect(press.samples == 3)
        #expect(press.spread == 5)  // the box from (10, 20) to (14, 23)
        #expect(!press.otherFinger)
        #expect(!averager.isPressing)
    }

    @Test func aCancelledTouchGivesNoPress() {
        var averager = PressAverager()
        _ = averager.feed(Self.touch(.down, 10, 20))
        _ = averager.feed(Self.touch(.cancel, 10, 20))
        #expect(averager.feed(Self.touch(.up, 10, 20)) == nil)
        #expect(!averager.isPressing)
    }

    @Test func aSecondFingerSpoilsThePressAndIsNotFollowed() throws {
        var averager = PressAverager()
        _ = averager.feed(Self.touch(.down, 10, 20))
        _ = averager.feed(Self.touch(.down, 300, 200, slot: 1))
        _ = averager.feed(Self.touch(.motion, 310, 200, slot: 1))
        #expect(averager.feed(Self.touch(.up, 310, 200, slot: 1)) == nil)
        let ended = averager.feed(Self.touch(.up, 10, 20))
        let press = try #require(ended)
        #expect(press.otherFinger)
        #expect(press.position == Point(x: 10, y: 20))
        // The next press starts clean.
        _ = averager.feed(Self.touch(.down, 50, 50))
        let next = averager.feed(Self.touch(.up, 50, 50))
        #expect(next?.otherFinger == false)
    }
}
