import Glibc

/// A failed system call's error number, described for people: "read-only file system (errno 30, EROFS)".
struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    let rawValue: CInt

    init(_ rawValue: CInt) { self.rawValue = rawValue }

    /// The calling thread's `errno`; read it right after the failing call.
    static var current: Errno { Errno(errno) }

    static let interrupted = Errno(EINTR)

    /// The C macro name, or nil for numbers this table doesn't know.
    var name: String? {
        switch rawValue {
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EINTR: "EINTR"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case EBADF: "EBADF"
        case EAGAIN: "EAGAIN"
        case ENOMEM: "ENOMEM"
        case EACCES: "EACCES"
        case EBUSY: "EBUSY"
        case EEXIST: "EEXIST"
        case EXDEV: "EXDEV"
        case ENODEV: "ENODEV"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EINVAL: "EINVAL"
        case ENFILE: "ENFILE"
        case EMFILE: "EMFILE"
        case EFBIG: "EFBIG"
        case ENOSPC: "ENOSPC"
        case EROFS: "EROFS"
        case EPIPE: "EPIPE"
        case ENAMETOOLONG: "ENAMETOOLONG"
        case ELOOP: "ELOOP"
        case EILSEQ: "EILSEQ"
        case EDQUOT: "EDQUOT"
        case ECONNREFUSED: "ECONNREFUSED"
        case EADDRINUSE: "EADDRINUSE"
        default: nil
        }
    }

    /// `strerror`'s sentence, lower-cased to sit inside ours.
    var explanation: String {
        var buffer = [CChar](repeating: 0, count: 256)
        // The XSI strerror_r fills the buffer and is thread-safe, unlike strerror.
        guard strerror_r(rawValue, &buffer, buffer.count) == 0 else { return "unknown error" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    var description: String {
        "\(explanation) (errno \(rawValue)\(name.map { ", \($0)" } ?? ""))"
    }
}

/// Runs a system call returning -1 on failure, retrying when a signal interrupted it.
///
/// The one place EINTR is handled. Not for `close`: on Linux the descriptor is gone
/// even when close reports EINTR, and a retry could close someone else's new descriptor.
func retryingInterrupts<Result: FixedWidthInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
        let result = call()
        if result != -1 { return result }
        let error = Errno.current
        if error != .interrupted { throw error }
    }
}
