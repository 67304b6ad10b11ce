import Glibc

/// Start-up as a person would see it: a fresh `panel run --display headless:WxH` process,
/// from just before it is spawned to the log line it writes once the first frame has been
/// presented; and its peak RSS (VmHWM) read at that moment, which is the product's peak at that size.
struct StartupFigures {
    var firstFrameMs: Double
    var peakRSSBytes: Double
}

enum StartupBench {
    /// `run` logs this right after the first frame is presented (Commands.run).
    static let firstFrameLine = "panel: showing "

    /// `config`: the description file (nil: the bundled demo).
    static func measure(executable: String, size: String, config: String? = nil, repeats: Int) throws -> StartupFigures {
        let folder = try BenchFolder()
        var times: [Double] = [], peaks: [Double] = []
        let arguments = ["run", "--display", "headless:\(size)", "--state", "\(folder.path)/state.json", "--input", "none"]
            + (config.map { ["--config", $0] } ?? [])
        for _ in 0..<repeats {
            let start = Stopwatch.nanoseconds()
            let child = try BenchChild(path: executable, arguments: arguments, stream: STDERR_FILENO)
            var shown = false
            while let line = child.readLine() {
                if line.hasPrefix(firstFrameLine) { shown = true; break }
            }
            let elapsed = Double(Stopwatch.nanoseconds() - start) / 1e6
            let peak = peakRSSKilobytes(pid: child.pid)
            kill(child.pid, SIGTERM)
            child.waitForSuccess()
            guard shown, let peak else {
                throw CommandFailure(message: "panel bench: \(executable) run did not show a first frame", status: ExitStatus.failure)
            }
            times.append(elapsed)
            peaks.append(Double(peak) * 1024)
        }
        return StartupFigures(firstFrameMs: Stopwatch.median(times), peakRSSBytes: peaks.max() ?? .nan)
    }

    /// VmHWM of a running process, in kB.
    static func peakRSSKilobytes(pid: pid_t) -> Int? {
        guard let status = try? readFile("/proc/\(pid)/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).filter { $0.isNumber })
        }
        return nil
    }
}

/// A scratch folder for the benchmark's state files, removed afterwards.
final class BenchFolder {
    let path: String

    init() throws(CommandFailure) {
        var template = Array("/tmp/panel-bench-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CommandFailure(message: "panel bench: mkdtemp: \(Errno.current)", status: ExitStatus.failure)
        }
        path = String(cString: created)
    }

    deinit {
        for name in folderEntries(path) { unlink("\(path)/\(name)") }
        rmdir(path)
    }
}
