import Glibc
import PanelUI

/// Saving failed; the old state file, if any, is untouched.
struct StateStoreError: Error, Equatable, CustomStringConvertible {
    var errno: Errno
    /// A sentence for the log: what failed, on which path, and why.
    var message: String

    var description: String { message }
}

/// The state file, opened for a run: the lock that makes this panel its only writer, the
/// saved values, and what the log should say about them.
struct OpenedState {
    /// nil only where the folder can't hold a lock file (a read-only or full file system),
    /// which `warnings` says; nothing can be saved there either until that changes.
    var lock: StateLock?
    var document: StateDocument
    var warnings: [String]
}

/// The state file: where control values survive restarts and power cuts.
///
/// Made for a folder others may be able to write (a 1777 one, a misconfigured
/// StateDirectory): no link there is followed, nothing but a regular file is read or moved,
/// temporary files have unguessable names and are created exclusively, and every file the
/// panel creates there is mode 0600, set on the descriptor before anything is written.
struct StateStore {
    let path: String
    /// Names temporary files; tests replace it to plant something at the name first.
    var randomSuffix: () -> UInt64 = randomUInt64

    /// The largest state file read or written (8 MiB): a few controls take a few hundred bytes,
    /// so only a damaged or hostile file is larger, and it is moved aside like a damaged one.
    static let maximumBytes = 8 << 20
    /// The state file's (and the lock file's) mode, whatever the umask: only the panel's user reads them.
    static let permissions: mode_t = 0o600

    init(path: String) {
        self.path = path
    }

