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
