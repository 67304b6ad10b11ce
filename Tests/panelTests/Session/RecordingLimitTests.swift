import Glibc
import PanelUI
import Testing
@testable import panel

/// What `panel run --input replay:PATH` reads (issue 11): only regular files, up to 256 MiB,
/// read as a stream. A device or FIFO hung for ever before readFile refused them; a large
/// recording was read whole, and a YAML one built a tree for every number in it.
struct RecordingLimitTests {
    let folder = TemporaryFolder()

    /// Runs a replay of `path` headless; its exit and its stderr.
    func replay(_ path: String) throws -> (ChildProcess.Termination?, String) {
        let panel = try PanelProcess(["run", "--input", "replay:\(path)", "--display", "headless:800x480",
                                      "--state", folder.file("state.json")], log: folder.file("log"))
        let status = panel.wait(seconds: 20)
        return (status, panel.log)
    }

    @Test(arguments: [("/dev/zero", "a character device"), ("/dev/urandom", "a character device"), ("fifo", "a FIFO")])
    func devicesAndFIFOsAreRefusedAtOnce(path: String, kind: String) throws {
        var target = path
        if path == "fifo" {
            target = folder.file("rec.fifo")
            #expect(mkfifo(target, 0o600) == 0)
        }
        let (status, log) = try replay(target)
        #expect(status == .exited(2), "\(log)")
        #expect(log.contains("panel: cannot read \(target): it is \(kind), not a regular file"), "\(log)")
        #expect(folder.readText("state.json") == nil, "nothing saved")
    }

    @Test func recordingsOver256MiBAreRefusedWithTheLimit() throws {
        let path = folder.file("huge.evemu")
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        #expect(fd >= 0 && ftruncate(fd, 300 << 20) == 0, "a sparse file: no disk used")
        close(fd)
        let (status, log) = try replay(path)
        #expect(status == .exited(2), "\(log)")
        #expect(log.contains("panel: cannot read \(path): it is 300 MiB, more than the 256 MiB allowed"), "\(log)")
    }

    /// The demo's taps with 20 MiB of comments between the device and the events: past the
    /// 16 MiB other files may have, and read through without holding it. Its line count too.
    func longDemo() throws -> (text: String, lines: Int) {
        let demo = try readFile(RepositoryFile.path("demo/taps.evemu"))
        let lines = demo.split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix { !$0.hasPrefix("E:") }
        let comment = "# " + String(repeating: "x", count: 1021) + "\n"
        var text = header.joined(separator: "\n") + "\n"
        text += String(repeating: comment, count: 20 * 1024)
        text += lines.dropFirst(header.count).joined(separator: "\n")
        // The demo ends with a line break: its last (empty) piece is not a line.
        return (text, lines.count - 1 + 20 * 1024)
    }

    @Test func aLongRecordingReplays() throws {
        let path = folder.write(try longDemo().text, to: "long.evemu")
        let (status, log) = try replay(path)
        #expect(status == .exited(0), "\(log)")
        let saved = try StateDocument.parse(#require(folder.readText("state.json")))
        #expect(saved.value(for: "wifi") == .bool(false), "the demo taps turned Wi-Fi off")
        #expect(saved.value(for: "mode") == .string("performance"))
    }

    /// A long recording broken at its end says where, after streaming through the rest.
    @Test func errorsNameTheFileAndLineAfterALongStretch() throws {
        let (text, lines) = try longDemo()
        let path = folder.write(text + "E: 99.000000 0003 zz 1\n", to: "broken.evemu")
        let (status, log) = try replay(path)
        #expect(status == .exited(2), "\(log)")
        #expect(log.contains("\(path):\(lines + 1): event code 'zz' is not a 16-bit hex number"), "\(log)")
        #expect(folder.readText("state.json") == nil, "nothing saved")
    }
}
