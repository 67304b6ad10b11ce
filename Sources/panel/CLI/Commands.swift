import Glibc
import PanelUI

/// Exit statuses: 0 done, 1 a failure at run time, 2 a mistake in the command line or an input file.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let badInput: Int32 = 2
}

/// A reason to stop with a message and a status.
struct CommandFailure: Error {
    var message: String
    var status: Int32
}

enum Commands {
    /// Dispatches `panel [COMMAND] FLAGS…`; returns the exit status.
    static func main(_ arguments: [String], console: Console = .standard) -> Int32 {
        let log = Log(write: console.err)
        var args = arguments[...]
        let command: String
        switch args.first {
        case "run", "check", "layout", "touches", "outputs", "bench": command = args.removeFirst()
        case "help", "--help", "-h":
            console.out(Help.main)
            return ExitStatus.success
        case let first? where !first.hasPrefix("-"):
            log.write("panel: unknown command '\(first)' (commands: run, check, layout, touches, outputs, bench; see panel --help)")
            return ExitStatus.badInput
        default: command = "run"
        }
        do {
            switch command {
            case "check": return try check(args, console: console)
            case "layout": return try layout(args, console: console)
            case "touches": return try touches(args, console: console)
            case "outputs": return try outputs(args, console: console)
            case "bench": return try bench(args, console: console, log: log)
            default: return try run(args, console: console, log: log)
            }
        } catch let error as UsageError {
            log.write(error.message.hasPrefix("panel") ? error.message : "panel \(command): \(error.message)")
            return ExitStatus.badInput
        } catch let failure as CommandFailure {
            log.write(failure.message)
            return failure.status
        } catch {
            log.write("panel \(command): \(error)")
            return ExitStatus.failure
        }
    }

    // MARK: check

    static func check(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        let flags = try Arguments(args, command: "check", valued: ["config"])
        if flags.wantsHelp { console.out(Help.check); return ExitStatus.success }
        guard let path = flags["config"] else {
            throw UsageError(message: "panel check: --config FILE is required")
        }
        let description = try loadDescription(path)
        _ = try loadImages(description, file: path)
        console.out("\(path): ok, \(description.controls.count) controls")
        return ExitStatus.success
    }

    // MARK: layout

    static func layout(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        let flags = try Arguments(args, command: "layout", valued: ["config", "display", "rotate"])
        if flags.wantsHelp { console.out(Help.layout); return ExitStatus.success }
        let description = try loadDescription(flags["config"])
        let screen = try headlessSize(flags["display"])
        let rotation = try flags.rotation(command: "layout") ?? description.rotation ?? .r0
        let logical = rotation.logicalSize(forScreen: screen)
        let layout = PanelLayout(description: description, logicalSize: logical)
        console.out(LayoutReport.json(layout, description: description, rotation: rotation))
        return ExitStatus.success
    }

    // MARK: touches

    static func touches(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        let flags = try Arguments(args, command: "touches", valued: ["input", "display", "rotate"])
        if flags.wantsHelp { console.out(Help.touches); return ExitStatus.success }
        guard let inputText = flags["input"] else {
            throw UsageError(message: "panel touches: --input replay:FILE is required")
        }
        guard case .replay(let path) = try InputSpec(parsing: inputText) else {
            throw UsageError(message: "panel touches: --input must be replay:FILE")
        }
        let screen = try headlessSize(flags["display"])
        let rotation = try flags.rotation(command: "touches") ?? .r0
        let replay = try Replay(path: path, screen: screen)
        let logical = rotation.logicalSize(forScreen: screen)
        for timed in replay.touches {
            console.out(TouchReport.json(timed.touch, rotation: rotation, logical: logical).serialized())
        }
        return ExitStatus.success
    }

    // MARK: outputs

    static func outputs(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        let flags = try Arguments(args, command: "outputs", valued: ["display"])
        if flags.wantsHelp { console.out(Help.outputs); return ExitStatus.success }
        var request = DRMRequest()
        if let text = flags["display"] {
            guard case .drm(let drm) = try DisplaySpec(parsing: text) else {
                throw UsageError(message: "panel outputs: --display must be drm[:DEVICE][,…]")
            }
            request = drm
        }
        let report = OutputsReport.text(request: request)
        console.out(report.text)
        return report.found ? ExitStatus.success : ExitStatus.failure
    }

    // MARK: run

