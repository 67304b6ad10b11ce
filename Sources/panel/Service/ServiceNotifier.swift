import Glibc

/// Tells systemd about the service's state (READY=1, WATCHDOG=1, STOPPING=1, STATUS=…).
///
/// This is sd_notify(3)'s documented datagram protocol, written out here rather than
/// linked from libsystemd: one AF_UNIX SOCK_DGRAM datagram of "KEY=value" lines to the
/// socket named by $NOTIFY_SOCKET, a path, or an abstract name when it starts with '@'
/// (https://www.freedesktop.org/software/systemd/man/latest/sd_notify.html, "Notes", and
/// the protocol description in systemd's docs/NOTIFY.md). The protocol is stable and
/// tiny, and small kiosk images should not need libsystemd (and its libgcrypt, liblz4,
/// libzstd…) only to send three words. Without $NOTIFY_SOCKET every call does nothing.
struct ServiceNotifier {
    private let address: (address: sockaddr_un, length: socklen_t)?
    /// How often WATCHDOG=1 must be sent: half of WatchdogSec=, as sd_watchdog_enabled(3)
    /// advises; nil when systemd doesn't watch this process.
    let watchdogInterval: Double?

    init(environment: [String: String]) {
        var watchdog: Double?
        if let usec = environment["WATCHDOG_USEC"].flatMap({ UInt64($0) }), usec > 0,
           environment["WATCHDOG_PID"].map({ pid_t($0) == getpid() }) ?? true {
            watchdog = Double(usec) / 2_000_000
        }
        watchdogInterval = watchdog
        address = environment["NOTIFY_SOCKET"].flatMap(UnixAddress.make)
    }

    var isEnabled: Bool { address != nil }

    /// Sends `state` ("READY=1", "STATUS=showing 3 controls"); failures are ignored, as
    /// sd_notify's callers do: systemd not listening must not stop the panel. The socket is
    /// non-blocking: when the receiver's queue is full (net.unix.max_dgram_qlen datagrams
    /// unread) the datagram is dropped instead of the loop waiting, possibly for ever.
    func notify(_ state: String) {
        guard let address else { return }
        let fd = socket(AF_UNIX, CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue) | CInt(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return }
        defer { Glibc.close(fd) }
        let bytes = Array(state.utf8)
        _ = UnixAddress.with(address) { socketAddress, length in
            sendto(fd, bytes, bytes.count, CInt(MSG_NOSIGNAL), socketAddress, length)
        }
    }
}
