import Glibc
import PanelUI

// The panel scenes drawn with cairo, for `panel bench`; a separate program so the product
// binary never links cairo. Each `WxH` is one scene: the description of the `--config FILE`
// before it (the bundled demo without one, or after `--config -`) at that size, at the scale
// factor of the `--scale S` before it (1 without one), as `panel run --scale S` draws it.
//
//   panel-bench-cairo --repeat N [--png OUT] [--config FILE] [--scale S] WxH…
//       one line "WxH MEDIAN_MS" per scene on stdout (OUT: the last frame of each, overwritten)
//   panel-bench-cairo --serve FD [--config FILE] WxH…
//       draws each scene once (untimed: cairo's glyph and font caches fill, as the panel's do),
//       prints "ready N", then for each line "K" read from descriptor FD draws scene K once and
//       prints its milliseconds: `panel bench` asks between its own frames, so both are timed
//       in the same rounds under the same load.
var repeats = 20
var pngPath: String?
var serveFD: CInt?
var config: String?
var scale = 1.0
var scenes: [(config: String?, scale: Double, width: Int, height: Int)] = []
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
    switch arg {
    case "--repeat": repeats = args.popFirst().flatMap { Int($0) } ?? 0
    case "--png": pngPath = args.popFirst()
    case "--serve": serveFD = args.popFirst().flatMap { CInt($0) } ?? -1
    case "--config":
        // "-" is the bundled demo again.
        config = args.popFirst().flatMap { $0 == "-" ? nil : $0 }
    case "--scale":
        guard let factor = args.popFirst().flatMap({ Double($0) }), ScaleSetting.allowed.contains(factor) else {
            writeLine(STDERR_FILENO, "panel-bench-cairo: --scale takes a factor from 0.5 to 4")
            exit(2)
        }
        scale = factor
    default:
        let parts = arg.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
            writeLine(STDERR_FILENO, "panel-bench-cairo: expected WxH, --repeat N, --png OUT, --config FILE, --scale S or --serve FD, not '\(arg)'")
            exit(2)
        }
        scenes.append((config, scale, parts[0], parts[1]))
    }
}
guard repeats > 0, !scenes.isEmpty, (serveFD ?? 0) >= 0 else {
    writeLine(STDERR_FILENO, "usage: panel-bench-cairo --repeat N [--png OUT] [--config FILE] [--scale S] WxH… | --serve FD [--config FILE] [--scale S] WxH…")
    exit(2)
}

do {
    var descriptions: [String: PanelDescription] = [:]
    func description(_ path: String?) throws -> PanelDescription {
        if let known = descriptions[path ?? ""] { return known }
        let parsed = try path.map { path in
            try PanelDescription.parse(readText(path), file: path, fileExists: { access($0, R_OK) == 0 })
        } ?? PanelDescription.parse(DemoPanel.yaml, file: DemoPanel.fileName, fileExists: { _ in true })
        descriptions[path ?? ""] = parsed
        return parsed
    }
    if let serveFD {
        let prepared = try scenes.map { try CairoScene(description: description($0.config), width: $0.width, height: $0.height, scale: $0.scale) }
        for scene in prepared { scene.draw() }
        writeLine(STDOUT_FILENO, "ready \(prepared.count)")
        var reader = LineReader(fd: serveFD)
        while let line = reader.next() {
            guard let index = Int(line), prepared.indices.contains(index) else {
                writeLine(STDERR_FILENO, "panel-bench-cairo: no scene '\(line)'")
                exit(2)
            }
            let start = monotonicNanoseconds()
            prepared[index].draw()
            writeLine(STDOUT_FILENO, "\(Double(monotonicNanoseconds() - start) / 1e6)")
        }
        exit(0)
    }
    for (config, scale, width, height) in scenes {
        let scene = try CairoScene(description: description(config), width: width, height: height, scale: scale)
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

/// A description file's text (benchmark input, written by `panel bench` or given by hand).
func readText(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw CairoError(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
        guard bytes.count <= 16 << 20 else { throw CairoError(description: "\(path) is over 16 MiB") }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Lines from a descriptor, read with plain blocking reads.
struct LineReader {
    let fd: CInt
    private var pending: [UInt8] = []

    init(fd: CInt) { self.fd = fd }

    mutating func next() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = read(fd, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }
}
