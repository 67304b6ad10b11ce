import Glibc
import PanelUI

/// `panel bench`: the figures of issue 7, measured in one process (start-up and cairo in child
/// processes of the same run), every figure a median over `--repeat` runs, every ratio from
/// figures of this run. Meant for a release build (`swift build -c release`).
extension Commands {
    static let benchSizes = [Size(width: 800, height: 480), Size(width: 1280, height: 800), Size(width: 1920, height: 1080)]
    /// Toggles and animation frames are measured on the biggest screen, where rows are widest.
    static let benchDetailSize = Size(width: 1920, height: 1080)

    static func bench(_ args: ArraySlice<String>, console: Console, log: Log) throws -> Int32 {
        let flags = try Arguments(args, command: "bench", valued: ["repeat", "static-binary"], switches: ["json"])
        if flags.wantsHelp { console.out(Help.bench); return ExitStatus.success }
        let repeats = try flags["repeat"].map { (text) throws(UsageError) in
            guard let n = Int(text), (1...100_000).contains(n) else {
                throw UsageError(message: "panel bench: --repeat must be a whole number from 1 to 100000, not '\(text)'")
            }
            return n
        } ?? 30
        guard let executable = currentExecutable() else {
            throw CommandFailure(message: "panel bench: cannot find its own executable in /proc/self/exe", status: ExitStatus.failure)
        }
        var report = BenchReport(machine: MachineDescription.text(), repeats: repeats)
        #if DEBUG
        log.warning("bench: this is a debug build; build with `swift build -c release` for meaningful figures")
        report.debugBuild = true
        #endif

        let description = try loadDescription(nil)
        let fonts = FontCache()
        let sizeNames = benchSizes.map { "\($0.width)x\($0.height)" }
        let cairo = try CairoBench.measure(executable: executable, sizes: sizeNames, repeats: repeats)
        if cairo == nil { log.warning("bench: \(CairoBench.helperName) is not beside \(executable); no cairo figures") }
        for (size, name) in zip(benchSizes, sizeNames) {
            let frame = try FrameBench.measure(description: description, size: size, fonts: fonts, repeats: repeats)
            report.scenes.append(.init(frame: frame, cairoMs: cairo?[name]))
        }
        report.toggle = try ToggleBench.measure(description: description, size: benchDetailSize, fonts: fonts,
                                                controlID: "hotspot", repeats: repeats)
        report.animations = try AnimationBench.measure(size: benchDetailSize, fonts: fonts, repeats: repeats)
        report.scanoutCopies = ScanoutBench.measure(size: benchDetailSize, repeats: repeats)
        report.text = TextBench.measure(font: try fonts.font(path: description.theme.font, pixelSize: description.theme.fontSize),
                                        repeats: repeats)
        report.startup = try StartupBench.measure(executable: executable, size: sizeNames.last!, repeats: min(repeats, 15))
        report.selfPeakRSSBytes = ownPeakRSSBytes()
        if let path = flags["static-binary"] {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw CommandFailure(message: "panel bench: cannot stat \(path): \(Errno.current)", status: ExitStatus.failure)
            }
            report.staticBinaryBytes = Int(info.st_size)
            report.staticStartup = try StartupBench.measure(executable: path, size: sizeNames.last!, repeats: min(repeats, 15))
        }
        console.out(flags.has("json") ? report.json.serialized() : report.table)
        return ExitStatus.success
    }

    /// This process's own peak (the benchmark holds every size's buffers at once).
    static func ownPeakRSSBytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) * 1024
    }
}
