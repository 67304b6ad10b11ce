import PanelUI

/// The figures of one `panel bench` run, as a table for people and as issue 12's JSON shape.
struct BenchReport {
    struct Startup {
        var scene: String
        var figures: StartupFigures
    }

    var machine: String
    var repeats: Int
    var debugBuild = false
    var scenes: [FrameFigures] = []
    var scroll: ScrollFigures?
    /// The demo's tap (its box's default animation), and the same box without animation.
    var tap: TapFigures?
    var instant: TapFigures?
    var animations: [TapFigures] = []
    /// A slider's one-step move and a stepper's press (`NumberBench`).
    var steps: [StepFigures] = []
    var touchToPresent: TouchLatencyFigures?
    var text = TextFigures(labelsPerSecond: .nan, nanosecondsPerGlyph: .nan)
    /// A full frame into screen memory at each rotation.
    var scanoutCopies: [(rotation: Rotation, ms: Double)] = []
    var startups: [Startup] = []
    var selfPeakRSSBytes = Double.nan
    var staticBinaryBytes: Int?
    /// The demo's start-up measured on the static binary (what a device would ship).
    var staticStartup: StartupFigures?

    var detailResolution: String { "\(Commands.benchDetailSize.width)x\(Commands.benchDetailSize.height)" }

