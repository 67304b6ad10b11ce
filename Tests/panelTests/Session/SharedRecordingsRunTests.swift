import Testing
import PanelUI
@testable import panel

/// Every real-device recording replays through the whole program without error.
struct SharedRecordingsRunTests {
    /// One self-contained recording per gesture; split files get their description first.
    static let recordings: [(name: String, parts: [String])] = [
        ("atmel fast taps", ["atmel-maxtouch-i2c-1finger-fast-taps.evemu"]),
        ("atmel 4-finger drag", ["atmel-maxtouch-i2c-4finger-drag-down.evemu"]),
        ("ep0430m09 2-finger scroll", ["ep0430m09-i2c-2finger-scroll-down.evemu"]),
        ("elan drag", ["elan-cando-win7.desc.evemu", "elan-cando-win7-1finger-drag-up-down.events.evemu"]),
        ("ntrig protocol A drag", ["ntrig-multitouch-protocolA.desc.evemu", "ntrig-multitouch-protocolA-1finger-drag-nw-se.events.evemu"]),
        ("ntrig protocol A 2 fingers", ["ntrig-multitouch-protocolA.desc.evemu", "ntrig-multitouch-protocolA-2fingers-touch-release.events.evemu"]),
        ("quanta touch", ["quanta-opticaltouchscreen.desc.evemu", "quanta-opticaltouchscreen-touch-on-left.events.evemu"]),
        ("wacom tap", ["wacom-isdv4-e6-finger.desc.evemu", "wacom-isdv4-e6-finger-single-tap-center.events.evemu"]),
        ("wacom 2-finger swipe", ["wacom-isdv4-e6-finger.desc.evemu", "wacom-isdv4-e6-finger-2finger-top-swipe.events.evemu"]),
        ("cintiq tap", ["wacom-cintiq-13hd-touch-finger-tap.evemu"]),
        ("irtouch description only", ["irtouch-infrared-no-btn-touch.desc.evemu"]),
    ]

    @Test(arguments: recordings.indices)
    func replays(_ index: Int) throws {
        let recording = Self.recordings[index]
        let dir = TemporaryFolder()
        var text = ""
        for part in recording.parts {
            let path = RepositoryFile.sharedRecording(part)
            text += try #require(readFileForTest(path), "missing shared recording \(path)")
        }
        let file = dir.write(text, to: "recording.evemu")
        let result = CommandRunner.run(["run", "--input", "replay:" + file, "--state", dir.file("state.json"),
                                        "--screenshot", dir.file("shot.png")])
        #expect(result.status == 0, "\(recording.name): \(result.err)")
        #expect(dir.entries().contains("shot.png"))
        #expect(dir.entries().contains("state.json"))
    }

    func readFileForTest(_ path: String) -> String? {
        try? readFile(path)
    }
}
