import Glibc

/// An action's stderr, read on the loop without ever blocking it: passed on to panel's own
/// stderr (the journal) as it comes, so nothing an action says is lost, and its last line
/// kept for the reason of a failure ("exited with status 1 (stderr: no route to host)").
///
/// The pipe is read until its end, after the action exited too: a program the action left
/// running in the background may still write to it, and closing the pipe would kill it with
/// SIGPIPE. `ActionRunner` keeps a few such pipes and closes the oldest beyond that.
final class ActionOutput {
    private let fd: FileDescriptor
    private let loop: EventLoop
    /// Where what is read goes on: panel's stderr.
    private let passOnTo: CInt
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

    init(fd: consuming FileDescriptor, loop: EventLoop, passOnTo: CInt = STDERR_FILENO) throws(SystemCallError) {
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
        var buffer = [UInt8](repeating: 0, count: 4096)
        var total = 0
        while watch != nil, total < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd.rawValue, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return }
            guard count > 0 else { return close() }
            total += count
            passOn(buffer[..<count])
            for byte in buffer[..<count] { take(byte) }
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

    private func take(_ byte: UInt8) {
        if byte == UInt8(ascii: "\n") {
            if Self.hasText(current) { last = current }
            current.removeAll(keepingCapacity: true)
        } else if current.count < Self.longestLine {
            current.append(byte)
        }
    }

    private static func hasText(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 > 0x20 && $0 != 0x7F }
    }

    /// To panel's stderr, as the action would have written it; a full or closed stderr loses it.
    private func passOn(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let n = Glibc.write(passOnTo, raw.baseAddress! + written, raw.count - written)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return }
                written += n
            }
        }
    }
}
