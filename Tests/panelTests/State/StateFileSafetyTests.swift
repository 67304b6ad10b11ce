import Glibc
import PanelUI
import Testing
@testable import panel

/// The state store in a folder others can write (issue #11): nothing planted there is
/// followed, opened or renamed, and only regular files are read. In-process, with the
/// temporary file's random name chosen by the test where it must plant something first.
struct StateFileSafetyTests {
    static func document() -> StateDocument {
        StateDocument(values: [("wifi", .bool(true)), ("mode", .string("eco"))])
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : nil
    }

    /// A stranger's link at the name the store picks first: the store picks another name,
    /// writes its file there, and the link's target is untouched.
    @Test func aLinkPlantedAtTheTemporaryNameIsNotWrittenThrough() throws {
        let folder = TemporaryFolder()
        let secret = folder.write("root's secret\n", to: "secret")
        chmod(secret, 0o600)
        var store = StateStore(path: folder.file("state.json"))
        var suffixes: [UInt64] = [0x1111, 0x1111, 0x2222]
        store.randomSuffix = { suffixes.removeFirst() }
        let planted = folder.file(".state.json.tmp-0000000000001111")
        #expect(symlink(secret, planted) == 0)

        try store.save(Self.document())
        #expect(folder.readText("secret") == "root's secret\n")
        #expect(try StateDocument.parse(#require(folder.readText("state.json"))) == Self.document())
        #expect(Self.mode("\(folder.path)/state.json").map { $0 & S_IFMT } == S_IFREG)
        #expect(Self.mode("\(folder.path)/state.json").map { $0 & 0o7777 } == 0o600)
        #expect(folder.entries() == [".state.json.tmp-0000000000001111", "secret", "state.json"], "the link stays, nothing else is left")
        #expect(suffixes.isEmpty, "tried the taken name twice, then a free one")
    }

    /// A link, a folder, a FIFO and a character device at the state path are refused with what
    /// they are, and nothing in the folder is renamed or removed.
    @Test func onlyARegularFileIsReadAndNothingElseIsRenamed() throws {
        let folder = TemporaryFolder()
        let path = folder.file("state.json")
        let store = StateStore(path: path)
        folder.write(Self.document().serialized(), to: "real.json")

        #expect(symlink(folder.file("real.json"), path) == 0)
        #expect(throws: StateFileRefusal(errno: Errno(ELOOP), message: "state file \(path) is a symbolic link; panel does not follow links "
                    + "in its state folder (put the file itself there, or give --state the file the link points to)")) {
            try store.read(now: 1, describedIds: [])
        }
        #expect(folder.entries() == ["real.json", "state.json"])
        unlink(path)

        mkdir(path, 0o700)
        #expect(throws: StateFileRefusal(errno: Errno(EINVAL), message: "state file \(path) can't be used: it is a folder, not a regular file; "
                    + "panel created, renamed and wrote nothing (give another --state, or move it away)")) {
            try store.read(now: 1, describedIds: [])
        }
        #expect(folder.entries() == ["real.json", "state.json"])
        rmdir(path)

        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: StateFileRefusal.self) { try store.read(now: 1, describedIds: []) }
        #expect((try? store.read(now: 1, describedIds: [])) == nil)
        do { _ = try store.read(now: 1, describedIds: []) } catch { #expect(error.message.contains("it is a FIFO, not a regular file"), "\(error)") }
        #expect(folder.entries() == ["real.json", "state.json"])
        unlink(path)

        // /dev/null's numbers; only root may make device nodes.
        if mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0 {
            do { _ = try store.read(now: 1, describedIds: []); Issue.record("read a device") } catch {
                #expect(error.message.contains("it is a character device, not a regular file"), "\(error)")
            }
            #expect(folder.entries() == ["real.json", "state.json"])
        } else {
            print("StateFileSafetyTests: character device case skipped, cannot mknod (errno \(errno); needs root)")
        }
    }

    /// Over 8 MiB is damage: moved aside (kept whole) with a warning, and the start goes on from defaults.
    @Test func aFileOverEightMebibytesIsMovedAside() throws {
        let folder = TemporaryFolder()
        let path = folder.file("state.json")
        let padding = String(repeating: " ", count: StateStore.maximumBytes + (1 << 20))
        let big = Array("{\"version\": 1, \"values\": {\"wifi\": true}}\(padding)\n".utf8)
        folder.write(big, to: "state.json")
        let (document, warning) = try StateStore(path: path).read(now: 1700000000, describedIds: [])
        #expect(document == StateDocument())
        #expect(warning == "cannot read \(path): it is 9 MiB, more than the 8 MiB allowed; moved it to \(path).corrupt-1700000000 "
                    + "and started from the description's defaults")
        #expect(folder.read("state.json.corrupt-1700000000") == big)
        #expect(folder.entries() == ["state.json.corrupt-1700000000"])
    }

    /// The store never writes a file it would refuse to read: the last good file stays.
    @Test func aDocumentOverEightMebibytesIsNotSaved() throws {
        let folder = TemporaryFolder()
        let store = StateStore(path: folder.file("state.json"))
        try store.save(Self.document())
        let good = folder.read("state.json")
        var huge = Self.document()
        huge.set("notes", .string(String(repeating: "x", count: StateStore.maximumBytes)))
        #expect(throws: StateStoreError.self) { try store.save(huge) }
        do { try store.save(huge) } catch {
            #expect(error.errno == Errno(EFBIG))
            #expect(error.message.contains("more than the 8 MiB a state file may hold; the panel keeps running and will retry"), "\(error)")
        }
        #expect(folder.read("state.json") == good)
        #expect(folder.entries() == ["state.json"])
    }

    /// A second lock on the same state file, even in the same process, is refused naming the
    /// holder's pid; it is free again once the holder goes away.
    @Test func theLockIsExclusiveAndReleasedWithItsOwner() throws {
        let folder = TemporaryFolder()
        let path = folder.file("state.json")
        var first: StateLock? = try StateLock(statePath: path)
        #expect(folder.readText(".state.json.lock") == "\(getpid())\n")
        #expect(Self.mode(folder.file(".state.json.lock")).map { $0 & 0o7777 } == 0o600)
        do {
            _ = try StateLock(statePath: path)
            Issue.record("locked twice")
        } catch {
            #expect(error.message == "state file \(path) is in use by another panel (pid \(getpid()), lock \(folder.path)/.state.json.lock); "
                        + "stop that one first, or give this one another --state")
        }
        #expect(first != nil)
        first = nil
        #expect(throws: Never.self) { _ = try StateLock(statePath: path) }
    }

    @Test func aLinkAtTheLockFilesNameIsRefused() throws {
        let folder = TemporaryFolder()
        let target = folder.write("", to: "target")
        symlink(target, folder.file(".state.json.lock"))
        #expect(throws: StateFileRefusal.self) { try StateStore(path: folder.file("state.json")).open(now: 1, describedIds: []) }
        #expect(folder.readText("target") == "")
    }
}