    /// One scene's figures (a function of its own: as one expression inside `json`, Swift
    /// 6.2's type checker gives up on it).
    private func sceneJSON(_ f: FrameFigures) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("scene", .string(f.scene)),
            ("resolution", .string("\(f.size.width)x\(f.size.height)")),
            ("scale", .number(f.scale)),
        ]
        members += stateMembers(f.afterScanout, "after_scanout")
        members += stateMembers(f.cold, "cold")
        if let changed = f.changed { members += stateMembers(changed, "after_change") }
        let cairo: JSONValue = f.cairoMs.map(number) ?? .null
        let overCairo: JSONValue = f.cairoMs.map { number(f.cold.renderMs / $0) } ?? .null
        members += [("cairo_ms", cairo), ("render_cold_over_cairo", overCairo)]
        return .object(members)
    }

    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("machine", .string(machine)),
            ("repeats", .number(Double(repeats))),
            ("scenes", .array(scenes.map(sceneJSON))),
        ]
        if let scroll {
            members.append(("scroll", .object([
                ("scene", .string(scroll.scene)), ("resolution", .string("\(scroll.size.width)x\(scroll.size.height)")),
                ("step_px", .number(Double(scroll.step))),
                ("scroll_frame_ms", number(scroll.frameMs)), ("memset_ms", number(scroll.memsetMs)),
                ("scroll_over_memset", number(scroll.frameMs / scroll.memsetMs)),
                ("full_repaint_ms", number(scroll.fullRepaintMs)),
                ("full_repaint_over_memset", number(scroll.fullRepaintMs / scroll.memsetMs)),
                ("repainted_pixels", .number(Double(scroll.repaintedPixels))), ("moved_pixels", .number(Double(scroll.movedPixels))),
                ("scanout_copy_ms", number(scroll.scanoutCopyMs)), ("scanout_copy_pixels", .number(Double(scroll.scanoutCopyPixels))),
            ])))
        }
        if let tap {
            var toggle: [(key: String, value: JSONValue)] = [("resolution", .string(detailResolution)), ("control", .string("hotspot"))]
            toggle += tapMembers(tap)
            if let instant {
                toggle += [("instant_ms", number(instant.touchUpMs)), ("instant_pixels", .number(Double(instant.touchUpPixels))),
                           ("instant_first_visible_frame", .number(Double(instant.firstVisibleFrame)))]
            }
            toggle.append(("animations", .array(animations.map { .object(tapMembers($0)) })))
            members.append(("toggle", .object(toggle)))
        }
        if !steps.isEmpty {
            members.append(("steps", .array(steps.map { s in
                .object([("name", .string(s.name)), ("resolution", .string(detailResolution)),
                         ("moved_pixels", .number(Double(s.movedPixels))),
                         ("frames", .array(s.frames.map { .object([("frame", .string($0.label)), ("ms", number($0.ms)),
                                                                   ("pixels", .number(Double($0.pixels)))]) }))])
            })))
        }
        if let touchToPresent {
            members.append(("touch_to_present_ms", .object([
                ("p50", number(touchToPresent.p50Ms)), ("p99", number(touchToPresent.p99Ms)), ("max", number(touchToPresent.maxMs)),
                ("taps", .number(Double(touchToPresent.taps))),
            ])))
        }
        if let demo = startups.first(where: { $0.scene == "demo" }) {
            members.append(("first_frame_ms", number(demo.figures.firstFrameMs)))
            // MB are 10^6 bytes; MiB (what ps and /proc count in) are given too.
            members.append(("peak_rss_mb", number(demo.figures.peakRSSBytes / 1e6)))
            members.append(("peak_rss_mib", number(demo.figures.peakRSSBytes / 1_048_576)))
        }
        members.append(("startup", .array(startups.map { s in
            .object([("scene", .string(s.scene)), ("resolution", .string(detailResolution)),
                     ("first_frame_ms", number(s.figures.firstFrameMs)), ("peak_rss_mb", number(s.figures.peakRSSBytes / 1e6)),
                     ("peak_rss_mib", number(s.figures.peakRSSBytes / 1_048_576))])
        })))
        members += [
            ("scanout_copy_ms", .object(scanoutCopies.map { ("r\($0.rotation.degrees)", number($0.ms)) })),
            ("labels_per_s", number(text.labelsPerSecond)),
            ("glyph_ns", number(text.nanosecondsPerGlyph)),
            ("bench_peak_rss_mb", number(selfPeakRSSBytes / 1e6)),
            ("goals", .array(goals.map { goal in
                .object([("goal", .string(goal.name)), ("value", number(goal.value)), ("limit", number(goal.limit)),
                         ("met", goal.value.isFinite ? .bool(goal.value <= goal.limit) : .null)])
            })),
        ]
        if let staticBinaryBytes { members.append(("static_stripped_bytes", .number(Double(staticBinaryBytes)))) }
        if let staticStartup {
            members.append(("static_first_frame_ms", number(staticStartup.firstFrameMs)))
            members.append(("static_peak_rss_mb", number(staticStartup.peakRSSBytes / 1e6)))
        }
        if debugBuild { members.append(("debug_build", .bool(true))) }
        return .object(members)
    }

    /// A full frame's figures in one cache state, each name saying which.
    private func stateMembers(_ s: FrameFigures.State, _ state: String) -> [(key: String, value: JSONValue)] {
        [("render_\(state)_ms", number(s.renderMs)), ("frame_memset_\(state)_ms", number(s.frameMemsetMs)),
         ("render_over_frame_memset_\(state)", number(s.ratio)),
         ("render_\(state)_min_ms", number(s.renderMinMs)), ("frame_memset_\(state)_min_ms", number(s.frameMemsetMinMs))]
    }

    private func tapMembers(_ tap: TapFigures) -> [(key: String, value: JSONValue)] {
        [("animation", .string(tap.name)),
         ("first_visible_frame", .number(Double(tap.firstVisibleFrame))),
         ("touch_up_ms", number(tap.touchUpMs)), ("touch_up_pixels", .number(Double(tap.touchUpPixels))),
         ("first_visible_ms", number(tap.firstVisibleMs)), ("toggle_pixels", .number(Double(tap.firstVisiblePixels))),
         ("animation_total_ms", number(tap.animationTotalMs)), ("animation_frames", .number(Double(tap.animationFrames))),
         ("largest_frame_ms", number(tap.largestFrameMs)), ("animation_pixels", .number(Double(tap.animationPixels)))]
    }

    /// The demo's tap first ("hotspot (stroke)"), then one per animation.
    private var labelledTaps: [(String, TapFigures)] {
        (tap.map { [("hotspot (\($0.name))", $0)] } ?? []) + animations.map { ($0.name, $0) }
    }

    /// Issue 12's goals, each a value that must not exceed its limit.
    var goals: [(name: String, value: Double, limit: Double)] {
        var goals: [(name: String, value: Double, limit: Double)] = []
        // Each full-frame goal judged in both cache states, against a memset of the frame met in the same state.
        func frameGoals(_ name: String, _ f: FrameFigures, _ limit: Double) {
            goals.append(("\(name) full frame / frame memset, after scanout copy", f.afterScanout.ratio, limit))
            goals.append(("\(name) full frame / frame memset, cold", f.cold.ratio, limit))
        }
        for (scene, limit) in [("dense", 1.8), ("demo", 1.6)] {
            if let f = scenes.first(where: { $0.scene == scene && $0.size == Commands.benchDetailSize && $0.scale == 1 }) {
                frameGoals("\(scene) \(detailResolution)", f, limit)
            }
        }
        // Issue 13: the dense scene's 1080p and 4K full frames at scales 1 and 2 within 2x memset.
        for f in scenes where f.scene == "dense" && f.size.width >= 1920 && (f.size.width > 1920 || f.scale != 1) {
            frameGoals("dense \(f.size.width)x\(f.size.height) at scale \(ScaleChoice.shown(f.scale))", f, 2)
        }
        if let scroll {
            goals.append(("scroll frame / memset", scroll.frameMs / scroll.memsetMs, 1.2))
            goals.append(("scroll frame / full repaint of the viewport", scroll.frameMs / scroll.fullRepaintMs, 1))
        }
        if let instant { goals.append(("instant toggle ms", instant.touchUpMs, 0.02)) }
        for (label, tap) in labelledTaps {
            goals.append(("\(label) largest frame ms", tap.largestFrameMs, 0.05))
            goals.append(("\(label) first visible frame ms", tap.firstVisibleMs, 0.05))
        }
        // A page push moves the whole screen: its goal is a full frame's, not a toggle's.
        for step in steps where step.name != "page push" {
            goals.append(("\(step.name) largest frame ms", step.frames.map(\.ms).max() ?? .nan, 0.05))
        }
        if let touchToPresent { goals.append(("touch to present p99 ms (headless)", touchToPresent.p99Ms, 0.5)) }
        if let demo = startups.first(where: { $0.scene == "demo" }) {
            goals.append(("demo \(detailResolution) peak RSS MB", demo.figures.peakRSSBytes / 1e6, 20))
        }
        return goals
    }

    var table: String {
        var lines = ["machine: \(machine)", "medians of \(repeats) runs\(debugBuild ? " (DEBUG BUILD: not meaningful)" : "")", ""]
        lines.append("full frames against a memset of the frame buffer in the same cache state: after the scanout copy, then cold; /cairo: cold render over cairo")
        lines.append(row("full frame", "", "render ms", "memset ms", "/memset", "cold ms", "memset ms", "/memset", "cairo ms", "/cairo"))
        for f in scenes {
            let scale = f.scale == 1 ? "" : "@\(ScaleChoice.shown(f.scale))"
            lines.append(row(f.scene, "\(f.size.width)x\(f.size.height)\(scale)", fixed(f.afterScanout.renderMs),
                             fixed(f.afterScanout.frameMemsetMs), fixed(f.afterScanout.ratio, 2), fixed(f.cold.renderMs),
                             fixed(f.cold.frameMemsetMs), fixed(f.cold.ratio, 2), f.cairoMs.map { fixed($0) } ?? "-",
                             f.cairoMs.map { fixed(f.cold.renderMs / $0, 2) } ?? "-"))
        }
        let changes = scenes.compactMap { f in
            f.changed.map { "\(f.scene) \(f.size.width)x\(f.size.height)\(f.scale == 1 ? "" : "@\(ScaleChoice.shown(f.scale))") "
                + "\(fixed($0.renderMs)) ms = \(fixed($0.ratio, 2))x" }
        }
        if !changes.isEmpty {
            lines += ["", "full frames right after a value changed (every row drawn in full, none replayed), after the scanout copy:",
                      changes.joined(separator: ", ")]
        }
        if let s = scroll {
            lines += ["", "scroll (\(s.scene) \(s.size.width)x\(s.size.height), \(s.step) px): \(fixed(s.frameMs, 4)) ms = "
                + "\(fixed(s.frameMs / s.memsetMs, 2))x memset (\(fixed(s.memsetMs, 3)) ms), \(s.repaintedPixels) px painted, "
                + "\(s.movedPixels) moved; the viewport repainted instead: \(fixed(s.fullRepaintMs, 4)) ms "
                + "(\(fixed(s.fullRepaintMs / s.memsetMs, 2))x); DRM back-buffer copy \(fixed(s.scanoutCopyMs, 4)) ms (\(s.scanoutCopyPixels) px)"]
        }
        lines.append("")
        // --frames-only measured no taps, copies or text: their lines are left out.
        if !labelledTaps.isEmpty {
            lines.append(row("tap (\(detailResolution))", "", "touch-up", "1st seen", "frames", "total ms", "largest", "pixels"))
        }
        for (label, tap) in labelledTaps {
            lines.append(row(label, "", fixed(tap.touchUpMs, 4), fixed(tap.firstVisibleMs, 4), "\(tap.animationFrames)",
                             fixed(tap.animationTotalMs, 3), fixed(tap.largestFrameMs, 4), "\(tap.firstVisiblePixels)"))
        }
        if let instant {
            lines.append("without animation (animation_duration: 0): \(fixed(instant.touchUpMs, 4)) ms, \(instant.touchUpPixels) px"
                + (instant.firstVisibleFrame == 0 ? " (shown at touch-up)" : " (NOT shown at touch-up)"))
        }
        for s in steps {
            lines.append("\(s.name) (\(detailResolution)): " + s.frames.map { "\($0.label) \(fixed($0.ms, 4)) ms, \($0.pixels) px" }
                .joined(separator: "; ") + " (within what moved: \(s.movedPixels) px)")
        }
        if let t = touchToPresent {
            lines.append("touch to present (headless, \(t.taps) taps through epoll): p50 \(fixed(t.p50Ms, 4)) ms, "
                + "p99 \(fixed(t.p99Ms, 4)) ms, max \(fixed(t.maxMs, 3)) ms")
        }
        if !scanoutCopies.isEmpty {
            lines.append("frame to screen memory (\(detailResolution)), ms: "
                + scanoutCopies.map { "r\($0.rotation.degrees) \(fixed($0.ms, 3))" }.joined(separator: ", "))
        }
        if text.labelsPerSecond.isFinite { lines.append("text: \(text.labelsPerSecond.isFinite ? String(Int(clamping: text.labelsPerSecond)) : "-") labels/s (\"\(TextBench.label)\"), \(fixed(text.nanosecondsPerGlyph, 1)) ns/glyph") }
        for s in startups {
            lines.append("start-up to first frame (\(s.scene), headless \(detailResolution)): \(fixed(s.figures.firstFrameMs, 1)) ms; "
                + "peak RSS \(megabytes(s.figures.peakRSSBytes))")
        }
        if let staticBinaryBytes {
            lines.append("static release binary, stripped: \(megabytes(Double(staticBinaryBytes))) (\(staticBinaryBytes) bytes)")
        }
        if let staticStartup {
            lines.append("  its start-up to first frame: \(fixed(staticStartup.firstFrameMs, 1)) ms; peak RSS \(megabytes(staticStartup.peakRSSBytes))")
        }
        lines += ["", "goals:"]
        for goal in goals {
            let verdict = !goal.value.isFinite ? "?" : goal.value <= goal.limit ? "met" : "MISSED"
            lines.append("  \(goal.name): \(fixed(goal.value, 4)) (at most \(fixed(goal.limit, 2))) \(verdict)")
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ cells: String...) -> String {
        cells.enumerated().map { i, cell in
            switch i {
            case 0: cell.padding(12)
            case 1: cell.padding(12)
            default: String(repeating: " ", count: max(0, 10 - cell.count)) + cell
            }
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
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    guard value.isFinite, (value * scale).magnitude < 1e15 else { return value.isFinite ? "\(value)" : "-" }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale), fraction = String(abs(scaled) % Int(scale))
    return "\(whole).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
