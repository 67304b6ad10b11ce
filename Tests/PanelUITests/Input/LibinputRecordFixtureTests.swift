import PanelUI
import Testing

@Suite struct LibinputRecordFixtureTests {
    static func fixture(_ name: String, filePath: String = #filePath) throws -> Recording {
        // #filePath is <root>/Tests/PanelUITests/Input/<this file>.
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        let path = parts.joined(separator: "/") + "/Fixtures/" + name
        return try RecordingReader.parse(try RecordingFiles.read(path), file: name)
    }

    static func decode(_ recording: Recording) throws -> [TouchEvent] {
        var decoder = try TouchDecoder(device: recording.device, screen: Size(width: 800, height: 480))
        return recording.events.flatMap { decoder.feed($0) }
    }

    @Test func yamlDescribesTheDevice() throws {
        let device = try Self.fixture("two-finger-tap.libinput-record.yml").device
        #expect(device.name == "Panel Test Touchscreen")
        #expect(device.bustype == 0x18)
        #expect(device.properties == [InputProperty.direct])
        #expect(device.eventCodes[EvdevType.key] == [EvdevCode.btnTouch])
        #expect(device.absAxes[EvdevCode.absMTPositionX] == AbsAxisInfo(minimum: 0, maximum: 1023, resolution: 4))
    }

    @Test func yamlAndEvemuGiveTheSameEventsAndTouches() throws {
        let yaml = try Self.fixture("two-finger-tap.libinput-record.yml")
        let evemu = try Self.fixture("two-finger-tap.evemu")
        #expect(yaml.device.absAxes == evemu.device.absAxes)
        #expect(yaml.device.properties == evemu.device.properties)
        #expect(yaml.device.eventCodes[EvdevType.abs] == evemu.device.eventCodes[EvdevType.abs])
        let strip = { (events: [InputEvent]) in events.map { InputEvent(time: $0.time, type: $0.type, code: $0.code, value: $0.value) } }
        #expect(strip(yaml.events) == strip(evemu.events))
        #expect(try Self.decode(yaml) == Self.decode(evemu))
    }

    @Test func twoFingerTapDecodes() throws {
        let touches = try Self.decode(try Self.fixture("two-finger-tap.libinput-record.yml"))
        let p = { (x: Int32, y: Int32) in Point(x: Double(x) * 800 / 1024, y: Double(y) * 480 / 600) }
        #expect(touches == [
            TouchEvent(phase: .down, slot: 0, position: p(256, 300), time: 0),
            TouchEvent(phase: .down, slot: 1, position: p(512, 150), time: 0),
            .frame(time: 0),
            TouchEvent(phase: .motion, slot: 0, position: p(260, 300), time: 12_000),
            .frame(time: 12_000),
            TouchEvent(phase: .up, slot: 0, position: p(260, 300), time: 80_000),
            TouchEvent(phase: .up, slot: 1, position: p(512, 150), time: 80_000),
            .frame(time: 80_000),
        ])
    }

    @Test func yamlEventLinesAreKept() throws {
        let yaml = try Self.fixture("two-finger-tap.libinput-record.yml")
        #expect(yaml.events.first?.line == 38)
    }
}
