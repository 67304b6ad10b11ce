import Testing
@testable import PanelUI

/// The orbit of burn-in shift: a path of one-pixel steps through every offset of the room,
/// there and back, from (0, 0); never outside the room.
struct BurnInOrbitTests {
    static let rooms = [
        ShiftRoom(left: 4, right: 4, up: 4, down: 4),
        ShiftRoom(left: 4, right: 4, up: 1, down: 4),  // 320x240: little room above the title's text
        ShiftRoom(left: 2, right: 0, up: 0, down: 3),
        ShiftRoom(left: 0, right: 5, up: 0, down: 0),
        ShiftRoom(left: 1, right: 1, up: 1, down: 1),
    ]

    @Test(arguments: rooms)
    func visitsEveryOffsetOfTheRoomByOnePixelStepsAndNeverLeavesIt(room: ShiftRoom) {
        let orbit = BurnInOrbit(room: room)
        let width = room.left + room.right + 1, height = room.up + room.down + 1
        #expect(orbit.period == 2 * width * height - 2)
        #expect(orbit.offset(atStep: 0) == .zero, "a panel starts where the layout put it")
        var visits: [ShiftOffset: Int] = [:]
        var previous = orbit.offset(atStep: -1)
        for step in 0..<(2 * orbit.period) {
            let offset = orbit.offset(atStep: step)
            #expect(room.contains(offset), "step \(step): \(offset) outside \(room)")
            #expect(abs(offset.dx - previous.dx) + abs(offset.dy - previous.dy) == 1, "step \(step): \(previous) to \(offset) is not one pixel")
            if step < orbit.period { visits[offset, default: 0] += 1 }
            previous = offset
        }
        #expect(visits.count == width * height, "every offset of the rectangle shows")
        // Each the same time, the two ends of the path half of it.
        #expect(visits.values.filter { $0 == 1 }.count == 2)
        #expect(visits.values.allSatisfy { $0 == 1 || $0 == 2 })
        #expect(orbit.offset(atStep: 7) == orbit.offset(atStep: 7 + orbit.period), "it repeats")
    }

    @Test func noRoomIsOneOffsetAndNoTimer() {
        let orbit = BurnInOrbit(room: ShiftRoom(left: 0, right: 0, up: 0, down: 0))
        #expect(orbit.period == 1)
        #expect((0..<5).allSatisfy { orbit.offset(atStep: $0) == .zero })
        let care = BurnInCare(settings: BurnInSettings(maxShift: 0), room: ShiftRoom(left: 8, right: 8, up: 8, down: 8),
                              scale: 1, now: 0, secondOfDay: { 0 })
        #expect(care.nextShift == nil, "max_shift: 0 arms no timer")
    }

    @Test func maxShiftIsInPointsTimesTheScaleAndCapsTheRoom() {
        let room = ShiftRoom(left: 16, right: 16, up: 3, down: 16)
        let settings = BurnInSettings(shiftEvery: 600, maxShift: 4)
        #expect(BurnInCare(settings: settings, room: room, scale: 1, now: 0, secondOfDay: { 0 }).orbit.room
            == ShiftRoom(left: 4, right: 4, up: 3, down: 4))
        #expect(BurnInCare(settings: settings, room: room, scale: 2, now: 0, secondOfDay: { 0 }).orbit.room
            == ShiftRoom(left: 8, right: 8, up: 3, down: 8))
    }

    @Test func oneStepEachShiftEveryOnThePanelClock() {
        var care = BurnInCare(settings: BurnInSettings(shiftEvery: 600, maxShift: 4), room: Self.rooms[0], scale: 1,
                              now: 0, secondOfDay: { 0 })
        #expect(care.offset == .zero && care.nextShift == 600)
        #expect(care.advance(to: 599.999) == nil)
        #expect(care.advance(to: 600) == care.orbit.offset(atStep: 1))
        #expect(care.nextShift == 1200)
        #expect(care.advance(to: 1000) == nil, "one move per step")
        // A session made at 1 h (a reload) starts at the step of that time.
        let later = BurnInCare(settings: care.settings, room: Self.rooms[0], scale: 1, now: 3600, secondOfDay: { 0 })
        #expect(later.step == 6 && later.offset == care.orbit.offset(atStep: 6) && later.nextShift == 4200)
    }
}
