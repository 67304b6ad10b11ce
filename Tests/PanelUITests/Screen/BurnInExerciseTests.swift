import Testing
@testable import PanelUI

/// The daily colour cycle's schedule and its touches, on hand-driven clocks.
struct BurnInExerciseTests {
    static let at = 3 * 60  // 03:00
    static let hour = 3600.0
    static let threeAM = 3 * hour

    /// Made at panel time 0, local 02:59:00.
    func exercise() -> BurnInExercise {
        BurnInExercise(minuteOfDay: Self.at, now: 0, secondOfDay: Self.threeAM - 60)
    }

    func tick(_ e: inout BurnInExercise, _ t: Double, _ local: Double, _ on: Bool, _ fingers: Bool) -> BurnInExercise.Step {
        e.tick(at: t, secondOfDay: { local }, screenOn: on, fingersDown: fingers)
    }

    func touch(_ e: inout BurnInExercise, _ phase: TouchPhase, _ slot: Int, _ t: Double, _ local: Double) -> BurnInExercise.Verdict {
        e.touch(phase, slot: slot, at: t, secondOfDay: { local })
    }

    func blanked(_ e: inout BurnInExercise, _ t: Double, _ local: Double) -> Bool {
        e.screenBlanked(at: t, secondOfDay: { local })
    }

    @Test func showsEachColourForASecondAtItsTimeThenThePanel() {
        var e = exercise()
        #expect(e.nextDeadline == 60, "one deadline, at 03:00")
        var local = Self.threeAM - 60
        #expect(tick(&e, 59.9, local, true, false) == .nothing)
        local = Self.threeAM
        var shown: [Color] = []
        var t = 60.0
        while true {
            let step = tick(&e, t, local, true, false)
            if case .show(let colour) = step { shown.append(colour) }
            if step == .finish { break }
            #expect(e.nextDeadline == t + 1, "the next colour a second on")
            t = e.nextDeadline!
            local += 1
        }
        #expect(shown == BurnInExercise.colours)
        #expect(t == 65, "five seconds in all")
        #expect(!e.isShowing)
        #expect(e.nextDeadline == 65 + 24 * Self.hour - 5, "tomorrow at 03:00")
    }

    @Test func waitsForAMinuteWithoutATouchAndForFingersToLift() {
        var e = exercise()
        _ = touch(&e, .down, 0, 50, 0)
        _ = touch(&e, .up, 0, 70, 0)
        #expect(tick(&e, 70, Self.threeAM + 10, true, false) == .nothing)
        #expect(e.nextDeadline == 130, "a minute after the last touch")
        #expect(tick(&e, 130, Self.threeAM + 70, true, true) == .nothing)
        #expect(e.nextDeadline == 190, "a finger held: look again in a minute")
        #expect(tick(&e, 190, Self.threeAM + 130, true, false) == .show(BurnInExercise.colours[0]))
    }

    @Test func aBlankedScreenOrALateWakeSkipsToTomorrowAndAnEarlyOneWaits() {
        var e = exercise()
        #expect(tick(&e, 60, Self.threeAM, false, false) == .nothing)
        #expect(e.nextDeadline == 60 + 24 * Self.hour, "blanked: not today")

        e = exercise()
        // The clock was set forward two hours while the panel slept.
        #expect(tick(&e, 60, Self.threeAM + 2 * Self.hour, true, false) == .nothing)
        #expect(e.nextDeadline == 60 + 22 * Self.hour)

        e = exercise()
        // Woken a little before 03:00 by local time: the rest is waited, nothing shown.
        #expect(tick(&e, 60, Self.threeAM - 0.25, true, false) == .nothing)
        #expect(e.nextDeadline == 60.25)
        // Late by half an hour (busy at 03:00): it still runs.
        #expect(tick(&e, 1860, Self.threeAM + 1800, true, false) == .show(BurnInExercise.colours[0]))
    }

    @Test func aTouchStopsItAndIsSwallowedDownToItsLastFinger() {
        var e = exercise()
        _ = tick(&e, 60, Self.threeAM, true, false)
        #expect(e.isShowing)
        #expect(touch(&e, .down, 3, 61.5, Self.threeAM + 1.5) == .stop)
        #expect(!e.isShowing && e.nextDeadline == nil, "nothing due while the finger is down")
        #expect(touch(&e, .down, 4, 61.6, 0) == .swallow)
        #expect(touch(&e, .motion, 3, 61.7, 0) == .swallow)
        #expect(touch(&e, .up, 3, 61.8, 0) == .swallow)
        #expect(touch(&e, .frame, -1, 61.8, 0) == .swallow)
        #expect(touch(&e, .up, 4, 62, Self.threeAM + 2) == .swallow)
        #expect(touch(&e, .down, 0, 63, 0) == .deliver, "the next touch is the panel's")
        #expect(e.nextDeadline == 62 + 24 * Self.hour - 2, "tomorrow at 03:00")
        #expect(tick(&e, 63, Self.threeAM + 3, true, false) == .nothing, "not again today")
    }

    @Test func blankingEndsItWithoutThePanel() {
        var e = exercise()
        _ = tick(&e, 60, Self.threeAM, true, false)
        #expect(blanked(&e, 61, Self.threeAM + 1))
        #expect(!e.isShowing && e.nextDeadline == 61 + 24 * Self.hour - 1)
        #expect(!blanked(&e, 62, 0), "nothing showing")
    }
}
