import Glibc
import PanelUI

/// Which new control-socket clients the panel takes, so that clients can never use up
/// the descriptors that saves, actions and the display need.
///
/// A client is taken while its descriptor's number is below the process's limit
/// (RLIMIT_NOFILE) less `reserved`: Linux hands out the lowest free number, so a higher
/// one means fewer than `reserved` are free. Others get one error line and are closed.
/// When accept itself fails for lack of descriptors (EMFILE, ENFILE: something else used
/// them), a spare descriptor kept open on /dev/null is given up for a moment to accept the
/// client and refuse it the same way, so the listener never stays readable with no one
/// taking its clients (which would spin the loop). The log says it once per episode, and
/// how many were refused when clients are taken again.
struct ClientAdmission: ~Copyable {
    /// Descriptors kept free for everything but clients.
    let reserved: Int
    /// The soft descriptor limit.
    let limit: Int
    private var spare: FileDescriptor?
    /// Clients refused since the last one taken; nil while all are taken.
    private var refusedSince: Int?

    init() {
        var limits = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits)
        let soft = Int(clamping: min(limits.rlim_cur, rlim_t(CInt.max)))
        limit = soft
        reserved = min(64, max(8, soft / 4))
        spare = Self.openSpare()
    }

    private static func openSpare() -> FileDescriptor? {
        try? FileDescriptor(opening: "/dev/null", flags: O_RDONLY)
    }

    /// Whether to take the client just accepted on `fd`.
    func admits(_ fd: CInt) -> Bool { Int(fd) < limit - reserved }

    /// Tells the client it can't be served and closes it (its socket is new and empty, so
    /// the short line always fits).
    mutating func refuse(_ client: consuming FileDescriptor, log: Log) {
        let line = JSONValue.object([("error", .string(
            "too many clients: panel keeps \(reserved) of its \(limit) descriptors for saves and actions; try again later"))])
            .serialized() + "\n"
        _ = Array(line.utf8).withUnsafeBytes { send(client.rawValue, $0.baseAddress, $0.count, CInt(MSG_NOSIGNAL)) }
        noteRefusal(log: log, reason: "fewer than \(reserved) of its \(limit) descriptors would be left (raise LimitNOFILE=)")
    }

    /// accept failed with EMFILE or ENFILE: gives up the spare descriptor to accept one
    /// client and refuse it, then opens the spare again. False when that can't be done (no
    /// spare, or still no descriptor): the listener must wait until one is freed.
    mutating func refuseWithSpare(listener: CInt, log: Log) -> Bool {
        guard hasSpare else { return false }
        spare = nil
        let fd = accept(listener, nil, nil)
        let failure = errno
        if fd >= 0 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            refuse(FileDescriptor(owning: fd), log: log)
        }
        spare = Self.openSpare()
        return hasSpare && (fd >= 0 || failure == EAGAIN || failure == EWOULDBLOCK)
    }

    private var hasSpare: Bool {
        switch spare {
        case .some: true
        case .none: false
        }
    }

    /// A client was taken: ends an episode of refusals, logging how many there were.
    mutating func admitted(log: Log) {
        guard let refused = refusedSince else { return }
        refusedSince = nil
        log.info("control socket: taking clients again; refused \(refused) while descriptors were short")
    }

    private mutating func noteRefusal(log: Log, reason: String) {
        if refusedSince == nil {
            log.warning("control socket: refusing new clients: \(reason); each gets an error line")
        }
        refusedSince = (refusedSince ?? 0) + 1
    }
}
