import PanelUI
import Testing

/// Figures from shared/recordings/SOURCES.md (events / frames / duration, ranges,
/// gesture), checked against what the reader and decoder make of every file.
struct RecordingExpectation: CustomTestStringConvertible, Sendable {
    var name: String
    var events: Int
    var frames: Int
    var seconds: Double
    var protocolKind: TouchDecoder.TouchProtocol
    var downs: Int
    var maxSlots: Int
    var rawX: ClosedRange<Int32>
    var rawY: ClosedRange<Int32>

    var testDescription: String { name }

    static let all: [RecordingExpectation] = [
        .init(name: "atmel-maxtouch-i2c-1finger-fast-taps.evemu", events: 84, frames: 18, seconds: 1.93,
              protocolKind: .slotted, downs: 9, maxSlots: 1, rawX: 340...373, rawY: 228...264),
        .init(name: "atmel-maxtouch-i2c-4finger-drag-down.evemu", events: 309, frames: 31, seconds: 0.57,
              protocolKind: .slotted, downs: 4, maxSlots: 4, rawX: 133...647, rawY: 107...418),
        .init(name: "ep0430m09-i2c-2finger-scroll-down.evemu", events: 695, frames: 98, seconds: 0.76,
              protocolKind: .slotted, downs: 2, maxSlots: 2, rawX: 407...930, rawY: 216...582),
        .init(name: "ntrig-multitouch-protocolA-1finger-drag-nw-se.events.evemu", events: 955, frames: 107, seconds: 1.57,
              protocolKind: .anonymous, downs: 1, maxSlots: 1, rawX: 203...9438, rawY: 182...7012),
        .init(name: "ntrig-multitouch-protocolA-2fingers-touch-release.events.evemu", events: 2203, frames: 219, seconds: 2.99,
              protocolKind: .anonymous, downs: 2, maxSlots: 2, rawX: 1577...7206, rawY: 2070...6107),
        .init(name: "quanta-opticaltouchscreen-touch-on-left.events.evemu", events: 147, frames: 41, seconds: 0.93,
              protocolKind: .slotted, downs: 1, maxSlots: 1, rawX: 116...127, rawY: 444...504),
        .init(name: "elan-cando-win7-1finger-drag-up-down.events.evemu", events: 1849, frames: 322, seconds: 2.85,
              protocolKind: .slotted, downs: 1, maxSlots: 1, rawX: 1373...1454, rawY: 505...1531),
        .init(name: "wacom-isdv4-e6-finger-single-tap-center.events.evemu", events: 10, frames: 2, seconds: 0.02,
              protocolKind: .slotted, downs: 1, maxSlots: 1, rawX: 1269...1269, rawY: 710...710),
        .init(name: "wacom-isdv4-e6-finger-2finger-top-swipe.events.evemu", events: 1144, frames: 145, seconds: 1.91,
              protocolKind: .slotted, downs: 2, maxSlots: 2, rawX: 116...2619, rawY: 124...381),
        .init(name: "wacom-cintiq-13hd-touch-finger-tap.evemu", events: 33, frames: 5, seconds: 0.25,
              protocolKind: .slotted, downs: 1, maxSlots: 1, rawX: 1433...1452, rawY: 752...833),
    ]

    static let descriptionsOnly: [(name: String, protocolKind: TouchDecoder.TouchProtocol)] = [
        ("elan-cando-win7.desc.evemu", .slotted),
        ("irtouch-infrared-no-btn-touch.desc.evemu", .slotted),
        ("ntrig-multitouch-protocolA.desc.evemu", .anonymous),
        ("quanta-opticaltouchscreen.desc.evemu", .slotted),
        ("wacom-isdv4-e6-finger.desc.evemu", .slotted),
    ]
}

@Suite struct RealRecordingTests {
    static let screen = Size(width: 800, height: 480)

    @Test func everyRecordingInTheFolderIsCovered() throws {
        let names = RecordingFiles.names(in: try RecordingFiles.directory())
        let known = RecordingExpectation.all.map(\.name) + RecordingExpectation.descriptionsOnly.map(\.name)
        #expect(names.sorted() == known.sorted())
    }

    @Test(arguments: RecordingExpectation.all)
    func decodes(_ expected: RecordingExpectation) throws {
        let recording = try RecordingFiles.recording(expected.name)
        #expect(recording.events.count == expected.events)
        #expect(recording.reportCount == expected.frames)
        #expect(recording.events.first?.time == 0)
        let seconds = Double(recording.events.last?.time ?? 0) / 1e6
        #expect(abs(seconds - expected.seconds) < 0.01, "duration \(seconds) s")
        #expect(recording.rawRange(of: EvdevCode.absMTPositionX) == expected.rawX)
        #expect(recording.rawRange(of: EvdevCode.absMTPositionY) == expected.rawY)

        #expect(try TouchDecoder(device: recording.device, screen: Self.screen).touchProtocol == expected.protocolKind)
        let replay = try TouchReplay(recording, screen: Self.screen)
        #expect(replay.downs == expected.downs)
        #expect(replay.ups + replay.cancels == replay.downs)
        #expect(replay.maxSimultaneous == expected.maxSlots)
        #expect(replay.lifecycleErrors.isEmpty, "\(replay.lifecycleErrors)")
        #expect(replay.activeAtEnd.isEmpty)
        #expect(replay.frames > 0 && replay.frames <= recording.reportCount)
        let outside = replay.positions.filter { !Rect(size: Self.screen).contains($0) }
        #expect(outside.isEmpty, "\(outside.prefix(3))")
    }

    @Test(arguments: RecordingExpectation.descriptionsOnly.map(\.name))
    func descriptionOnlyFilesHaveNoEvents(_ name: String) throws {
        let recording = try RecordingFiles.recording(name)
        #expect(recording.events.isEmpty)
        let kind = RecordingExpectation.descriptionsOnly.first { $0.name == name }?.protocolKind
        #expect(try TouchDecoder(device: recording.device, screen: Self.screen).touchProtocol == kind)
    }
}
