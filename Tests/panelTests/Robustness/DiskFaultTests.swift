import Glibc
import PanelUI
import Testing
@testable import panel

/// A full disk and a read-only state folder, made real with a small tmpfs the test mounts
/// (root only; the test says so and stops where mount is refused): the panel keeps running,
/// logs the error, keeps every change in memory, retries on the next change and on a
/// backing-off timer, and the file on disk always holds the last good save.
struct DiskFaultTests {
    /// A tmpfs of `size` mounted on a fresh folder, unmounted when the value goes away.
    final class SmallDisk {
        let folder = TemporaryFolder()
        var path: String { folder.path }

        init?(size: String) {
            guard mount("tmpfs", folder.path, "tmpfs", 0, "size=\(size),mode=0755") == 0 else {
                print("DiskFaultTests: skipped, cannot mount a tmpfs (errno \(errno); needs root)")
                return nil
            }
        }

        func remount(readOnly: Bool) -> Bool {
            mount("tmpfs", folder.path, "tmpfs", UInt(MS_REMOUNT) | (readOnly ? UInt(MS_RDONLY) : 0), nil) == 0
        }

        deinit { umount2(folder.path, Int32(MNT_DETACH)) }
    }

    final class Messages: @unchecked Sendable {
        var lines: [String] = []
    }

    func session(statePath: String, messages: Messages) throws -> PanelSession {
        let description = try Commands.loadDescription(nil)
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                       store: StateStore(path: statePath), fonts: FontCache(), now: 0,
                                       log: Log(write: { messages.lines.append($0) }))
        try session.renderFullFrame(at: 0)
        return session
    }

    func tap(_ session: PanelSession, _ id: String, at t: Double) throws {
        let index = try #require(session.model.description.controls.firstIndex { $0.id == id })
        let row = try #require(session.model.layout.targets.first { $0.kind == .control(index: index, option: nil) })
        for phase in [TouchPhase.down, .up] {
            session.handle(TouchEvent(phase: phase, slot: 0, position: row.frame.center, time: 0), at: t)
            try session.renderFrame(at: t)
        }
    }

    func saved(_ path: String) throws -> StateDocument {
        try StateDocument.parse(#require(try? readFile(path)))
    }

    @Test func aFullDiskKeepsTheLastSaveAndRetriesUntilThereIsRoom() throws {
        guard let disk = SmallDisk(size: "16k") else { return }
        let state = "\(disk.path)/state.json"
        let messages = Messages()
        let session = try session(statePath: state, messages: messages)
        try tap(session, "hotspot", at: 1)
        let good = try saved(state)
        #expect(good.value(for: "hotspot") == .bool(true))

        // Fill the disk to the last block.
        let filler = "\(disk.path)/filler"
        let fd = open(filler, O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 0x55, count: 4096)
        while write(fd, block, block.count) > 0 {}
        close(fd)

        try tap(session, "wifi", at: 2)
        try tap(session, "hotspot", at: 3)
        #expect(try saved(state) == good, "the last good save is untouched")
        #expect(session.savedDocument.value(for: "wifi") == .bool(false) && session.savedDocument.value(for: "hotspot") == .bool(false))
        let errors = messages.lines.filter { $0.hasPrefix("panel: error: ") }
        #expect(errors.count == 2)
        #expect(errors.first?.contains("no space left on device (errno 28, ENOSPC); the panel keeps running and will retry") == true, "\(errors)")
        #expect(folderEntries(disk.path).sorted() == ["filler", "state.json"], "no temporary file left behind")

        // The timer backs off: 1 s after the last failure, then 2 s after that one.
        let due = try #require(session.saveRetry.due)
        try session.idle(until: due - 0.01)
        #expect(messages.lines.filter { $0.hasPrefix("panel: error: ") }.count == 2, "not before it is due")
        try session.idle(until: due)
        #expect(messages.lines.filter { $0.hasPrefix("panel: error: ") }.count == 3)
        #expect(session.saveRetry.due == due + 4, "1, 2, then 4 s apart")

        // Room again: the next timed retry writes every change made meanwhile.
        unlink(filler)
        try session.idle(until: due + 4)
        #expect(try saved(state) == session.savedDocument)
        #expect(session.saveRetry.due == nil)
        #expect(messages.lines.last == "panel: saved \(state) again; no change was lost")
    }

    @Test func aReadOnlyFolderKeepsTheLastSaveAndTheNextChangeRetries() throws {
        guard let disk = SmallDisk(size: "64k") else { return }
        let state = "\(disk.path)/state.json"
        let messages = Messages()
        let session = try session(statePath: state, messages: messages)
        try tap(session, "hotspot", at: 1)
        let good = try saved(state)
        try #require(disk.remount(readOnly: true))

        try tap(session, "wifi", at: 2)
        #expect(try saved(state) == good)
        #expect(messages.lines.last?.contains("read-only file system (errno 30, EROFS); the panel keeps running and will retry") == true,
                "\(messages.lines)")
        #expect(session.saveRetry.due == 3)

        // Writable again: the next change saves it and the one that failed.
        try #require(disk.remount(readOnly: false))
        try tap(session, "hotspot", at: 2.5)
        let now = try saved(state)
        #expect(now.value(for: "wifi") == .bool(false) && now.value(for: "hotspot") == .bool(false))
        #expect(session.saveRetry.due == nil)
    }
}
