import Glibc

/// `panel-bench-cairo --serve` (built beside `panel`): the benchmark's scenes drawn by cairo in
/// a child process, so the product binary itself never links cairo. The scenes are prepared
/// once; `frameMs(scene:)` has the child draw one frame of one and reports its time, so
/// `panel bench` times cairo's frames between its own, in the same rounds (A B A B), and a
/// change in the machine's load hits both alike.
final class CairoBench {
    static let helperName = "panel-bench-cairo"

    private let child: BenchChild
    /// The write end of the pipe the child reads scene numbers from.
    private var commands: CInt

    /// Starts the helper for `scenes` (a description file, nil for the demo, a size "WxH" and a
    /// scale factor), numbered in that order; nil when the helper isn't there (a product-only build).
    init?(executable: String, scenes: [(path: String?, size: String, scale: Double)]) throws(CommandFailure) {
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let helper = "\(folder)/\(Self.helperName)"
        guard access(helper, X_OK) == 0 else { return nil }
        var ends: [CInt] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CommandFailure(message: "panel bench: pipe for \(helper): \(Errno.current)", status: ExitStatus.failure)
        }
        // The read end alone is inherited, and closed here right after the spawn (this process
        // has one thread: nothing else spawns meanwhile).
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var arguments = ["--serve", "\(ends[0])"]
        var current: String?
        var currentScale = 1.0
        for scene in scenes {
            if scene.path != current {
                arguments += ["--config", scene.path ?? "-"]
                current = scene.path
            }
            if scene.scale != currentScale {
                arguments += ["--scale", "\(scene.scale)"]
                currentScale = scene.scale
            }
            arguments.append(scene.size)
        }
        let started = Result { () throws(CommandFailure) in try BenchChild(path: helper, arguments: arguments, stream: STDOUT_FILENO) }
        close(ends[0])
        commands = ends[1]
        child = try started.get()
        guard child.readLine() == "ready \(scenes.count)" else {
            close(commands)
            child.waitForSuccess()
            throw CommandFailure(message: "panel bench: \(helper) could not prepare its scenes", status: ExitStatus.failure)
        }
    }

    deinit { finish() }

    /// Milliseconds of one cairo frame of scene `index`, timed inside the child.
    func frameMs(scene index: Int) throws(CommandFailure) -> Double {
        let line = Array("\(index)\n".utf8)
        let sent = line.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
        guard sent == line.count, let answer = child.readLine(), let ms = Double(answer) else {
            throw CommandFailure(message: "panel bench: \(Self.helperName) stopped answering", status: ExitStatus.failure)
        }
        return ms
    }

    /// Closes the command pipe, which ends the child, and waits for it.
    func finish() {
        guard commands >= 0 else { return }
        close(commands)
        commands = -1
        child.waitForSuccess()
    }
}
