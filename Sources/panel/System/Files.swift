import Glibc

/// A failed file operation: what was attempted, on which path, and the errno.
struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was attempted, path included: "read /etc/panel.yaml".
    var action: String
    var errno: Errno

    var description: String { "cannot \(action): \(errno)" }
}

/// The whole file as bytes.
func readFileBytes(_ path: String) throws(FileError) -> [UInt8] {
    do throws(Errno) {
        let file = try FileDescriptor(opening: path, flags: O_RDONLY)
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try file.read(into: chunk)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    } catch {
        throw FileError(action: "read \(path)", errno: error)
    }
}

/// The whole file as text; bytes that aren't UTF-8 are an error (EILSEQ), not silently replaced.
func readFile(_ path: String) throws(FileError) -> String {
    let bytes = try readFileBytes(path)
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
