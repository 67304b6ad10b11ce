import Glibc

/// A program the benchmark starts and reads line by line: the release binary for start-up,
/// the cairo helper for its figures. Spawned like actions are (ChildProcess), with the
/// stream it reports on piped back here.
final class BenchChild {
    let process: ChildProcess
    private var pending: [UInt8] = []

    init(path: String, arguments: [String], stream: CInt) throws(CommandFailure) {
        let environment = Commands.environment().map { "\($0.key)=\($0.value)" }
        do {
            process = try ChildProcess(argv: [path] + arguments, environment: environment, output: .pipe(stream: stream))
        } catch {
            throw CommandFailure(message: "panel bench: \(error)", status: ExitStatus.failure)
        }
    }

    var pid: pid_t { process.pid }

    /// The next line the child writes, or nil when it closed the stream.
    func readLine() -> String? {
        guard let fd = process.output else { return nil }
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            guard let count = try? retryingInterrupts({ read(fd, &chunk, chunk.count) }), count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }

    /// Waits for the child to end; true when it exited with status 0.
    @discardableResult
    func waitForSuccess() -> Bool {
        process.waitForExit() == .exited(0)
    }
}

/// The running program's own executable, for starting the release binary again.
func currentExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
