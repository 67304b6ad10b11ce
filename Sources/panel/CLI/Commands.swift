import Glibc
import PanelUI

/// Exit statuses: 0 done, 1 a failure at run time, 2 a mistake in the command line or an input file
/// (3: `panel calibrate` timed out, `ExitStatus.timedOut`).
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let badInput: Int32 = 2
}

/// A reason to stop with a message and a status.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var status: Int32

    /// The message alone: a reload's failure goes into the log as the sentence it is.
    var description: String { message }
}

enum Commands {
    /// Dispatches `panel [COMMAND] FLAGS…`; returns the exit status.
    static func main(_ arguments: [String], console: Console = .standard) -> Int32 {
        let log = Log(write: console.err, journalPriorities: Log.stderrIsJournal(environment: environment()))
        var args = arguments[...]
        let command: String
        switch args.first {
        case "run", "check", "layout", "touches", "calibrate", "outputs", "ctl", "bench": command = args.removeFirst()
        case "help", "--help", "-h": return help(args.dropFirst(), console: console, log: log)
        case "--version":
            console.out("panel \(BuildInfo.version) (\(BuildInfo.commit))")
            return ExitStatus.success
        case let first? where !first.hasPrefix("-"):
            log.write("panel: unknown command '\(first)' (commands: run, check, layout, touches, calibrate, outputs, ctl, bench, help; see panel --help)")
            return ExitStatus.badInput
        default: command = "run"
        }
        do {
            switch command {
            case "check": return try check(args, console: console)
            case "layout": return try layout(args, console: console)
            case "touches": return try touches(args, console: console, log: log)
            case "calibrate": return try calibrate(args, console: console, log: log)
            case "outputs": return try outputs(args, console: console)
            case "ctl": return try ctl(args, console: console)
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

    // MARK: layout

    static func layout(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        let flags = try Arguments(args, help: Help.layout)
        if flags.wantsHelp { console.out(Help.layout.text); return ExitStatus.success }
        var description = try loadDescription(flags["config"])
        if let direction = try flags.direction(command: "layout") { description.direction = direction }
        let (screen, dpi) = try headlessScreen(flags["display"])
        let rotation = try flags.rotation(command: "layout") ?? description.rotation ?? .r0
        let logical = rotation.logicalSize(forScreen: screen)
        let physical = description.physicalSize.map { ($0, "physical_size") }
            ?? dpi.map { (PhysicalSize(pixels: screen, dpi: $0), "headless") }
        let choice = ScaleChoice.choose(setting: description.scale, override: try flags.scale(command: "layout"), screen: screen,
                                        physical: physical?.0, source: physical?.1 ?? "")
        var page: Int?
        if let id = flags["page"] {
            guard let index = description.controls.firstIndex(where: { $0.id == id }), description.controls[index].page != nil else {
                let pages = description.controls.filter { $0.page != nil }.map(\.id)
                throw UsageError(message: "panel layout: '\(id)' is not a page; pages: \(pages.isEmpty ? "none" : pages.joined(separator: ", "))")
            }
            page = index
        }
        let layout = PanelLayout(description: description, logicalSize: logical, scale: choice.factor, fonts: FontCache(), page: page)
        console.out(LayoutReport.json(layout, description: description, rotation: rotation))
        if let note = BurnInCare.layoutNote(description, logicalSize: logical, scale: choice.factor, fonts: FontCache()) { console.err(note) }
        return ExitStatus.success
    }

    // MARK: touches

    static func touches(_ args: ArraySlice<String>, console: Console, log: Log) throws -> Int32 {
        let flags = try Arguments(args, help: Help.touches)
        if flags.wantsHelp { console.out(Help.touches.text); return ExitStatus.success }
        guard let inputText = flags["input"] else {
            throw UsageError(message: "panel touches: --input libinput[:SEAT], path:DEVICE[,…] or replay:FILE is required")
        }
        let input = try InputSpec(parsing: inputText)
        let description = try flags["config"].map { try loadDescription($0) }
        let screen = try headlessSize(flags["display"])
        let rotation = try flags.rotation(command: "touches") ?? description?.rotation ?? .r0
        let logical = rotation.logicalSize(forScreen: screen)
        let count = try flags.positiveWholeNumber("count", command: "touches")
        let timeout = try flags.positiveNumber("timeout", command: "touches")
        switch input {
        case .replay(let path):
            for timed in try Replay(path: path, screen: screen, calibration: description?.calibration).touches {
                console.out(TouchReport.json(timed.touch, rotation: rotation, logical: logical).serialized())
            }
        case .libinput, .paths:
            let live = try openLiveInput(input, screen: screen, calibration: description?.calibration, log: log)!
            try printLiveTouches(live, rotation: rotation, logical: logical, count: count, timeout: timeout, console: console)
        case .none:
            throw UsageError(message: "panel touches: --input none has no touches to print")
        }
        return ExitStatus.success
    }

    // MARK: outputs

    static func outputs(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        let flags = try Arguments(args, help: Help.outputs)
        if flags.wantsHelp { console.out(Help.outputs.text); return ExitStatus.success }
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

    // MARK: shared

    /// `layout` and `touches` compute for a screen size without opening a display.
    static func headlessSize(_ text: String?) throws(UsageError) -> Size {
        try headlessScreen(text).size
    }

    /// The size and dots per inch of `headless:WxH[@DPI]`.
    static func headlessScreen(_ text: String?) throws(UsageError) -> (size: Size, dpi: Double?) {
        switch try text.map({ (t) throws(UsageError) in try DisplaySpec(parsing: t) }) ?? .headless(DisplaySpec.defaultHeadlessSize) {
        case .headless(let size, let dpi): return (size, dpi)
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
