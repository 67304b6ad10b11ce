import Glibc

/// A failed file operation: what was attempted, on which path, and the errno (or, for a
/// file that is there but unfit, like a FIFO or one too large, the reason in words).
struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was attempted, path included: "read /etc/panel.yaml".
    var action: String
    var errno: Errno
    /// Replaces the errno's sentence when the file itself is the problem.
    var reason: String? = nil

    var description: String { "cannot \(action): \(reason ?? errno.description)" }
}

/// How much of a file a reader accepts, and whether the last path component may be a link.
struct ReadLimits: Sendable {
    /// Bytes; a larger file is refused (EFBIG) before it is read.
    var maxBytes: Int
    /// false: a symbolic link at the path is refused (ELOOP) instead of followed.
    var followLinks = true
    /// true: only a file with one name owned by this process's user is read (`ownedFileProblem`),
    /// for a file in a folder others may write.
    var ownedOnly = false

    /// Files a person names on the command line or in a description (16 MiB).
    static let `default` = ReadLimits(maxBytes: 16 << 20)
}

/// A file read from start to end in pieces, with `readFileBytes`'s checks: only a regular
/// file is opened (non-blocking, so a FIFO can't hang the open), a FIFO, a device
/// (`/dev/zero`), a socket or a folder is refused with a sentence saying what it is, and a
/// file over `limits.maxBytes` is refused before it is read, or when it grows past it.
/// For files read as they are parsed (recordings), where holding them whole would cost
/// their size in memory.
final class FileReader {
    let path: String
    let limits: ReadLimits
    /// Bytes at open (what fstat said).
    let size: Int
    private let file: FileDescriptor
    private var total = 0

    init(_ path: String, limits: ReadLimits = .default) throws(FileError) {
        self.path = path
        self.limits = limits
        let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | (limits.followLinks ? 0 : O_NOFOLLOW)
        do throws(Errno) { file = try FileDescriptor(opening: path, flags: flags) } catch {
            throw Self.failure(error, path, limits)
        }
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw Self.failure(Errno.current, path, limits) }
        if let kind = fileKindName(info.st_mode) {
            throw FileError(action: "read \(path)", errno: Errno(EINVAL), reason: "it is \(kind), not a regular file")
        }
        if limits.ownedOnly, let problem = ownedFileProblem(info, action: "read \(path)") { throw problem }
        if Int(info.st_size) > limits.maxBytes {
            throw FileError(action: "read \(path)", errno: Errno(EFBIG),
                            reason: "it is \(sizeText(Int(info.st_size), beside: limits.maxBytes)), more than the \(sizeText(limits.maxBytes)) allowed")
        }
        size = Int(info.st_size)
    }

    /// Reads the next bytes into `buffer`; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        let count: Int
        do throws(Errno) { count = try file.read(into: buffer) } catch { throw Self.failure(error, path, limits) }
        total += count
        // A file growing while it is read (or one in /proc, whose size says 0) is still bounded.
        guard total <= limits.maxBytes else {
            throw FileError(action: "read \(path)", errno: Errno(EFBIG), reason: "it is more than the \(sizeText(limits.maxBytes)) allowed")
        }
        return count
    }

    private static func failure(_ error: Errno, _ path: String, _ limits: ReadLimits) -> FileError {
        guard error == Errno(ELOOP), !limits.followLinks else { return FileError(action: "read \(path)", errno: error) }
        return FileError(action: "read \(path)", errno: error, reason: "it is a symbolic link, which is not followed here")
    }
}

/// The whole file as bytes, read through `FileReader` (regular files only, bounded by
/// `limits.maxBytes`), so no path can hang or exhaust the process.
func readFileBytes(_ path: String, limits: ReadLimits = .default) throws(FileError) -> [UInt8] {
    let reader = try FileReader(path, limits: limits)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(reader.size)
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
    defer { chunk.deallocate() }
    while true {
        let count = try reader.read(into: chunk)
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk[..<count])
    }
}

/// "a folder", "a FIFO"…; nil for a regular file.
func fileKindName(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
}

/// Bytes for people: "512 bytes", "64 KiB", "8 MiB", "1.5 MiB". With `beside`, a size that
/// would read the same as that limit is given in bytes, so "8 MiB, more than 8 MiB" can't happen.
func sizeText(_ bytes: Int, beside limit: Int? = nil) -> String {
    if bytes < 1024 { return "\(bytes) bytes" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
    let rounded = (value * 10).rounded() / 10
    let text = rounded == rounded.rounded() ? "\(Int(rounded)) \(units[unit])" : "\(rounded) \(units[unit])"
    if let limit, limit != bytes, text == sizeText(limit) { return "\(bytes) bytes" }
    return text
}

/// The whole file as text; bytes that aren't UTF-8 are an error (EILSEQ), not silently replaced.
func readFile(_ path: String, limits: ReadLimits = .default) throws(FileError) -> String {
    let bytes = try readFileBytes(path, limits: limits)
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw FileError(action: "read \(path) as UTF-8 text", errno: Errno(EILSEQ))
    }
    return text
}

/// Whether anything (a file, folder, or even a dangling symbolic link) is at `path`.
func pathExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}

/// Renames `source` to `destination`, replacing it atomically if it exists.
func renameFile(_ source: String, to destination: String) throws(FileError) {
    do throws(Errno) {
        _ = try retryingInterrupts { rename(source, destination) }
    } catch {
        throw FileError(action: "rename \(source) to \(destination)", errno: error)
    }
}

/// Removes a file; removing one that is already gone is not an error.
func removeFile(_ path: String) throws(FileError) {
    do throws(Errno) {
        _ = try retryingInterrupts { unlink(path) }
    } catch where error == Errno(ENOENT) {
        return
    } catch {
        throw FileError(action: "remove \(path)", errno: error)
    }
}

/// Creates `path` and any missing parent folders, like `mkdir -p`.
func createFolders(_ path: String, permissions: mode_t = 0o755) throws(FileError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
        prefix += component
        do throws(Errno) {
            _ = try retryingInterrupts { mkdir(prefix, permissions) }
        } catch where error == Errno(EEXIST) {
            // Already there; if it is a file rather than a folder, the next step reports ENOTDIR.
        } catch {
            throw FileError(action: "create folder \(prefix)", errno: error)
        }
        prefix += "/"
    }
}

/// Makes a rename or file creation inside `folder` survive a power cut.
func syncFolder(_ folder: String) throws(FileError) {
    do throws(Errno) {
        let directory = try FileDescriptor(opening: folder, flags: O_RDONLY | O_DIRECTORY)
        try directory.sync()
        try directory.close()
    } catch {
        throw FileError(action: "flush folder \(folder)", errno: error)
    }
}

/// The folder part of `path`: "/var/lib/panel" for "/var/lib/panel/state.json".
func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The names in `folder`, without `.` and `..`; an unreadable folder gives none.
func folderEntries(_ folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
