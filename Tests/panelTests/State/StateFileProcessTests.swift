import Glibc
import PanelUI
import Testing
@testable import panel

/// The abuse pass of issue #11, through the built binary: links planted in the state
/// folder, two panels on one state file, things that aren't files at the state path, and a
/// state file of half a million ids.
struct StateFileProcessTests {
    static let demoTaps = RepositoryFile.path("demo/taps.evemu")

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : nil
    }

    /// `panel run --input none` drawing one frame to a screenshot and exiting; its status and log.
    static func runOnce(_ state: String, in folder: TemporaryFolder, input: String = "none", umask: String? = nil,
                        log: String = "once.log") throws -> (status: ChildProcess.Termination?, log: String) {
        let arguments = ["run", "--display", "headless:200x200", "--input", input, "--state", state,
                         "--screenshot", folder.file("shot.png")]
        let logPath = folder.file(log)
        let command = (umask.map { "umask \($0); " } ?? "") + "exec \"$0\" \"$@\" 2>\"$PANEL_TEST_LOG\""
        let child = try ChildProcess(argv: ["/bin/sh", "-c", command, PanelProcess.binary] + arguments,
                                     environment: ["PATH=/usr/bin:/bin", "HOME=/tmp", "PANEL_TEST_LOG=\(logPath)"])
        var pollFD = pollfd(fd: child.pidfd.rawValue, events: Int16(POLLIN), revents: 0)
        // Generous: a FIFO at the state path used to hang here for ever.
        guard poll(&pollFD, 1, 20_000) == 1 else {
            child.signalGroup(SIGKILL)
            _ = child.waitForExit()
            return (nil, folder.readText(log) ?? "")
        }
        return (child.reap(), folder.readText(log) ?? "")
    }

    /// The old temporary name was `.state.json.tmp-<pid>`: a link planted there once the
    /// panel is running made its next save write into the link's target.
    @Test func aLinkAtThePredictableTemporaryNameIsNotWrittenThrough() throws {
        let folder = TemporaryFolder()
        let secret = folder.write("root's secret\n", to: "secret")
        chmod(secret, 0o600)
        let state = folder.file("state.json")
        let panel = try PanelProcess(["run", "--display", "headless:200x200", "--input", "none", "--state", state,
                                      "--socket", folder.file("panel.sock")], log: folder.file("panel.log"))
        try #require(panel.waitForLog("stop with SIGTERM", seconds: 20), "panel did not start: \(panel.log)")
        #expect(symlink(secret, folder.file(".state.json.tmp-\(panel.child.pid)")) == 0)
        panel.signal(SIGTERM)  // saves on the way out
        #expect(panel.wait(seconds: 20) == .exited(0), "\(panel.log)")
        #expect(folder.readText("secret") == "root's secret\n")
        #expect(Self.mode(state).map { $0 & S_IFMT } == S_IFREG, "the state file is a file, not the planted link")
        #expect(Self.mode(state).map { $0 & 0o7777 } == 0o600)
        _ = try StateDocument.parse(#require(folder.readText("state.json")))
    }

    /// With a umask that takes nothing away, the folder panel creates is 0700 and its files 0600.
    @Test func filesAreNeverWiderThan0600WhateverTheUmask() throws {
        let folder = TemporaryFolder()
        let state = folder.file("new/state.json")
        let result = try Self.runOnce(state, in: folder, umask: "000")
        #expect(result.status == .exited(0), "\(result.log)")
        #expect(Self.mode(folder.file("new")).map { $0 & 0o7777 } == 0o700)
        #expect(Self.mode(state).map { $0 & 0o7777 } == 0o600)
        #expect(Self.mode(folder.file("new/.state.json.lock")).map { $0 & 0o7777 } == 0o600)
        #expect(folder.entries("new") == [".state.json.lock", "state.json"])
    }

    /// A second panel on a state file another one holds stops with status 2, naming the
    /// holder's pid and the state file, and writes nothing: whether it would have shown one
    /// frame or replayed taps (which used to save its own values over the first one's).
    @Test func aSecondPanelOnTheSameStateFileStopsWithStatus2() throws {
        let folder = TemporaryFolder()
        let state = folder.file("state.json")
        let first = try PanelProcess(["run", "--display", "headless:800x480", "--input", "replay:\(Self.demoTaps)", "--hold",
                                      "--state", state, "--socket", folder.file("panel.sock")], log: folder.file("first.log"))
        try #require(first.waitForLog("replay done, holding", seconds: 20), "first panel did not start: \(first.log)")
        let saved = try #require(folder.read("state.json"))
        #expect(try StateDocument.parse(String(decoding: saved, as: UTF8.self)).value(for: "hotspot") == .bool(true), "the replay's taps were saved")

        for (name, input) in [("none", "none"), ("replay", "replay:\(Self.demoTaps)")] {
            let second = try Self.runOnce(state, in: folder, input: input, log: "\(name).log")
            #expect(second.status == .exited(2), "\(name): \(second.log)")
            #expect(second.log.contains("panel: state file \(state) is in use by another panel (pid \(first.child.pid), "
                                        + "lock \(folder.path)/.state.json.lock)"), "\(name): \(second.log)")
            #expect(folder.read("state.json") == saved, "\(name): the first panel's state is intact")
        }
        first.signal(SIGTERM)
        #expect(first.wait(seconds: 20) == .exited(0), "\(first.log)")
        // Free again once the first has gone: the lock file left behind is not a stale lock.
        #expect(try Self.runOnce(state, in: folder).status == .exited(0))
    }

    /// A link, a folder, a FIFO or a socket at the state path stops the start with status 2
    /// and a sentence; nothing is renamed (they used to be moved aside as "corrupt", a link was
    /// followed), and nothing is made: no lock file beside it either.
    @Test(arguments: ["link", "folder", "fifo", "socket"])
    func whatIsNotARegularFileStopsTheStartWithStatus2(_ kind: String) throws {
        let folder = TemporaryFolder()
        let state = folder.file("state.json")
        let target = folder.write(StateDocument(values: [("wifi", .bool(true))]).serialized(), to: "target.json")
        let expected: String
        var listener: FileDescriptor?
        switch kind {
        case "link":
            symlink(target, state)
            expected = "panel: state file \(state) is a symbolic link; panel does not follow links in its state folder"
        case "folder":
            mkdir(state, 0o700)
            expected = "panel: state file \(state) can't be used: it is a folder, not a regular file; panel created, renamed and wrote nothing"
        case "socket":
            listener = try UnixSocket.listen(at: state, mode: 0o600)
            expected = "panel: state file \(state) can't be used: it is a socket, not a regular file; panel created, renamed and wrote nothing"
        default:
            mkfifo(state, 0o600)
            expected = "panel: state file \(state) can't be used: it is a FIFO, not a regular file; panel created, renamed and wrote nothing"
        }
        let before = Self.mode(state)
        let result = try Self.runOnce(state, in: folder)
        #expect(result.status == .exited(2), "\(result.log)")
        #expect(result.log.contains(expected), "\(result.log)")
        #expect(Self.mode(state) == before)
        #expect(folder.entries() == ["once.log", "state.json", "target.json"], "nothing renamed aside, no lock file made")
        #expect(folder.readText("target.json") == StateDocument(values: [("wifi", .bool(true))]).serialized())
        #expect(!pathExists(folder.file("shot.png")), "stopped before drawing")
        withExtendedLifetime(listener) {}
    }

    /// `--state /dev/zero` made `/dev/.zero.lock` (and wrote its pid there) before refusing
    /// the device. A device is refused before anything is made or written: the lock file's
    /// name in /dev is as it was (absent, or the same file untouched).
    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aDeviceAsTheStateFileIsRefusedBeforeTheLockIsMade(_ device: String) throws {
        let folder = TemporaryFolder()
        let lock = StateLock.lockPath(forState: device)
        func look() -> [Int]? {
            var info = stat()
            guard lstat(lock, &info) == 0 else { return nil }
            return [Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
        }
        let before = look()
        let result = try Self.runOnce(device, in: folder)
        #expect(result.status == .exited(2), "\(result.log)")
        #expect(result.log.contains("panel: state file \(device) can't be used: it is a character device, not a regular file; "
                                    + "panel created, renamed and wrote nothing (give another --state"), "\(result.log)")
        #expect(look() == before, "\(lock) was \(before.map { "\($0)" } ?? "absent"), now \(look().map { "\($0)" } ?? "absent")")
        #expect(!pathExists(folder.file("shot.png")), "stopped before drawing")
    }

    /// Half a million unknown ids on one line, just under 8 MiB (the description has a few
    /// controls): the first 1,000 are kept, the rest dropped with one warning, the file as it
    /// was is kept beside it byte for byte, and the state file is written again at once with
    /// what was kept (a second start says nothing). They were all kept before, at 233 MB of
    /// RSS for 900,000. A file over 8 MiB is moved aside and the panel starts from defaults.
    @Test func unknownIdsPastTheLimitAreDroppedAndTheFileKeptAside() throws {
        let folder = TemporaryFolder()
        let state = folder.file("state.json")
        var text = "{\"version\":1,\"values\":{\"wifi\":true"
        var count = 0
        while text.utf8.count < StateStore.maximumBytes - 64 {
            text += ",\"u\(count)\":\(count % 2 == 0 ? "true" : "false")"
            count += 1
        }
        text += ",\"hotspot\":true}}\n"
        #expect(count > 500_000)
        folder.write(text, to: "state.json")
        let near = try Self.runOnce(state, in: folder)
        #expect(near.status == .exited(0), "\(near.log)")
        let aside = try #require(folder.entries().first { $0.hasPrefix("state.json.trimmed-") }, "\(folder.entries())")
        let warning = "panel: warning: state file \(state) has \(count) ids the description doesn't have; a panel keeps 1000 of them "
            + "and 64 KiB at most: kept the first 1000, dropped \(count - 1000) ("
        #expect(near.log.contains(warning), "\(near.log)")
        #expect(near.log.contains("; the file as it was is kept at \(folder.file(aside))\n"), "\(near.log)")
        #expect(folder.read(aside) == Array(text.utf8), "kept whole")
        #expect(Self.mode(folder.file(aside)).map { $0 & 0o7777 } == 0o600)
        let saved = try StateDocument.parse(#require(folder.readText("state.json")))
        #expect(saved.value(for: "wifi") == .bool(true) && saved.value(for: "hotspot") == .bool(true), "described ids kept, wherever they are")
        #expect(saved.values.filter { $0.id.hasPrefix("u") }.map(\.id) == (0..<1000).map { "u\($0)" }, "the first 1,000 unknown ids kept")
        let again = try Self.runOnce(state, in: folder, log: "again.log")
        #expect(again.status == .exited(0), "\(again.log)")
        #expect(!again.log.contains("warning") && !again.log.contains("error"), "\(again.log)")
        #expect(folder.entries().filter { $0.hasPrefix("state.json.trimmed-") } == [aside], "one copy")

        let big = String(text.dropLast()) + String(repeating: " ", count: 1 << 20) + "\n"
        folder.write(big, to: "state.json")
        let over = try Self.runOnce(state, in: folder)
        #expect(over.status == .exited(0), "\(over.log)")
        #expect(over.log.contains("panel: warning: cannot read \(state): it is 9 MiB, more than the 8 MiB allowed; moved it to \(state).corrupt-"),
                "\(over.log)")
        let corrupt = try #require(folder.entries().first { $0.hasPrefix("state.json.corrupt-") })
        #expect(folder.read(corrupt) == Array(big.utf8), "moved aside whole")
        #expect(try StateDocument.parse(#require(folder.readText("state.json"))).values.count < 20, "started from defaults")
    }
}
