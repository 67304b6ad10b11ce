import Glibc

/// An action's stderr, read on the loop without ever blocking it: passed on to panel's own
/// stderr (the journal) as it comes, and its last line kept for the reason of a failure
/// ("exited with status 1 (stderr: no route to host)"). Passing on never waits either: while
/// panel's stderr takes nothing, `ErrorStream` keeps 64 KiB and drops and counts the rest, so
/// an action can write any amount and the loop goes on (and the action doesn't wait for it).
///
/// The pipe is read until its end, after the action exited too: a program the action left
/// running in the background may still write to it, and closing the pipe would kill it with
/// SIGPIPE. `ActionRunner` keeps a few such pipes and closes the oldest beyond that.
final class ActionOutput {
    private let fd: FileDescriptor
    private let loop: EventLoop
    /// Where what is read goes on: panel's stderr.
    private let passOnTo: ErrorStream
    private var watch: EventLoop.Watch?
    /// The line being read (its first `longestLine` bytes) and the last complete one that had text.
    private var current: [UInt8] = []
    private var last: [UInt8] = []
    /// Told once, when the pipe ends (every writer closed it) or `close()` is called.
    var ended: () -> Void = {}

    /// Bytes of a line kept; a longer line is cut there.
    static let longestLine = 512
    /// Bytes read in one wake-up, so a flood of output can't hold the loop.
    static let chunk = 64 * 1024

    init(fd: consuming FileDescriptor, loop: EventLoop, passOnTo: ErrorStream = .standard) throws(SystemCallError) {
        let flags = fcntl(fd.rawValue, F_GETFL)
        _ = fcntl(fd.rawValue, F_SETFL, flags | O_NONBLOCK)
        let raw = fd.rawValue
        self.fd = fd
        self.loop = loop
        self.passOnTo = passOnTo
        watch = try loop.watch(raw) { [unowned self] _ in readAvailable(limit: Self.chunk) }
    }

    var isOpen: Bool { watch != nil }

    /// Reads what the pipe holds now, up to `limit` bytes, passing it on and keeping its lines.
    func readAvailable(limit: Int) {
        var buffer = [UInt8](repeating: 0, count: min(limit, Self.chunk))
        var total = 0
        while watch != nil, total < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd.rawValue, $0.baseAddress, min($0.count, limit - total)) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return }
            guard count > 0 else { return close() }
            total += count
            buffer.withUnsafeBytes { raw in
                let read = UnsafeRawBufferPointer(rebasing: raw[..<count])
                passOnTo.pass(read)
                take(read)
            }
        }
    }

    /// Stops reading; the pipe closes with this object.
    func close() {
        guard let watch else { return }
        loop.unwatch(watch)
        self.watch = nil
        ended()
    }

    /// The last line with text the action wrote to stderr: control characters dropped, spaces
    /// trimmed, at most 200 characters; nil when it wrote none.
    var lastLine: String? {
        let bytes = Self.hasText(current) ? current : last
        guard Self.hasText(bytes) else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        text.unicodeScalars.removeAll { $0.value < 0x20 || $0.value == 0x7F }
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text.count > 200 ? String(text.prefix(199)) + "\u{2026}" : text
    }

    /// Keeps the lines of `bytes`: newlines are found with memchr and of a long line only its
    /// first `longestLine` bytes are copied, so a flood of 100 MB without a newline costs a
    /// memchr per chunk, not a step per byte.
    private func take(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let found = memchr(base + offset, CInt(UInt8(ascii: "\n")), bytes.count - offset)
            let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
            let room = Self.longestLine - current.count
            if room > 0 { current += UnsafeRawBufferPointer(rebasing: bytes[offset..<min(end, offset + room)]) }
            guard found != nil else { return }
            if Self.hasText(current) { last = current }
            current.removeAll(keepingCapacity: true)
            offset = end + 1
        }
    }

    private static func hasText(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 > 0x20 && $0 != 0x7F }
    }
}
