import Glibc

/// A file this process just created under a name nobody else could have picked, open for writing.
struct CreatedFile: ~Copyable {
    var descriptor: FileDescriptor
    let path: String
}

/// 64 bits from the kernel's random pool: `SystemRandomNumberGenerator` is getrandom(2) on Linux.
func randomUInt64() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
}

/// Creates a new, empty file `prefix` + 16 random hex digits in `folder`, for writing, with
/// exactly `permissions`; the name is chosen again when it is taken.
///
/// Safe in a folder others can write: `O_CREAT | O_EXCL | O_NOFOLLOW` never opens something
/// already there (a file or a link planted at the name), and the name can't be guessed in
/// advance. The file is created with `permissions` (the umask can only narrow them) and then
/// set to exactly `permissions` on the descriptor, so it is never wider, not even for a moment.
func createUniqueFile(in folder: String, prefix: String, permissions: mode_t, tries: Int = 16,
                      random: () -> UInt64 = randomUInt64) throws(Errno) -> CreatedFile {
    var lastError = Errno(EEXIST)
    for _ in 0..<tries {
        let path = "\(folder)/\(prefix)\(hexDigits(random()))"
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor(opening: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY,
                                            permissions: permissions)
        } catch where error == Errno(EEXIST) {
            lastError = error
            continue
        }
        guard fchmod(descriptor.rawValue, permissions) == 0 else {
            let error = Errno.current
            _ = unlink(path)
            throw error
        }
        return CreatedFile(descriptor: descriptor, path: path)
    }
    throw lastError
}

/// 16 lower-case hex digits, zero-padded.
func hexDigits(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

/// Whether `name` is `prefix` followed by exactly the 16 lower-case hex digits `createUniqueFile` adds.
func isUniqueFileName(_ name: String, prefix: String) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let suffix = name.utf8.dropFirst(prefix.utf8.count)
    return suffix.count == 16 && suffix.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
}

/// Whether `path` itself (not what a link there points to) is a regular file.
func isRegularFileNotLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
}

/// Gives the file at `path` the first name of `candidates` (0, 1, 2…) that nothing has, and
/// returns it. Never replaces anything already at a candidate and never follows a link at
/// either name: the new name is made with link(2), which fails on an existing name and links
/// a symbolic link itself, and the old one is then removed. Where the file system has no
/// hard links (or refuses one), a plain rename to a name `lstat` found free is the fallback.
func moveAside(_ path: String, candidates: (Int) -> String) throws(FileError) -> String {
    for index in 0..<1000 {
        let candidate = candidates(index)
        do throws(Errno) {
            _ = try retryingInterrupts { link(path, candidate) }
        } catch where error == Errno(EEXIST) {
            continue
        } catch where [EPERM, EMLINK, EOPNOTSUPP].contains(error.rawValue) {
            // No hard links here (FAT, some network file systems) or not allowed (protected_hardlinks).
            if pathExists(candidate) { continue }
            try renameFile(path, to: candidate)
            return candidate
        } catch {
            throw FileError(action: "rename \(path) to \(candidate)", errno: error)
        }
        do throws(FileError) {
            try removeFile(path)
        } catch {
            _ = unlink(candidate)
            throw error
        }
        return candidate
    }
    throw FileError(action: "rename \(path) aside", errno: Errno(EEXIST), reason: "1000 names for it are already taken")
}

/// Replaces `path` (in `folder`) with `bytes` so that a power cut leaves the old file or the
/// new one, never a torn one: a new file under an unpredictable name beside it
/// (`createUniqueFile`, exactly `permissions`), `prepare` run on its descriptor (to keep an
/// owner, say), the bytes written and flushed, the file renamed over `path`, the folder
/// flushed. On a failure the new file is removed; errors name `path`, since the temporary
/// name means nothing to the person reading them.
func replaceFile(_ path: String, in folder: String, with bytes: [UInt8], prefix: String, permissions: mode_t,
                 random: () -> UInt64 = randomUInt64,
                 prepare: (Int32) throws(Errno) -> Void = { _ in }) throws(FileError) {
    var temporary: String?
    do throws(FileError) {
        do throws(Errno) {
            let file = try createUniqueFile(in: folder, prefix: prefix, permissions: permissions, random: random)
            temporary = file.path
            try prepare(file.descriptor.rawValue)
            try file.descriptor.writeAll(bytes)
            try file.descriptor.sync()
            try file.descriptor.close()
        } catch {
            throw FileError(action: "write \(path)", errno: error)
        }
        try renameFile(temporary!, to: path)
        try syncFolder(folder)
    } catch {
        if let temporary { try? removeFile(temporary) }
        throw error
    }
}

/// Why a file found in a folder others may write is not one to write (or trust): nil for a
/// regular file with one name, owned by this process's user. Otherwise a `FileError` for
/// `action` whose reason says what it is: a symbolic link (ELOOP), not a regular file (EINVAL),
/// a file with more than one name, which a hard link planted in the folder gives a file of
/// ours (EMLINK; `O_NOFOLLOW` does not stop hard links), or another user's file (EPERM).
func ownedFileProblem(_ info: stat, action: String) -> FileError? {
    if info.st_mode & S_IFMT == S_IFLNK {
        return FileError(action: action, errno: Errno(ELOOP), reason: "it is a symbolic link, which is not followed here")
    }
    if let kind = fileKindName(info.st_mode) {
        return FileError(action: action, errno: Errno(EINVAL), reason: "it is \(kind), not a regular file")
    }
    if info.st_nlink > 1 {
        return FileError(action: action, errno: Errno(EMLINK),
                         reason: "it has \(info.st_nlink) names (hard links), so writing it would write another file too")
    }
    if info.st_uid != geteuid() {
        return FileError(action: action, errno: Errno(EPERM),
                         reason: "it belongs to uid \(info.st_uid), not to this process's user (uid \(geteuid()))")
    }
    return nil
}

/// Opens `path` (`flags`: O_RDWR or O_WRONLY and the like, never O_TRUNC) in a folder others
/// may write, creating it with `permissions` when missing: only a file this process just
/// created, or an existing one that `ownedFileProblem` finds nothing wrong with, both before it
/// is opened (`lstat`: a device or a FIFO is never opened) and after (`fstat` on the
/// descriptor: what was opened is what was checked). Nothing is truncated or written here, so
/// a caller that truncates does so only after the checks.
func openOwnedFile(_ path: String, flags: CInt, permissions: mode_t) throws(FileError) -> FileDescriptor {
    let action = "open \(path)"
    for _ in 0..<16 {
        do throws(Errno) {
            return try FileDescriptor(opening: path, flags: flags | O_CREAT | O_EXCL | O_NOFOLLOW, permissions: permissions)
        } catch where error == Errno(EEXIST) {
            // There already: looked at below.
        } catch {
            throw FileError(action: action, errno: error)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { continue }  // removed meanwhile: create it
            throw FileError(action: action, errno: Errno.current)
        }
        if let problem = ownedFileProblem(info, action: action) { throw problem }
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor(opening: path, flags: flags | O_NOFOLLOW)
        } catch where error == Errno(ENOENT) {
            continue
        } catch {
            throw FileError(action: action, errno: error)
        }
        guard fstat(descriptor.rawValue, &info) == 0 else { throw FileError(action: action, errno: Errno.current) }
        if let problem = ownedFileProblem(info, action: action) { throw problem }
        return descriptor
    }
    throw FileError(action: action, errno: Errno(EAGAIN), reason: "it was removed and made again 16 times while it was opened")
}
