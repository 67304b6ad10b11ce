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
        case "run", "check", "layout", "touches": command = args.removeFirst()
        case "help", "--help", "-h":
            console.out(Help.main)
            return ExitStatus.success
        case let first? where !first.hasPrefix("-"):
            log.write("panel: unknown command '\(first)' (commands: run, check, layout, touches; see panel --help)")
            return ExitStatus.badInput
        default: command = "run"
        }
        do {
            switch command {
            case "check": return try check(args, console: console)
            case "layout": return try layout(args, console: console)
            case "touches": return try touches(args, console: console)
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

    // MARK: run

    static func run(_ args: ArraySlice<String>, console: Console, log: Log) throws -> Int32 {
        let flags = try Arguments(args, command: "run", valued: ["config", "state", "display", "input", "rotate", "screenshot"])
        if flags.wantsHelp { console.out(Help.run); return ExitStatus.success }
        let description = try loadDescription(flags["config"])
        let images = try loadImages(description, file: flags["config"] ?? DemoPanel.fileName)
        let screen = try headlessSize(flags["display"])
        let input = try flags["input"].map { (text) throws(UsageError) in try InputSpec(parsing: text) } ?? .none
        let rotation = try flags.rotation(command: "run") ?? description.rotation ?? .r0
        guard let statePath = flags["state"] ?? StateStore.defaultPath(environment: environment()) else {
            throw UsageError(message: "panel run: no state file: give --state FILE (neither STATE_DIRECTORY, XDG_STATE_HOME nor HOME is set)")
        }
        // Read the recording before touching the display, so a bad one changes nothing.
        var replay: Replay?
        if case .replay(let path) = input { replay = try Replay(path: path, screen: screen) }

        let display = HeadlessDisplay(size: screen)
        let session = try PanelSession(description: description, images: images, rotation: rotation, display: display,
                                       store: StateStore(path: statePath), fonts: FontCache(),
                                       now: Int(time(nil)), log: log)
        try session.renderFullFrame(at: 0)

        if let replay {
            try session.play(replay)
        } else if flags["screenshot"] == nil {
            log.info("showing \(description.controls.count) controls; stop with SIGTERM or Ctrl-C")
            waitForTerminationSignal()
        }
        session.save()
        if let path = flags["screenshot"] {
            try Screenshot.write(session.frame, rotation: rotation, to: path)
        }
        if replay != nil {
            console.out(session.savedDocument.serialized())
        }
        return ExitStatus.success
    }

    // MARK: shared

    static func headlessSize(_ text: String?) throws(UsageError) -> Size {
        switch try text.map({ (t) throws(UsageError) in try DisplaySpec(parsing: t) }) ?? .headless(DisplaySpec.defaultHeadlessSize) {
        case .headless(let size): return size
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

    /// Blocks until SIGTERM or SIGINT (the event loop of a later change replaces this).
    static func waitForTerminationSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        var received: Int32 = 0
        sigwait(&signals, &received)
    }
}
