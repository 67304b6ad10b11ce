import PanelUI
import Testing

/// The gestures SOURCES.md describes, checked on the decoded touches (800×480 screen).
@Suite struct RecordingGestureTests {
    static func touches(_ name: String) throws -> [TouchEvent] {
        try TouchReplay(try RecordingFiles.recording(name)).touches
    }

    /// First and last position of each slot's touches.
    static func paths(_ touches: [TouchEvent]) -> [Int: (first: Point, last: Point)] {
        var paths: [Int: (first: Point, last: Point)] = [:]
        for t in touches where t.phase != .frame {
            paths[t.slot] = (paths[t.slot]?.first ?? t.position, t.position)
        }
        return paths
    }

    @Test func atmelFastTapsAreNineShortTapsInOneSpot() throws {
        let touches = try Self.touches("atmel-maxtouch-i2c-1finger-fast-taps.evemu")
        let downs = touches.filter { $0.phase == .down }
        let ups = touches.filter { $0.phase == .up }
        #expect(downs.count == 9 && ups.count == 9)
        for (down, up) in zip(downs, ups) {
            #expect(up.time > down.time && up.time - down.time < 150_000)
            // Axes are 0…799 × 0…479, so pixels are raw values. SOURCES.md says "near
            // (340..364, 228..255)"; the data has two taps just outside, at (349, 264) and (373, 252).
            #expect((340...373).contains(down.position.x) && (228...264).contains(down.position.y), "\(down.position)")
        }
    }

    @Test func atmelFourFingersDragDown() throws {
        let paths = Self.paths(try Self.touches("atmel-maxtouch-i2c-4finger-drag-down.evemu"))
        #expect(paths.count == 4)
        // SOURCES.md: "y +140..180"; one finger moves 139.
        for (_, path) in paths { #expect((139...180).contains(path.last.y - path.first.y), "\(path)") }
    }

    @Test func ep0430TwoFingersMoveUp() throws {
        let paths = Self.paths(try Self.touches("ep0430m09-i2c-2finger-scroll-down.evemu"))
        let scale = 480.0 / 768.0
        let ys = paths.values.map { ($0.first.y / scale, $0.last.y / scale) }.sorted { $0.0 > $1.0 }
        #expect(ys.count == 2)
        #expect(ys.map(\.0) == [582, 547] && ys.map(\.1) == [306, 216], "\(ys)")
    }

    @Test func ntrigDragGoesFromTopLeftToBottomRight() throws {
        let paths = Self.paths(try Self.touches("ntrig-multitouch-protocolA-1finger-drag-nw-se.events.evemu"))
        let path = try #require(paths[0])
        #expect(path.first.x < 50 && path.first.y < 50 && path.last.x > 700 && path.last.y > 400, "\(path)")
    }

    @Test func wacomTapIsAtTheCentre() throws {
        let recording = try RecordingFiles.recording("wacom-isdv4-e6-finger-single-tap-center.events.evemu")
        let down = try #require(try TouchReplay(recording).touches.first)
        let x = try #require(recording.device.absAxes[EvdevCode.absMTPositionX])
        let y = try #require(recording.device.absAxes[EvdevCode.absMTPositionY])
        #expect(down.phase == .down)
        #expect(down.position == TouchDecoder.map((1269, 710), x: x, y: y, screen: Size(width: 800, height: 480)))
    }

    @Test func wacomTwoFingersSwipeRightAlongTheTop() throws {
        let paths = Self.paths(try Self.touches("wacom-isdv4-e6-finger-2finger-top-swipe.events.evemu"))
        #expect(paths.count == 2)
        for (_, path) in paths {
            #expect(path.last.x - path.first.x > 500 && max(path.first.y, path.last.y) < 120, "\(path)")
        }
    }

    @Test func quantaTouchStaysAtTheLeftEdge() throws {
        let touches = try Self.touches("quanta-opticaltouchscreen-touch-on-left.events.evemu")
        #expect(touches.filter { $0.phase != .frame }.allSatisfy { $0.position.x < 60 })
    }
}