    static func run(_ args: ArraySlice<String>, console: Console, log: Log) throws -> Int32 {
        let flags = try Arguments(args, command: "run", valued: ["config", "state", "display", "input", "rotate", "screenshot"],
                                  switches: ["hold"])
        if flags.wantsHelp { console.out(Help.run); return ExitStatus.success }
        let description = try loadDescription(flags["config"])
        let images = try loadImages(description, file: flags["config"] ?? DemoPanel.fileName)
        let givenSpec = try flags["display"].map { (text) throws(UsageError) in try DisplaySpec(parsing: text) }
        let input = try flags["input"].map { (text) throws(UsageError) in try InputSpec(parsing: text) } ?? .none
        let rotation = try flags.rotation(command: "run") ?? description.rotation ?? .r0
        guard let statePath = flags["state"] ?? StateStore.defaultPath(environment: environment()) else {
            throw UsageError(message: "panel run: no state file: give --state FILE (neither STATE_DIRECTORY, XDG_STATE_HOME nor HOME is set)")
        }
        // Read the recording before touching the display, so a bad one changes nothing.
        var replayPath: String?
        if case .replay(let path) = input {
            _ = try Replay(path: path, screen: DisplaySpec.defaultHeadlessSize)
            replayPath = path
        }
        // A signal must not kill a DRM panel before it has put the old screen back.
        TerminationSignals.block()
        let display = try openDisplay(givenSpec ?? automaticDisplay(log: log), log: log)
        defer { (display as? DRMDisplay)?.close() }
        let session = try PanelSession(description: description, images: images, rotation: rotation, display: display,
                                       store: StateStore(path: statePath), fonts: FontCache(),
                                       now: Int(time(nil)), log: log)
        try session.renderFullFrame(at: 0)

        if let replayPath {
            try session.play(try Replay(path: replayPath, screen: display.screenSize), shouldStop: { TerminationSignals.isPending })
        }
        if (replayPath == nil && flags["screenshot"] == nil) || flags.has("hold") {
            log.info(replayPath == nil
                ? "showing \(description.controls.count) controls; stop with SIGTERM or Ctrl-C"
                : "replay done, holding the last frame; stop with SIGTERM or Ctrl-C")
            try waitForTermination(session)
        }
        session.save(at: 0)  // the last try before exit: no retry follows, so its time doesn't matter
        if let path = flags["screenshot"] {
            try Screenshot.write(session.frame, rotation: rotation, to: path)
        }
        if replayPath != nil {
            console.out(session.savedDocument.serialized())
        }
        return ExitStatus.success
    }

    /// No `--display`: DRM when /dev/dri has a card, else an 800x480 screen in memory.
    static func automaticDisplay(log: Log) -> DisplaySpec {
        if DRMCard.devicePaths().isEmpty {
            log.info("display: no DRM device in /dev/dri; drawing headless at 800x480 (--display headless:WxH)")
            return .headless(DisplaySpec.defaultHeadlessSize)
        }
        log.info("display: DRM devices found; using --display drm")
        return .drm(DRMRequest())
    }

    static func openDisplay(_ spec: DisplaySpec, log: Log) throws(CommandFailure) -> any Display {
        switch spec {
        case .headless(let size):
            return HeadlessDisplay(size: size)
        case .drm(let request):
            do {
                return try DRMDisplay(request: request, log: log)
            } catch {
                throw CommandFailure(message: "panel: display: \(error)", status: ExitStatus.failure)
            }
        }
    }

    /// Shows the panel until SIGTERM or SIGINT, blanking it when `blank_after` says so and
    /// retrying a failed save (the event loop of a later change replaces this).
    static func waitForTermination(_ session: PanelSession) throws(DisplayError) {
        var clock = monotonicSeconds()
        let start = clock
        while true {
            let deadline = session.nextDeadline
            if TerminationSignals.wait(seconds: deadline.map { max(0, $0 - (clock - start)) }) { return }
            clock = monotonicSeconds()
            try session.idle(until: clock - start)
        }
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    // MARK: shared

    /// `layout` and `touches` compute for a screen size without opening a display.
    static func headlessSize(_ text: String?) throws(UsageError) -> Size {
        switch try text.map({ (t) throws(UsageError) in try DisplaySpec(parsing: t) }) ?? .headless(DisplaySpec.defaultHeadlessSize) {
        case .headless(let size): return size
        case .drm: throw UsageError(message: "--display must be headless:WxH here (the screen size to compute for)")
        }
    }

    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            entry += 1
        }
        return result
    }
}