    /// systemd's `$STATE_DIRECTORY` (its first entry), else the XDG state folder, else nil.
    static func defaultPath(environment: [String: String]) -> String? {
        if let directories = environment["STATE_DIRECTORY"],
           let first = directories.split(separator: ":").first {
            return "\(first)/state.json"
        }
        // XDG says relative values are invalid and must be ignored.
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            return "\(stateHome)/panel/state.json"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return "\(home)/.local/state/panel/state.json"
        }
        return nil
    }

    var folder: String { parentFolder(of: path) }
    var temporaryPrefix: String { ".\(fileName(of: path)).tmp-" }

    /// What `panel run` does first: refuses a state path that can't be used before anything
    /// is created or locked (`checkPath`), creates the state folder if it is missing (0700),
    /// takes the lock, then reads the file (`read(now:describedIds:)`). Throws when the file
    /// can't be used: it is a link, a folder, a FIFO, a device or socket, it has other names
    /// or another owner, it can't be read, or another panel holds it.
    func open(now: Int, describedIds: Set<String>) throws(StateFileRefusal) -> OpenedState {
        try checkPath()
        var warnings: [String] = []
        var lock: StateLock?
        do throws(StateFileRefusal) {
            do throws(FileError) {
                try createFolders(folder, permissions: 0o700)
            } catch {
                throw StateFileRefusal(errno: error.errno, message: "cannot create the folder of state file \(path): \(error)")
            }
            lock = try StateLock(statePath: path)
        } catch where [EROFS, ENOSPC, EDQUOT].contains(error.errno.rawValue) {
            warnings.append("\(error); running without the lock, which saving also needs room and write access for")
        }
        if let warning = folderWarning() { warnings.append(warning) }
        let loaded = try read(now: now, describedIds: describedIds)
        if let warning = loaded.warning { warnings.append(warning) }
        return OpenedState(lock: lock, document: loaded.document, warnings: warnings)
    }

    /// Refuses what is at the state path, looked at without following a link, when `read`
    /// would: so `--state /dev/zero` stops before a lock file is made beside it (in /dev),
    /// and a refused path has nothing created, locked or written anywhere. Nothing there (or a
    /// missing folder, made later) is a first start.
    func checkPath() throws(StateFileRefusal) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let error = Errno.current
            if error == Errno(ENOENT) { return }
            throw Self.refusal(FileError(action: "use \(path)", errno: error), path: path)
                ?? StateFileRefusal(errno: error, message: "cannot look at state file \(path): \(error); panel created nothing")
        }
        if let problem = ownedFileProblem(info, action: "use \(path)"), let refusal = Self.refusal(problem, path: path) {
            throw refusal
        }
    }

    /// The saved values. A missing file is a first start. A regular file that can't be
    /// parsed, isn't UTF-8 or is larger than `maximumBytes` is moved aside (kept for a person
    /// to look at, the warning says where) and replaced by an empty document. Anything else
    /// at the path (a symbolic link, a folder, a FIFO, a device, a file with other names or
    /// another owner) or a file that can't be read at all is refused, with nothing renamed.
    /// Ids the description doesn't have past `UnknownIdLimit.standard` are dropped, the file
    /// as it was kept aside (`trim`). Temporary files left by a panel killed in the middle of
    /// a save are removed first; call it with the lock held.
    func read(now: Int, describedIds: Set<String>) throws(StateFileRefusal) -> (document: StateDocument, warning: String?) {
        removeStaleTemporaryFiles()
        let problem: String
        do throws(FileError) {
            // O_NOFOLLOW, regular files with one name and our owner only, bounded: a FIFO can't hang the start.
            // Parsed as read, not copied into a String: the parser checks the UTF-8.
            let bytes = try readFileBytes(path, limits: ReadLimits(maxBytes: Self.maximumBytes, followLinks: false, ownedOnly: true))
            do throws(JSONError) {
                let reading = try StateDocument.parse(utf8: bytes, describedIds: describedIds)
                guard reading.droppedUnknown.ids == 0 else { return (reading.document, trim(reading, original: bytes, now: now)) }
                return (reading.document, nil)
            } catch where String(validating: bytes, as: UTF8.self) == nil {
                problem = FileError(action: "read \(path) as UTF-8 text", errno: Errno(EILSEQ)).description
            } catch {
                problem = "state file \(path) is damaged at \(error.location): \(error.message)"
            }
        } catch where error.errno == Errno(ENOENT) {
            return (StateDocument(), nil)
        } catch {
            if let refusal = Self.refusal(error, path: path) { throw refusal }
            // Too large, not UTF-8, unreadable blocks: damaged.
            problem = error.description
        }
        do throws(FileError) {
            let aside = try moveAside(path) { $0 == 0 ? "\(path).corrupt-\(now)" : "\(path).corrupt-\(now)-\($0)" }
            return (StateDocument(), "\(problem); moved it to \(aside) and started from the description's defaults")
        } catch {
            return (StateDocument(), "\(problem); could not move it aside (\(error)), so it will be replaced on the next save")
        }
    }

    /// What stops the start when `error` was met at the state path (nil: the file is there but
    /// damaged, and is moved aside): a link, not a regular file, other names or another
    /// owner, no access. Each says that nothing was renamed.
    static func refusal(_ error: FileError, path: String) -> StateFileRefusal? {
        if let reason = error.reason, [EINVAL, EMLINK, EPERM].contains(error.errno.rawValue) {
            // `ownedFileProblem`'s: a folder, a FIFO, a device or a socket; hard links; another user's file.
            return StateFileRefusal(errno: error.errno, message: "state file \(path) can't be used: \(reason); "
                + "panel created, renamed and wrote nothing (give another --state, or move it away)")
        }
        switch error.errno.rawValue {
        case ELOOP:
            return StateFileRefusal(errno: error.errno, message: "state file \(path) is a symbolic link; panel does not follow links "
                + "in its state folder (put the file itself there, or give --state the file the link points to)")
        case ENOTDIR:
            return StateFileRefusal(errno: error.errno, message: "state file \(path) can't be used: a part of its folder's path is not a folder; "
                + "panel created, renamed and wrote nothing (give another --state)")
        case EACCES, EPERM, EISDIR, ENAMETOOLONG:
            return StateFileRefusal(errno: error.errno, message: "\(error); panel renamed nothing (let the panel's user read and write it, "
                + "or give another --state)")
        default:
            return nil
        }
    }

    /// `read(now:describedIds:)` for callers that can't stop the start (a `PanelSession` given
    /// no values): a refusal becomes a warning and the description's defaults. `panel run` uses `open`.
    func load(now: Int, describedIds: Set<String>) -> (document: StateDocument, warning: String?) {
        do throws(StateFileRefusal) {
            return try read(now: now, describedIds: describedIds)
        } catch {
            return (StateDocument(), "\(error); started from the description's defaults")
        }
    }

    /// A folder others may write without the sticky bit lets them replace the state file.
    private func folderWarning() -> String? {
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & 0o022 != 0, info.st_mode & S_ISVTX == 0 else { return nil }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        return "the state folder \(folder) is writable by other users (mode \(mode)): they can replace or remove the state file; "
            + "make it writable by the panel's user only (chmod go-w \(folder))"
    }

    /// `.state.json.tmp-<16 hex digits>` files of earlier processes: each SIGKILL or power cut
    /// during a save leaves one, so without this they pile up. Only regular files of exactly
    /// that pattern are removed; unlink removes a link itself, never what it points to.
    private func removeStaleTemporaryFiles() {
        let prefix = temporaryPrefix
        for name in folderEntries(folder) where isUniqueFileName(name, prefix: prefix) {
            let file = "\(folder)/\(name)"
            if isRegularFileNotLink(file) { try? removeFile(file) }
        }
    }

    /// Replaces the state file atomically: after a power cut it holds either the old
    /// document or this one, never a mix. On failure the old file is left as it was.
    /// The new file is written under an unguessable name created exclusively (see
    /// `createUniqueFile`), mode 0600, flushed, renamed over the old one and the folder flushed.
    /// It is pretty JSON, or one line when pretty would be over `maximumBytes`; a document over
    /// that even on one line is not written (the next start would move it aside).
    func save(_ document: StateDocument) throws(StateStoreError) {
        var bytes = Array(document.serialized().utf8)
        if bytes.count > Self.maximumBytes {
            // Indenting costs about 6 bytes an id: a file that was read compact must fit written back.
            bytes = Array(document.serialized(pretty: false).utf8)
        }
        guard bytes.count <= Self.maximumBytes else {
            // Written, it would be moved aside at the next start: keep the last good file instead.
            throw StateStoreError(errno: Errno(EFBIG), message: "cannot write \(path): the state would be \(sizeText(bytes.count, beside: Self.maximumBytes)), "
                + "more than the \(sizeText(Self.maximumBytes)) a state file may hold; the panel keeps running and will retry")
        }
        do throws(FileError) {
            try createFolders(folder, permissions: 0o700)
            try replaceFile(path, in: folder, with: bytes, prefix: temporaryPrefix, permissions: Self.permissions, random: randomSuffix)
        } catch {
            throw StateStoreError(errno: error.errno, message: "\(error); the panel keeps running and will retry")
        }
    }
}
