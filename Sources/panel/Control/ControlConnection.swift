import Glibc

/// One client of the control socket: the bytes it sent that don't make a line yet, and
/// the replies it hasn't read. The queue is bounded: a client that stops reading is
/// dropped once `maxQueued` bytes wait, so it can never hold the panel up.
final class ControlConnection {
    let socket: FileDescriptor
    let number: Int
    var watch: EventLoop.Watch?
    /// Sent `{"cmd": "subscribe"}`: gets a line per value change.
    var isSubscribed = false
    private var inbound: [UInt8] = []
    private var outbound: [UInt8] = []
    private var sent = 0

    /// Replies (and change lines) that may wait for a client before it is dropped.
    static let maxQueued = 256 * 1024
    /// A longer request line is refused and the connection closed (no valid request is near this).
    static let maxLine = 64 * 1024

    init(socket: consuming FileDescriptor, number: Int) {
        self.socket = socket
        self.number = number
    }

    enum ReadResult {
        case lines([[UInt8]])
        case closed
        case lineTooLong
    }

    /// Reads what is waiting (non-blocking) and returns the complete lines.
    func readLines() -> ReadResult {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(socket.rawValue, $0.baseAddress, $0.count) }
            if count > 0 {
                inbound += chunk[..<count]
                if inbound.count > Self.maxLine && !inbound.contains(UInt8(ascii: "\n")) { return .lineTooLong }
                continue
            }
            if count == 0 { return .closed }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { break }
            return .closed
        }
        var lines: [[UInt8]] = []
        while let newline = inbound.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(Array(inbound[..<newline]))
            inbound.removeSubrange(...newline)
        }
        return .lines(lines)
    }

    /// Queues a line; false when the client is too far behind and must be dropped.
    func enqueue(_ line: String) -> Bool {
        outbound += line.utf8
        outbound.append(UInt8(ascii: "\n"))
        return outbound.count - sent <= Self.maxQueued
    }

    var hasPendingOutput: Bool { sent < outbound.count }

    /// Writes as much as the socket takes now; false when the client has gone.
    func flush() -> Bool {
        while sent < outbound.count {
            let count = outbound.withUnsafeBytes { raw in
                send(socket.rawValue, raw.baseAddress! + sent, raw.count - sent, CInt(MSG_NOSIGNAL))
            }
            if count > 0 { sent += count; continue }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            return false
        }
        if sent == outbound.count {
            outbound.removeAll(keepingCapacity: true)
            sent = 0
        }
        return true
    }
}
