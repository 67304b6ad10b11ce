import Glibc

/// Why `openRegularFile` refused a path.
enum RegularFileRefusal: Error {
    /// open or fstat failed with this errno.
    case failed(CInt)
    /// Something is there that is not a regular file (its `st_mode`): a folder, a FIFO, a device.
    case notRegular(mode_t)

    /// "it is a folder, not a file", "it is not a regular file", or the errno's sentence.
    var reason: String {
        switch self {
        case .failed(let code): code == ENOENT ? "no such file" : String(cString: strerror(code))
        case .notRegular(let mode): mode & S_IFMT == S_IFDIR ? "it is a folder, not a file" : "it is not a regular file"
        }
    }
}

/// Opens `path` for reading if it is a regular file, and returns the descriptor (the caller
/// closes it) with its `fstat`. Opened non-blocking, so a FIFO named as a picture or a font is
/// refused at once instead of waiting for a writer, and close-on-exec.
func openRegularFile(_ path: String) throws(RegularFileRefusal) -> (fd: CInt, info: stat) {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw .failed(errno) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
        let code = errno
        close(fd)
        throw .failed(code)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
        close(fd)
        throw .notRegular(info.st_mode)
    }
    return (fd, info)
}
