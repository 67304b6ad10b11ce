import Glibc
import PanelUI

/// `panel bench`: the figures of issues 7 and 12, measured in one process (start-up and cairo
/// in child processes of the same run), every figure a median over `--repeat` runs, every
/// ratio from figures of the same loop. Meant for a release build (`swift build -c release`).
extension Commands {
    static let benchSizes = [Size(width: 800, height: 480), Size(width: 1280, height: 800), Size(width: 1920, height: 1080)]
    /// The dense scene's frames at a scale factor (issue 13: 1080p and 4K at scales 1 and 2).
    static let benchScaledSizes = [(size: Size(width: 1920, height: 1080), scale: 2.0),
                                   (size: Size(width: 3840, height: 2160), scale: 1.0),
                                   (size: Size(width: 3840, height: 2160), scale: 2.0)]
    /// Taps, scrolling, animation frames and start-up are measured on the biggest screen, where rows are widest.
    static let benchDetailSize = Size(width: 1920, height: 1080)
    /// Taps for the touch-to-present percentiles.
    static let benchLatencyTaps = 1000

    static func bench(_ args: ArraySlice<String>, console: Console, log: Log) throws -> Int32 {
        let flags = try Arguments(args, help: Help.bench)
        if flags.wantsHelp { console.out(Help.bench.text); return ExitStatus.success }
        let repeats = try flags["repeat"].map { (text) throws(UsageError) in
            guard let n = Int(text), (1...100_000).contains(n) else {
                throw UsageError(message: "panel bench: --repeat must be a whole number from 1 to 100000, not '\(text)'")
            }
            return n
        } ?? 30
        guard let executable = currentExecutable() else {
            throw CommandFailure(message: "panel bench: cannot find its own executable in /proc/self/exe", status: ExitStatus.failure)
        }
        // A cairo helper that dies must fail the run with a message, not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var report = BenchReport(machine: MachineDescription.text(), repeats: repeats)
        #if DEBUG
        log.warning("bench: this is a debug build; build with `swift build -c release` for meaningful figures")
        report.debugBuild = true
        #endif

        let folder = try BenchFolder()
        let demo = try BenchScenes.demo()
        let dense = try BenchScenes.dense(in: folder)
        let scenes = try flags["config"].map { [try BenchScenes.config($0)] } ?? [demo, dense]
        let fonts = FontCache()
        let sizeName = { (size: Size) in "\(size.width)x\(size.height)" }

        // --frames-only: the full frames at 1920x1080 and the start-ups, what the LVGL side by side compares.
        let framesOnly = flags.has("frames-only")
        var cases = scenes.flatMap { scene in (framesOnly ? [benchDetailSize] : benchSizes).map { (scene: scene, size: $0, scale: 1.0) } }
        if flags["config"] == nil, !framesOnly {
            // Issue 13: the dense scene's 1080p and 4K frames at scales 1 and 2 (1080p at 1 is above).
            cases += benchScaledSizes.map { (scene: dense, size: $0.size, scale: $0.scale) }
        }
        let cairo = cases.isEmpty ? nil : try CairoBench(executable: executable, scenes: cases.map { ($0.scene.path, sizeName($0.size), $0.scale) })
        if cairo == nil { log.warning("bench: \(CairoBench.helperName) is not beside \(executable); no cairo figures") }
        for (index, item) in cases.enumerated() {
            report.scenes.append(try FrameBench.measure(scene: item.scene, size: item.size, scale: item.scale, fonts: fonts,
                                                        repeats: repeats, cairo: cairo.map { ($0, index) }))
        }
        cairo?.finish()
        if !framesOnly { try measureDetails(&report, demo: demo, dense: dense, fonts: fonts, repeats: repeats) }
        let startupRepeats = min(repeats, 15)
        for scene in flags["config"] == nil ? [demo, dense] : [demo] + scenes {
            report.startups.append(.init(scene: scene.name, figures: try StartupBench.measure(
                executable: executable, size: sizeName(benchDetailSize), config: scene.path, repeats: startupRepeats)))
        }
        report.selfPeakRSSBytes = ownPeakRSSBytes()
        if let path = flags["static-binary"] {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw CommandFailure(message: "panel bench: cannot stat \(path): \(Errno.current)", status: ExitStatus.failure)
            }
            report.staticBinaryBytes = Int(info.st_size)
            report.staticStartup = try StartupBench.measure(executable: path, size: sizeName(benchDetailSize), repeats: startupRepeats)
        }
        console.out(flags.has("json") ? report.json.serialized() : report.table)
        return ExitStatus.success
    }

    /// Everything but full frames and start-ups, at `benchDetailSize`: scrolling, taps, animations,
    /// number steps and a page push, touch to present, scan-out copies and text.
    static func measureDetails(_ report: inout BenchReport, demo: BenchScene, dense: BenchScene, fonts: FontCache,
                               repeats: Int) throws {
        report.scroll = try ScrollBench.measure(scene: dense, size: benchDetailSize, fonts: fonts, repeats: repeats)
        report.tap = try ToggleBench.measure(description: demo.description, name: "stroke", size: benchDetailSize, fonts: fonts,
                                             controlID: "hotspot", repeats: repeats)
        report.instant = try ToggleBench.measure(description: AnimationBench.instantDemo(), name: "none", size: benchDetailSize,
                                                 fonts: fonts, controlID: "hotspot", repeats: repeats)
        report.animations = try AnimationBench.measure(size: benchDetailSize, fonts: fonts, repeats: repeats)
        report.steps = try NumberBench.measure(size: benchDetailSize, fonts: fonts, repeats: repeats)
            + [try ButtonBench.measure(size: benchDetailSize, fonts: fonts, repeats: repeats),
               try PageBench.measure(size: benchDetailSize, fonts: fonts, repeats: repeats)]
        report.touchToPresent = try TouchLatencyBench.measure(description: demo.description, size: benchDetailSize, fonts: fonts,
                                                              controlID: "hotspot", taps: benchLatencyTaps)
        report.scanoutCopies = ScanoutBench.measure(size: benchDetailSize, repeats: repeats)
        report.text = TextBench.measure(font: try fonts.font(path: demo.description.theme.font, pixelSize: demo.description.theme.fontSize),
                                        repeats: repeats)
    }

    /// This process's own peak (the benchmark holds every size's buffers at once).
    static func ownPeakRSSBytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) * 1024
    }
}
