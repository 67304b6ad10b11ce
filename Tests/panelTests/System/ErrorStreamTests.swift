import CLinux
import Glibc
import Testing
@testable import panel

/// panel's stderr made non-blocking, on a pipe nobody reads: writes return at once, 64 KiB
/// waits, the rest is dropped and counted (log lines whole), and once the pipe is read again
/// what waited goes out followed by one warning with the count.
struct ErrorStreamTests {
    /// A pipe whose write end the stream writes; the test holds the read end and reads it only when it says so.
    final class Pipe {
        let read: CInt
        let write: CInt

        init() {
            var ends: [CInt] = [-1, -1]
            precondition(pipe(&ends) == 0)
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            (read, write) = (ends[0], ends[1])
            _ = fcntl(read, F_SETFL, O_NONBLOCK)
        }

        deinit {
            close(read)
            close(write)
        }

        /// Bytes in the pipe now (FIONREAD).
        var held: Int {
            var count: CInt = 0
            _ = ioctl(read, UInt(FIONREAD), &count)
            return Int(count)
        }

        /// Everything in the pipe now.
        func drain() -> [UInt8] {
            var all: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while case let count = Glibc.read(read, &chunk, chunk.count), count > 0 { all += chunk[..<count] }
            return all
        }
    }

    @Test func aStalledPipeNeverBlocksAndTheLossIsCounted() throws {
        let pipe = Pipe()
        // Room for what waits, the note and a line once it is read (F_SETPIPE_SZ, 1 MiB).
        try #require(fcntl(pipe.write, 1031, CInt(1 << 20)) >= 0)
        let stream = ErrorStream(fd: pipe.write)
        stream.makeNonBlocking(loop: nil)
        // 4 MiB of an action's output and then a log line: a blocking write would never return.
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
        for _ in 0..<64 { chunk.withUnsafeBytes { stream.pass($0) } }
        let line = "panel: a line written while stderr is full"
        stream.writeLine(line)
        let inPipe = pipe.held
        #expect(inPipe > 0 && stream.waitingBytes == ErrorStream.capacity, "the pipe took \(inPipe), \(stream.waitingBytes) wait")
        let expectedDrop = 64 * 65536 - inPipe - ErrorStream.capacity + line.utf8.count + 1
        #expect(stream.droppedSoFar == expectedDrop)
        #expect(fcntl(pipe.write, F_GETFL) & O_NONBLOCK == 0, "the shared description is untouched (its own is non-blocking)")

        // Read again: the next line first lets out what waited, then the note, then itself.
        var read = pipe.drain()
        stream.writeLine("panel: back")
        read += pipe.drain()
        let text = String(decoding: read.filter { $0 != UInt8(ascii: "x") }, as: UTF8.self)
        #expect(read.count(where: { $0 == UInt8(ascii: "x") }) == inPipe + ErrorStream.capacity, "every byte kept came out")
        #expect(text.contains("panel: warning: stderr took no more output for "), "\(text)")
        #expect(text.contains("dropped \(expectedDrop) bytes of actions' output and log lines (1 of panel's log lines among them)"), "\(text)")
        #expect(text.hasSuffix("panel: back\n"), "\(text)")
        #expect(!text.contains("while stderr is full"), "the line that did not fit was dropped whole")
        #expect(stream.droppedSoFar == 0 && stream.waitingBytes == 0)
    }

    /// With the loop, what waited goes out when the pipe has room, without another write.
    @Test func theLoopLetsOutWhatWaitedWhenThePipeIsRead() throws {
        let pipe = Pipe()
        let loop = try EventLoop(clock: MonotonicClock())
        let stream = ErrorStream(fd: pipe.write)
        stream.makeNonBlocking(loop: loop)
        defer { stream.detach() }
        let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 65536)
        for _ in 0..<4 { chunk.withUnsafeBytes { stream.pass($0) } }
        #expect(stream.waitingBytes == ErrorStream.capacity && stream.droppedSoFar > 0)
        try loop.runOnce(timeout: 0)
        #expect(stream.waitingBytes == ErrorStream.capacity, "nothing goes while the pipe is full")
        var read = pipe.drain()
        let deadline = MonotonicClock.monotonicSeconds() + 10
        while stream.waitingBytes > 0 || stream.droppedSoFar > 0, MonotonicClock.monotonicSeconds() < deadline {
            try loop.runOnce(timeout: 1)
            read += pipe.drain()
        }
        read += pipe.drain()
        #expect(stream.waitingBytes == 0)
        #expect(String(decoding: read.filter { $0 != UInt8(ascii: "y") }, as: UTF8.self).contains("dropped "), "the note came out")
    }

    /// A socket (the journal's stream) is written with MSG_DONTWAIT: its description stays blocking for others.
    @Test func aSocketIsNotMadeNonBlockingForOthers() throws {
        var ends: [CInt] = [-1, -1]
        try #require(socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        let stream = ErrorStream(fd: ends[1])
        stream.makeNonBlocking(loop: nil)
        let chunk = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<64 { chunk.withUnsafeBytes { stream.pass($0) } }
        #expect(stream.droppedSoFar > 0, "a full socket drops instead of waiting")
        #expect(fcntl(ends[1], F_GETFL) & O_NONBLOCK == 0, "the shared description is untouched")
    }
}
