import PanelUI
import Testing

/// Recordings read as a stream (issue 11: they were read whole, and 100 MB of `libinput
/// record` YAML built a 1.6 GiB tree): the same result whatever the size of the pieces read,
/// lines bounded, a read that fails never taken for a shorter file, and the checks of the
/// whole-tree reader kept in the parts now skipped without a tree.
@Suite struct RecordingStreamTests {
    /// Parses `text` handed out `chunk` bytes at a time, failing after `failAfter` bytes.
    func parse(_ text: String, chunk: Int, failAfter: Int? = nil, file: String = "t.rec") throws(RecordingError) -> Recording {
        let bytes = Array(text.utf8)
        var offset = 0
        return try RecordingReader.parse(file: file) { buffer in
            if let failAfter, offset >= failAfter { return nil }
            let count = min(chunk, buffer.count, bytes.count - offset)
            bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            offset += count
            return count
        }
    }

    func error(_ text: String, chunk: Int = 3, failAfter: Int? = nil) -> RecordingError? {
        do { _ = try parse(text, chunk: chunk, failAfter: failAfter); return nil } catch { return error }
    }

    static let fixtures = ["two-finger-tap.evemu", "two-finger-tap.libinput-record.yml"]

    @Test(arguments: fixtures)
    func piecesOfAnySizeGiveTheSameRecording(_ name: String) throws {
        let text = try RecordingFiles.read(fixturePath(name))
        let whole = try RecordingReader.parse(text, file: name)
        #expect(whole.events.count > 10)
        for chunk in [1, 2, 7, 100, 65536] {
            let pieces = try parse(text, chunk: chunk)
            #expect(pieces.device == whole.device, "\(chunk)-byte pieces")
            #expect(pieces.events == whole.events, "\(chunk)-byte pieces")
        }
    }

    @Test func everySharedRecordingReadsTheSameInSmallPieces() throws {
        let dir = try RecordingFiles.directory()
        let names = RecordingFiles.names(in: dir).filter { !$0.hasSuffix(".desc.evemu") }
        #expect(names.count >= 5)
        for name in names {
            let text = try RecordingFiles.text(of: name, in: dir)
            let pieces = try parse(text, chunk: 61, file: name)
            #expect(pieces.events == (try RecordingReader.parse(text, file: name)).events, "\(name)")
        }
    }

    @Test func aLineLongerThanAMebibyteIsAnErrorNotAnAllocation() {
        let header = "N: Test\nI: 0018 0000 0000 0000\n"
        let endless = header + "# " + String(repeating: "x", count: 1 << 20) + "\nE: 0.000000 0000 0000 0\n"
        #expect(error(endless, chunk: 65536) == RecordingError(file: "t.rec", line: 3, message: "line longer than 1048576 bytes"))
        let justShort = header + "# " + String(repeating: "x", count: (1 << 20) - 3) + "\nE: 0.000000 0000 0000 0\n"
        #expect(error(justShort, chunk: 65536) == nil)
    }

    @Test(arguments: fixtures)
    func aReadThatFailsIsNotAShorterFile(_ name: String) throws {
        let text = try RecordingFiles.read(fixturePath(name))
        let failure = try #require(error(text, chunk: 64, failAfter: text.utf8.count / 2), "a half-read file passed")
        #expect(failure.message == "the file could not be read to its end", "\(failure)")
        #expect(error("", failAfter: 0)?.message == "the file could not be read to its end")
    }

    @Test func evemuLinesMustBeUTF8() {
        let bytes: [UInt8] = Array("N: Test\nI: 0018 0000 0000 0000\nN: ".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        var offset = 0
        do {
            _ = try RecordingReader.parse(file: "t.evemu") { buffer in
                let count = min(buffer.count, bytes.count - offset)
                bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
                offset += count
                return count
            }
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect(error == RecordingError(file: "t.evemu", line: 3, message: "line is not UTF-8 text"))
        }
    }

    static let device = "  - evdev: {name: x, id: [1, 2, 3, 4], absinfo: {53: [0, 99, 0, 0, 0], 54: [0, 99, 0, 0, 0]}}\n"

    @Test func onlyTheFirstDeviceIsReadEventsMayComeFirst() throws {
        let yaml = """
        version: 1
        devices:
          - events:
              - evdev:
                - [0, 0, 3, 53, 5]
                - [0, 0, 0, 0, 0]
              - libinput: {type: TOUCH_DOWN}
              - evdev:
                - [0, 10, 3, 53, 6]
            evdev: {name: first, id: [1, 2, 3, 4]}
          - evdev: {name: second, id: [5, 6, 7, 8]}
            events:
              - evdev:
                - [9, 9, 9, 9, 9]
        """
        let recording = try parse(yaml, chunk: 5)
        #expect(recording.device.name == "first")
        #expect(recording.events.map(\.value) == [5, 0, 6])
        #expect(recording.events.map(\.line) == [5, 6, 9])
    }

    /// The parts skipped without a tree keep the tree's rules: no aliases, bounded nesting.
    @Test func skippedPartsStillRefuseAliasesAndDeepNesting() {
        let alias = "version: 1\nextra: &a [1]\nmore: *a\ndevices:\n" + Self.device
        #expect(error(alias)?.message == "not an evemu recording, and not valid YAML: YAML aliases (*name) are not supported here; write the value out")
        #expect(error(alias)?.line == 3)
        let deep = "version: 1\nsystem: " + String(repeating: "[", count: 80) + String(repeating: "]", count: 80) + "\ndevices:\n" + Self.device
        #expect(error(deep)?.message == "not an evemu recording, and not valid YAML: nesting deeper than 64 levels")
        let secondDevice = "version: 1\ndevices:\n" + Self.device + "  - " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n"
        #expect(error(secondDevice)?.message.hasSuffix("nesting deeper than 64 levels") == true)
    }

    @Test func aYAMLMappingWithoutVersionIsNotARecording() {
        #expect(error("devices:\n" + Self.device) == RecordingError(
            file: "t.rec", line: 1,
            message: "unknown format: expected evemu lines (N:, I:, E: …) or `libinput record` YAML (version: 1, devices: …)"))
        #expect(error("# a comment\n\n- just a list\n")?.line == 3)
        #expect(error("version: 1\n")?.message == "missing 'devices:'")
        #expect(error("version: 1\ndevices:\n  - name: x\n")?.message == "missing 'evdev:'")
        #expect(error("version: 1\ndevices: 3\n")?.message == "devices should be a list, found a scalar")
    }

    func fixturePath(_ name: String) -> String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)  // Input/RecordingStreamTests.swift
        return parts.joined(separator: "/") + "/Fixtures/" + name
    }
}
