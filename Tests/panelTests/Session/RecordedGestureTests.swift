import Testing
import PanelUI
@testable import panel

/// Real touchscreen recordings played through a whole session: what people's fingers did
/// must do what a person expects on a panel.
struct RecordedGestureTests {
    let folder = TemporaryFolder()

    func session(_ yaml: String, screen: Size = Size(width: 800, height: 480)) throws -> PanelSession {
        let description = try PanelDescription.parse(yaml, file: "test.yml", fileExists: { _ in true })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: screen),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(),
                                       now: 0, log: Log(write: { _ in }))
        try session.renderFullFrame(at: 0)
        return session
    }

    func replay(_ parts: [String], screen: Size = Size(width: 800, height: 480)) throws -> Replay {
        var text = ""
        for part in parts { text += try readFile(RepositoryFile.sharedRecording(part)) }
        return try Replay(path: folder.write(text, to: "recording.evemu"), screen: screen)
    }

    /// One big checkbox row under all nine quick taps of the Atmel recording.
    @Test func nineQuickTapsToggleNineTimes() throws {
        let s = try session("theme: {row_height: 400}\nsections:\n  - title: Big\n    controls:\n      - {id: big, kind: checkbox}\n")
        try s.play(try replay(["atmel-maxtouch-i2c-1finger-fast-taps.evemu"]))
        #expect(s.model.values == [.bool(true)], "an odd number of toggles")
        #expect(s.changeCount == 9)
    }

    static let longList = "title: Long\nsections:\n  - title: Rows\n    controls:\n"
        + (0..<20).map { "      - {id: c\($0), kind: checkbox}\n" }.joined()

    /// The EP0430's two fingers move up across the list: it scrolls, and nothing toggles.
    @Test func aTwoFingerSwipeScrollsWithoutToggling() throws {
        let s = try session(Self.longList)
        try s.play(try replay(["ep0430m09-i2c-2finger-scroll-down.evemu"]))
        #expect(s.model.values.allSatisfy { $0 == .bool(false) })
        #expect(s.model.scrollOffset(at: 100) > 100)
    }

    /// The Atmel's four fingers drag down from the top of the list: it bounces back to 0.
    @Test func aDragPastTheTopBouncesBack() throws {
        let s = try session(Self.longList)
        try s.play(try replay(["atmel-maxtouch-i2c-4finger-drag-down.evemu"]))
        #expect(s.model.values.allSatisfy { $0 == .bool(false) })
        #expect(s.model.scrollOffset(at: 100) == 0)
        #expect(!s.isAnimating)
    }

    /// The N-Trig's protocol-A finger drags diagonally across a short panel: it leaves the
    /// row it started on, so nothing toggles.
    @Test func aDiagonalDragOffARowDoesNotToggle() throws {
        let s = try session("sections:\n  - controls:\n" + (0..<5).map { "      - {id: c\($0), kind: checkbox}\n" }.joined())
        try s.play(try replay(["ntrig-multitouch-protocolA.desc.evemu", "ntrig-multitouch-protocolA-1finger-drag-nw-se.events.evemu"]))
        #expect(s.model.values.allSatisfy { $0 == .bool(false) })
        #expect(s.changeCount == 0)
    }
}
