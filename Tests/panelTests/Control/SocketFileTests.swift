import Glibc
import PanelUI
import Testing
@testable import panel

/// The socket file itself, with the built binary: its mode under any umask, and a second
/// panel started on a live panel's path.
@Suite(.serialized)
struct SocketFileTests {
    static let yaml = """
    sections:
      - controls:
          - {id: wifi, kind: switch, default: true}
    """

    /// Started with umask 000, the socket is 0660 from the moment it exists: inotify sees it
    /// created and never changed afterwards (a chmod after bind shows as IN_ATTRIB), and its
    /// mode at the end is 0660, so it was created so.
    @Test func theSocketIsCreatedWithItsModeWhateverTheUmask() throws {
        let folder = TemporaryFolder()
        let notify = inotify_init1(CInt(IN_NONBLOCK | IN_CLOEXEC))
        try #require(notify >= 0)
        defer { close(notify) }
        try #require(inotify_add_watch(notify, folder.path, UInt32(IN_CREATE | IN_ATTRIB)) >= 0)
        let panel = try SocketPanel(yaml: Self.yaml, in: folder, setup: "umask 000")
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        var info = stat()
        #expect(lstat(panel.socketPath, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(info.st_mode & 0o7777 == 0o660, "mode \(String(info.st_mode & 0o7777, radix: 8))")

        var events: [(mask: UInt32, name: String)] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(notify, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.load(fromByteOffset: offset + 4, as: UInt32.self), Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let name = String(decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                events.append((mask, name))
                offset += 16 + length
            }
        }
        let socketEvents = events.filter { $0.name == "panel.sock" }.map(\.mask)
        #expect(socketEvents == [UInt32(IN_CREATE)], "created, and its mode never changed after: \(socketEvents)")
    }

    /// A second panel on a live panel's socket path stops with status 2 and says why; the
    /// first keeps its socket. A socket file nobody listens on (its panel was killed) is
    /// replaced.
    @Test func aLivePanelsSocketIsNotTakenOver() throws {
        let folder = TemporaryFolder()
        let first = try SocketPanel(yaml: Self.yaml, in: folder, name: "first")
        #expect(first.waitUntilServing(), "first panel did not start: \(first.log)")
        let second = try SocketPanel(yaml: Self.yaml.replacing("default: true", with: "default: false"), in: folder, name: "second")
        let status = second.wait(seconds: 15)
        #expect(status == .exited(2), "\(second.log)")
        #expect(second.log.contains("another panel is listening on \(first.socketPath)"), "\(second.log)")
        // Still the first panel's socket (its wifi is on, the second's would be off).
        #expect(SocketClient(first.socketPath)?.request(#"{"cmd":"get","id":"wifi"}"#) == #"{"ok":true,"id":"wifi","value":true,"enabled":true,"label":"wifi","detail":null}"#)

        first.signal(SIGKILL)
        #expect(first.wait(seconds: 10) == .signalled(SIGKILL))
        #expect(pathExists(first.socketPath), "a killed panel leaves its socket file")
        let third = try SocketPanel(yaml: Self.yaml.replacing("default: true", with: "default: false"), in: folder, name: "third")
        #expect(third.waitUntilServing(), "a stale socket is replaced: \(third.log)")
        #expect(SocketClient(third.socketPath)?.request(#"{"cmd":"get","id":"wifi"}"#) == #"{"ok":true,"id":"wifi","value":false,"enabled":true,"label":"wifi","detail":null}"#)
    }
}
