import Glibc

// panel-bench-cairo --repeat N [--png OUT] WxH…: the demo panel's scene drawn with cairo,
// one line "WxH MEDIAN_MS" per size on stdout. Started by `panel bench`; a separate program
// so the product binary never links cairo.
var repeats = 20
var pngPath: String?
var sizes: [(Int, Int)] = []
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
    switch arg {
    case "--repeat": repeats = args.popFirst().flatMap { Int($0) } ?? 0
    case "--png": pngPath = args.popFirst()
    default:
        let parts = arg.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
            writeLine(STDERR_FILENO, "panel-bench-cairo: expected WxH, --repeat N or --png OUT, not '\(arg)'")
            exit(2)
        }
        sizes.append((parts[0], parts[1]))
    }
}
guard repeats > 0, !sizes.isEmpty else {
    writeLine(STDERR_FILENO, "usage: panel-bench-cairo --repeat N [--png OUT] WxH…")
    exit(2)
}
do {
    for (width, height) in sizes {
        let scene = try CairoScene(width: width, height: height)
        scene.draw()  // untimed: cairo's glyph and font caches fill, as the panel's do
        var samples: [Double] = []
        for _ in 0..<repeats {
            let start = monotonicNanoseconds()
            scene.draw()
            samples.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        samples.sort()
        writeLine(STDOUT_FILENO, "\(width)x\(height) \(samples[samples.count / 2])")
        if let pngPath { scene.writePNG(pngPath) }
    }
} catch {
    writeLine(STDERR_FILENO, "panel-bench-cairo: \(error)")
    exit(1)
}

func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

func writeLine(_ fd: CInt, _ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
