import PanelUI

/// The figures of one `panel bench` run, as a table for people and as issue 7's JSON shape.
struct BenchReport {
    struct Scene {
        var frame: FrameFigures
        var cairoMs: Double?
    }

    var machine: String
    var repeats: Int
    var debugBuild = false
    var scenes: [Scene] = []
    var toggle = ToggleFigures(toggleMs: .nan, pixels: 0, damage: [])
    var animations: [(name: String, ms: Double)] = []
    var text = TextFigures(labelsPerSecond: .nan, nanosecondsPerGlyph: .nan)
    /// A full frame into screen memory at each rotation.
    var scanoutCopies: [(rotation: Rotation, ms: Double)] = []
    var startup = StartupFigures(firstFrameMs: .nan, peakRSSBytes: .nan)
    var selfPeakRSSBytes = Double.nan
    var staticBinaryBytes: Int?
    /// The same start-up measured on the static binary (what a device would ship).
    var staticStartup: StartupFigures?

    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("machine", .string(machine)),
            ("scenes", .array(scenes.map { scene in
                let f = scene.frame
                return .object([
                    ("resolution", .string("\(f.size.width)x\(f.size.height)")),
                    ("render_ms", number(f.renderMs)), ("memset_ms", number(f.memsetMs)),
                    ("memcpy_ms", number(f.memcpyMs)), ("cairo_ms", scene.cairoMs.map(number) ?? .null),
                    ("render_over_memset", number(f.renderMs / f.memsetMs)),
                    ("render_over_cairo", scene.cairoMs.map { number(f.renderMs / $0) } ?? .null),
                ])
            })),
            ("toggle_ms", number(toggle.toggleMs)),
            ("toggle_pixels", .number(Double(toggle.pixels))),
            ("animation_frame_ms", .object(animations.map { ($0.name, number($0.ms)) })),
            ("first_frame_ms", number(startup.firstFrameMs)),
            // MB are 10^6 bytes; MiB (what ps and /proc count in) are given too.
            ("peak_rss_mb", number(startup.peakRSSBytes / 1e6)),
            ("peak_rss_mib", number(startup.peakRSSBytes / 1_048_576)),
            ("scanout_copy_ms", .object(scanoutCopies.map { ("r\($0.rotation.degrees)", number($0.ms)) })),
            ("labels_per_s", number(text.labelsPerSecond)),
            ("glyph_ns", number(text.nanosecondsPerGlyph)),
            ("toggle_resolution", .string("\(Commands.benchDetailSize.width)x\(Commands.benchDetailSize.height)")),
            ("bench_peak_rss_mb", number(selfPeakRSSBytes / 1e6)),
            ("repeats", .number(Double(repeats))),
        ]
        if let staticBinaryBytes { members.append(("static_stripped_bytes", .number(Double(staticBinaryBytes)))) }
        if let staticStartup {
            members.append(("static_first_frame_ms", number(staticStartup.firstFrameMs)))
            members.append(("static_peak_rss_mb", number(staticStartup.peakRSSBytes / 1e6)))
        }
        if debugBuild { members.append(("debug_build", .bool(true))) }
        return .object(members)
    }

    var table: String {
        var lines = ["machine: \(machine)", "medians of \(repeats) runs\(debugBuild ? " (DEBUG BUILD: not meaningful)" : "")", ""]
        lines.append(row("full frame", "render ms", "memset ms", "memcpy ms", "cairo ms", "/memset", "/cairo"))
        for scene in scenes {
            let f = scene.frame
            lines.append(row("\(f.size.width)x\(f.size.height)", fixed(f.renderMs), fixed(f.memsetMs), fixed(f.memcpyMs),
                             scene.cairoMs.map { fixed($0) } ?? "-", fixed(f.renderMs / f.memsetMs, 2),
                             scene.cairoMs.map { fixed(f.renderMs / $0, 2) } ?? "-"))
        }
        let size = "\(Commands.benchDetailSize.width)x\(Commands.benchDetailSize.height)"
        lines += ["", "toggle (\(size)): \(fixed(toggle.toggleMs, 4)) ms, \(toggle.pixels) pixels redrawn \(toggle.damage)"]
        lines.append("animation frame (\(size)), ms: " + animations.map { "\($0.name) \(fixed($0.ms, 4))" }.joined(separator: ", "))
        lines.append("frame to screen memory (\(size)), ms: " + scanoutCopies.map { "r\($0.rotation.degrees) \(fixed($0.ms, 3))" }.joined(separator: ", "))
        lines.append("text: \(Int(text.labelsPerSecond)) labels/s (\"\(TextBench.label)\"), \(fixed(text.nanosecondsPerGlyph, 1)) ns/glyph")
        lines.append("start-up to first frame (headless \(size)): \(fixed(startup.firstFrameMs, 1)) ms; peak RSS \(megabytes(startup.peakRSSBytes))")
        if let staticBinaryBytes {
            lines.append("static release binary, stripped: \(megabytes(Double(staticBinaryBytes))) (\(staticBinaryBytes) bytes)")
        }
        if let staticStartup {
            lines.append("  its start-up to first frame: \(fixed(staticStartup.firstFrameMs, 1)) ms; peak RSS \(megabytes(staticStartup.peakRSSBytes))")
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ cells: String...) -> String {
        cells.enumerated().map { i, cell in
            let width = i == 0 ? 11 : 10
            return i == 0 ? cell.padding(width) : String(repeating: " ", count: max(0, width - cell.count)) + cell
        }.joined()
    }
}

/// Both units, since "MB" is read both ways: "20.7 MB (19.7 MiB)".
private func megabytes(_ bytes: Double) -> String {
    "\(fixed(bytes / 1e6, 1)) MB (\(fixed(bytes / 1_048_576, 1)) MiB)"
}

/// Four significant-enough decimals: the JSON is for scripts comparing runs, not for nanoseconds.
private func number(_ value: Double) -> JSONValue {
    value.isFinite ? .number((value * 10_000).rounded() / 10_000) : .null
}

private func fixed(_ value: Double, _ decimals: Int = 3) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale), fraction = String(abs(scaled) % Int(scale))
    return "\(whole).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