extension StateFileSafetyTests {
    /// A state folder others may write (not sticky) lets them replace the state file: the
    /// start says so. A sticky one (like /tmp) or a private one says nothing.
    @Test func aFolderOthersCanWriteIsWarnedAbout() throws {
        let folder = TemporaryFolder()
        let path = folder.file("state.json")
        chmod(folder.path, 0o777)
        let opened = try StateStore(path: path).open(now: 1, describedIds: [])
        #expect(opened.lock != nil)
        #expect(opened.warnings == ["the state folder \(folder.path) is writable by other users (mode 777): they can replace or remove "
                                    + "the state file; make it writable by the panel's user only (chmod go-w \(folder.path))"])
        chmod(folder.path, 0o1777)
        #expect(try StateStore(path: folder.file("other.json")).open(now: 1, describedIds: []).warnings == [])
        chmod(folder.path, 0o700)
        #expect(try StateStore(path: folder.file("third.json")).open(now: 1, describedIds: []).warnings == [])
    }
}

/// Issue 33: hard links and other users' files in a state folder others may write. O_NOFOLLOW
/// stops symbolic links only: a hard link planted at `.state.json.lock` to a file the panel's
/// user owns was truncated and overwritten with the pid.
struct StateFileHardLinkTests {
    static let secret = "the panel user's other file\n"

