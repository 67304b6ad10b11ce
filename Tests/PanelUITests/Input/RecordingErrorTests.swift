import PanelUI
import Testing

@Suite struct RecordingErrorTests {
    static let header = "N: Test\nI: 0018 0000 0000 0000\nA: 35 0 799 0 0 0\nA: 36 0 479 0 0 0\n"

    func error(_ text: String) -> RecordingError? {
        do {
            _ = try RecordingReader.parse(text, file: "t.evemu")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (header + "E: 0.1 0003 0035 abc\n", 5, "event value 'abc' is not a 32-bit decimal number"),
        (header + "E: 0.1 0003 zz 1\n", 5, "event code 'zz' is not a 16-bit hex number"),
        (header + "E: 0.1 0003 0035\n", 5, "E: needs 4 fields (sec.usec type code value), found 3"),
        (header + "E: 1.5e3 0003 0035 1\n", 5, "timestamp '1.5e3' is not seconds.microseconds"),
        (header + "E: 2.000000 0000 0000 0\nE: 1.000000 0000 0000 0\n", 6,
         "event time 1.000000 is before the previous event's 2.000000"),
        ("E: 0.000001 0003 0035 1\n", 1,
         "E: event before the device description (N:, I: lines); for a split recording put the .desc file first"),
        ("N: Test\nA: 00 0 1\n", 2, "A: needs code, min, max, fuzz, flat and (evemu 1.1+) resolution, found 3 fields"),
        ("N: Test\nB: 01 0g\n", 2, "bitmask byte '0g' is not a hex byte"),
        ("N: Test\nA: 00 0 9 0 0\n", 2, "missing I: line (device id)"),
        (header + "E: 0.1 0000 0000 0\nN: Late\n", 6, "N: device description line after events; the description must come first"),
        ("# EVEMU 1.3\nN: Test\nQ: what\n", 3, "unknown evemu line kind 'Q:'"),
        ("\n# only a comment\n", 1, "empty recording: no device description or events"),
        ("hello world\n", 1,
         "unknown format: expected evemu lines (N:, I:, E: …) or `libinput record` YAML (version: 1, devices: …)"),
    ])
    func evemuErrors(_ text: String, _ line: Int, _ message: String) {
        let error = error(text)
        #expect(error == RecordingError(file: "t.evemu", line: line, message: message))
    }

    @Test func descriptionNamesFileAndLine() {
        #expect(error(Self.header + "E: x 0 0 0\n")?.description == "t.evemu:5: timestamp 'x' is not seconds.microseconds")
    }

    @Test(arguments: [
        ("version: 1\ndevices: [\n", 3, "not an evemu recording, and not valid YAML:"),
        ("version: 2\ndevices: []\n", 1, "unsupported libinput record version (only version 1 is known)"),
        ("version: 1\ndevices: []\n", 1, "devices: is empty"),
        ("version: 1\ndevices:\n  - evdev:\n      id: [1, 2, 3, 4]\n", 4, "missing 'name:'"),
        ("version: 1\ndevices:\n  - evdev:\n      name: x\n      id: [1, 2, 3]\n", 5, "id should have 4 numbers, found 3"),
        ("version: 1\ndevices:\n  - evdev:\n      name: x\n      id: [1, 2, 3, 4]\n      absinfo:\n        0: [0, big, 0, 0, 0]\n", 7,
         "absinfo 'big' is not an integer"),
        ("version: 1\ndevices:\n  - evdev: {name: x, id: [1, 2, 3, 4]}\n    events:\n      - evdev:\n        - [0, 0, 3, 0]\n", 6,
         "an event [sec, usec, type, code, value] should have 5 numbers, found 4"),
        ("version: 1\ndevices:\n  - evdev: {name: x, id: [1, 2, 3, 4]}\n    events:\n      - evdev:\n        - [0, 0, 70000, 0, 1]\n", 6,
         "event type 70000 is out of range"),
        ("version: 1\ndevices:\n  - evdev: {name: x, id: [1, 2, 3, 4]}\n    events:\n      - evdev:\n        - [1, 0, 0, 0, 0]\n      - evdev:\n        - [0, 5, 0, 0, 0]\n", 8,
         "event time 0.000005 is before the previous event's 1.000000"),
    ])
    func yamlErrors(_ text: String, _ line: Int, _ message: String) {
        let error = error(text)
        #expect(error?.line == line)
        #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func arbitraryBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("NIPBAE: 0123456789abcdefx.-#\n\t[]{},version:devices:evdev".utf8) + [0, 0xff, 0xc3]
        for _ in 0..<400 {
            let length = Int.random(in: 0..<300, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            if let recording = try? RecordingReader.parse(text, file: "fuzz"),
               var decoder = try? TouchDecoder(device: recording.device, screen: Size(width: 800, height: 480)) {
                for event in recording.events { _ = decoder.feed(event) }
            }
            _ = try? RecordingReader.parse(Self.header + text, file: "fuzz")
        }
    }

    @Test func extremeValuesDecodeWithoutTrapping() throws {
        let wide = AbsAxisInfo(minimum: Int32.min, maximum: Int32.max)
        let device = InputDeviceInfo(absAxes: [EvdevCode.absMTPositionX: wide, EvdevCode.absMTPositionY: wide])
        var decoder = try TouchDecoder(device: device, screen: Size(width: 800, height: 480))
        for (code, value) in [(EvdevCode.absMTPositionX, Int32.min), (EvdevCode.absMTPositionY, Int32.max)] {
            _ = decoder.feed(InputEvent(time: 0, type: EvdevType.abs, code: code, value: value))
        }
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.syn, code: EvdevCode.synMTReport, value: 0))
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.abs, code: EvdevCode.absMTPositionX, value: Int32.max))
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.abs, code: EvdevCode.absMTPositionY, value: Int32.min))
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.syn, code: EvdevCode.synMTReport, value: 0))
        #expect(decoder.feed(InputEvent(time: 0, type: EvdevType.syn, code: EvdevCode.synReport, value: 0)).count == 3)
    }
}
