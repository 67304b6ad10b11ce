import Glibc

/// One client of the control socket: the start of a request line still coming in, and
/// the lines it hasn't read yet (`ReplyQueue`).
///
/// Bounded both ways, whatever the client does. Each wake-up reads at most `readPerWake`
/// bytes and answers at most `requestsPerWake` requests from it, in time linear in the
/// bytes; what is left stays in the socket, whose readiness (epoll is level-triggered)
/// brings the loop back after it has served the others, signals and the frame. A request
/// line may be `maxLine` bytes long; the bytes of a longer one are never kept. Requests
/// are read only while fewer than `maxQueued` bytes of replies wait, so a client that
/// sends without reading is simply served at the pace it reads. Change lines waiting behind
/// a held reply are not the client's doing: they count against `maxWaitingChanges`, not as
/// not reading.
final class ControlConnection {
    let socket: FileDescriptor
    let number: Int
    var watch: EventLoop.Watch?
    /// The events the watch asks for now.
    var watchedEvents: UInt32 = 0
    /// Sent `{"cmd": "subscribe"}`: gets a line per value change.
    var isSubscribed = false
    /// The client sent end-of-file: no more requests come; the connection ends once the
    /// replies to those it sent are out.
    private(set) var inputEnded = false
    /// The client closed both ways: nothing more can be sent. One wake-up's share of its
    /// requests still in the socket is carried out (a `set` piped in by a client that left
    /// at once still happens), then it is dropped.
    private(set) var peerGone = false
    /// The bytes of a request line whose newline hasn't come yet.
    private var partial: [UInt8] = []
    private var output = ReplyQueue()

    /// Replies (and change lines) that may wait for a client: beyond it no request is read
    /// from it, and a subscriber whose lines that could be sent pile up beyond it is
    /// dropped (it is not reading).
    static let maxQueued = 256 * 1024
    /// Change lines that may wait behind a held reply (one line per control, and per press,
    /// once lines of the same control replace each other): beyond it the subscriber is
    /// dropped, so that a reply held for minutes can't make the panel grow without bound.
    static let maxWaitingChanges = 4 * 1024 * 1024
    /// Replies that may wait for their sets (their saves or actions) before no more
    /// requests are read: a client pipelining sets of a slow action waits, it doesn't pile up.
    static let maxHeld = 256
    /// A longer request line is refused and the connection closed (no valid request is near this).
    static let maxLine = 64 * 1024
    static let readPerWake = 64 * 1024
    static let requestsPerWake = 64

    init(socket: consuming FileDescriptor, number: Int) {
        self.socket = socket
        self.number = number
    }

    // MARK: requests

    /// More requests may be read now: fewer than `maxQueued` bytes and `maxHeld` replies wait.
    var wantsRequests: Bool {
        !inputEnded && (peerGone || (output.unsentBytes < Self.maxQueued && output.heldCount < Self.maxHeld))
    }

    /// Nothing more will happen on this connection: its input ended and its replies are
    /// out (or can't be sent).
    var isFinished: Bool { inputEnded && (peerGone || output.isEmpty) }

    enum ReadResult {
        /// Read what was there (or the budget); more may come.
        case more
        /// End of file: the last requests have been handled.
        case ended
        case lineTooLong
        case failed
    }

    /// Hands this wake-up's share of complete request lines to `handle` (blank lines are
    /// skipped), which returns false to stop; bytes past the last line handled stay in the
    /// socket. Looks at the socket's bytes with MSG_PEEK, then takes exactly those used.
    func readRequests(scratch: inout [UInt8], _ handle: (_ line: [UInt8]) -> Bool) -> ReadResult {
        if scratch.count < Self.readPerWake { scratch = [UInt8](repeating: 0, count: Self.readPerWake) }
        let count = scratch.withUnsafeMutableBytes { buffer in
            try? retryingInterrupts { recv(socket.rawValue, buffer.baseAddress, Self.readPerWake, CInt(MSG_PEEK)) }
        }
        guard let count else { return errno == EAGAIN || errno == EWOULDBLOCK ? .more : .failed }
        if count == 0 {
            inputEnded = true
            // A last request without its newline is still a request.
            if !partial.isEmpty, !Self.isBlank(partial[...]) { _ = handle(partial) }
            partial = []
            return .ended
        }
        var used = 0
        var stopped = false
        var tooLong = false
        scratch.withUnsafeBytes { bytes in
            let base = bytes.baseAddress!
            let newline = UInt8(ascii: "\n")
            while used < count {
                // Empty lines one after another (a flood of them) are skipped byte by byte:
                // memchr's call costs more than a byte's compare.
                if partial.isEmpty, bytes[used] == newline {
                    used += 1
                    continue
                }
                guard let found = memchr(base + used, CInt(newline), count - used) else { break }
                let end = base.distance(to: UnsafeRawPointer(found))
                if partial.count + end - used > Self.maxLine { tooLong = true; return }
                let piece = UnsafeRawBufferPointer(start: base + used, count: end - used)
                used = end + 1
                let line: [UInt8]
                if partial.isEmpty {
                    line = Array(piece)
                } else {
                    partial += piece
                    line = partial
                    partial = []
                }
                if !Self.isBlank(line[...]) && !handle(line) { stopped = true; return }
            }
            guard !stopped else { return }
            // No newline in the rest: the start of the next line.
            if partial.count + count - used > Self.maxLine { tooLong = true; return }
            partial += UnsafeRawBufferPointer(start: base + used, count: count - used)
            used = count
        }
        guard !tooLong else { return .lineTooLong }
        return discard(used, scratch: &scratch) ? .more : .failed
    }

    /// Takes `count` bytes already looked at out of the socket.
    private func discard(_ count: Int, scratch: inout [UInt8]) -> Bool {
        var left = count
        while left > 0 {
            let taken = scratch.withUnsafeMutableBytes { buffer in
                try? retryingInterrupts { recv(socket.rawValue, buffer.baseAddress, left, 0) }
            }
            guard let taken, taken > 0 else { return false }
            left -= taken
        }
        return true
    }

    /// Empty, or only spaces, tabs and carriage returns: no request, no reply.
    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    // MARK: replies

    /// Keeps the place of the reply to a request being handled.
    func reserveReply() -> Int { output.reserve() }

    func fillReply(_ ticket: Int, with line: String) { output.fill(ticket, with: line) }

    /// Queues a change line (sent after any reply still held before it, where a newer line
    /// of the same `key` replaces it: see `ReplyQueue`).
    func enqueue(_ line: String, key: String? = nil) { output.append(line, key: key) }

    /// Bytes that could be sent piled up behind the line being written (`ReplyQueue.readyBacklog`).
    var backlog: Int { output.readyBacklog }

    /// Bytes of change lines waiting behind a held reply.
    var waitingChanges: Int { output.waitingChangeBytes }

    /// Lines are waiting that can be written now.
    var canSend: Bool { !peerGone && output.canSend }

    /// The client closed its end entirely: forget what was queued for it.
    func peerClosed() {
        peerGone = true
        output.removeAll()
    }

    /// Writes as much as the socket takes now; false when the client has gone.
    func flush() -> Bool {
        guard !peerGone else { return true }
        return output.send { bytes in
            while true {
                let count = send(socket.rawValue, bytes.baseAddress, bytes.count, CInt(MSG_NOSIGNAL))
                if count >= 0 { return count }
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
            }
        }
    }
}