    /// The lock file's name holds a hard link to another file of ours: refused, saying so, and
    /// the other file keeps every byte.
    @Test func aHardLinkAtTheLockFilesNameIsNotWritten() throws {
        let folder = TemporaryFolder()
        let other = folder.write(Self.secret, to: "other")
        #expect(link(other, folder.file(".state.json.lock")) == 0)
        let path = folder.file("state.json")
        do {
            _ = try StateStore(path: path).open(now: 1, describedIds: [])
            Issue.record("opened")
        } catch {
            #expect(error.errno == Errno(EMLINK))
            #expect(error.message == "the lock file \(folder.path)/.state.json.lock of state file \(path) can't be used: it has 2 names "
                        + "(hard links), so writing it would write another file too; panel writes no file in its state folder that a "
                        + "link or another user could have put there (remove \(folder.path)/.state.json.lock; panel makes a new one)")
        }
        #expect(folder.readText("other") == Self.secret)
        #expect(folder.entries() == [".state.json.lock", "other"])
    }

    /// Another user's file at the lock file's name: refused, naming its owner, left as it was.
    @Test func anotherUsersLockFileIsNotWritten() throws {
        let folder = TemporaryFolder()
        let lock = folder.write("4242\n", to: ".state.json.lock")
        try #require(chown(lock, 65534, 65534) == 0, "needs root to give a file away")
        do {
            _ = try StateLock(statePath: folder.file("state.json"))
            Issue.record("locked")
        } catch {
            #expect(error.errno == Errno(EPERM))
            #expect(error.message.contains("can't be used: it belongs to uid 65534, not to this process's user (uid \(geteuid()))"), "\(error)")
        }
        #expect(folder.readText(".state.json.lock") == "4242\n")
    }

    /// A FIFO at the lock file's name is refused without being opened for writing; a lock file
    /// left by an earlier panel (ours, one name) is reused, and its old pid replaced.
    @Test func onlyAnOwnedLockFileWithOneNameIsReused() throws {
        let folder = TemporaryFolder()
        #expect(mkfifo(folder.file(".state.json.lock"), 0o600) == 0)
        do {
            _ = try StateLock(statePath: folder.file("state.json"))
            Issue.record("locked")
        } catch {
            #expect(error.message.contains("can't be used: it is a FIFO, not a regular file"), "\(error)")
        }
        unlink(folder.file(".state.json.lock"))
        folder.write("99999999 and more\n", to: ".state.json.lock")
        let lock = try StateLock(statePath: folder.file("state.json"))
        #expect(folder.readText(".state.json.lock") == "\(getpid())\n")
        withExtendedLifetime(lock) {}
    }

    /// The state file itself: a hard link to another file, or another user's file, is refused
    /// (it would be read as ours), before the lock is made, and nothing is renamed.
    @Test(arguments: ["hard link", "other owner"])
    func aStateFileThatIsNotOnlyOursIsRefused(_ kind: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("state.json")
        let values = StateDocument(values: [("wifi", .bool(true))]).serialized()
        let expected: String
        if kind == "hard link" {
            let other = folder.write(values, to: "other.json")
            #expect(link(other, path) == 0)
            expected = "it has 2 names (hard links), so writing it would write another file too"
        } else {
            folder.write(values, to: "state.json")
            try #require(chown(path, 65534, 65534) == 0, "needs root to give a file away")
            expected = "it belongs to uid 65534, not to this process's user (uid \(geteuid()))"
        }
        let before = folder.entries()
        do {
            _ = try StateStore(path: path).open(now: 1, describedIds: ["wifi"])
            Issue.record("opened")
        } catch {
            #expect(error.message == "state file \(path) can't be used: \(expected); panel created, renamed and wrote nothing "
                        + "(give another --state, or move it away)")
        }
        #expect(folder.entries() == before, "no lock file, nothing renamed")
        // Read without `open` (a session given no values): refused the same way, into a warning.
        let loaded = StateStore(path: path).load(now: 1, describedIds: ["wifi"])
        #expect(loaded.document == StateDocument())
        #expect(loaded.warning?.contains(expected) == true, "\(loaded.warning ?? "no warning")")
        #expect(folder.readText("state.json") == values)
    }

    /// Whatever is refused at the state path, nothing is made beside it: no lock file, no folder.
    @Test func aRefusedStatePathMakesNoLockFile() throws {
        let folder = TemporaryFolder()
        let path = folder.file("state.json")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: StateFileRefusal.self) { try StateStore(path: path).open(now: 1, describedIds: []) }
        #expect(folder.entries() == ["state.json"])
        folder.write("{}", to: "file")
        #expect(throws: StateFileRefusal.self) { try StateStore(path: folder.file("file/state.json")).open(now: 1, describedIds: []) }
        do { _ = try StateStore(path: folder.file("file/state.json")).open(now: 1, describedIds: []) } catch {
            #expect(error.message.contains("a part of its folder's path is not a folder"), "\(error)")
        }
        #expect(folder.entries() == ["file", "state.json"])
    }
}
