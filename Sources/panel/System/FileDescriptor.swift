import Glibc

/// An open file descriptor that this value owns: it is closed exactly once, by `close()`
/// or when the value goes away. Non-copyable so two owners can't close it twice.
struct FileDescriptor: ~Copyable {
    let rawValue: CInt

    /// Opens `path`; `O_CLOEXEC` is always added so descriptors don't leak into child processes.
    init(opening path: String, flags: CInt, permissions: mode_t = 0) throws(Errno) {
        rawValue = try retryingInterrupts { open(path, flags | O_CLOEXEC, permissions) }
    }

    /// Takes ownership of a descriptor made by another call (signalfd, socket).
    init(adopting rawValue: CInt) {
        self.rawValue = rawValue
    }

    deinit {
        // Errors are unreportable here; callers that care (writers) call close() themselves.
        _ = Glibc.close(rawValue)
    }

    /// Closes now and reports a failure, which for written files can mean lost data (NFS, quotas).
    consuming func close() throws(Errno) {
        let fd = rawValue
        discard self
        // Not retried on EINTR: Linux has already released the descriptor.
        guard Glibc.close(fd) == -1 else { return }
        let error = Errno.current
        if error != .interrupted { throw error }
    }

    /// Reads up to `buffer.count` bytes; 0 means end of file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingInterrupts { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes all of `bytes`, continuing after short writes.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var written = 0
        while written < bytes.count {
            written += try retryingInterrupts { Glibc.write(rawValue, bytes.baseAddress! + written, bytes.count - written) }
        }
    }

    func writeAll(_ bytes: [UInt8]) throws(Errno) {
        // withUnsafeBytes only rethrows untyped errors; carry the Errno out in a Result.
        let result = bytes.withUnsafeBytes { (buffer) in Result { () throws(Errno) in try writeAll(buffer) } }
        try result.get()
    }

    /// Flushes the file's data and metadata to the disk.
    func sync() throws(Errno) {
        _ = try retryingInterrupts { fsync(rawValue) }
    }
}
