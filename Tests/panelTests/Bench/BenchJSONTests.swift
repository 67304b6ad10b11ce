import Glibc
import PanelUI
import Testing
@testable import panel

/// `panel bench --json` prints the shape issue 12 asks for, with figures a run really measured
/// (one repeat of a debug build: the numbers mean nothing, their presence and sense do).
struct BenchJSONTests {
    let folder = TemporaryFolder()

    func bench(_ arguments: String...) throws -> JSONValue? {
        let output = "\(folder.path)/bench.json"
        let child = try ChildProcess(argv: ["/bin/sh", "-c", "exec \"$0\" bench --json --repeat 1 \"$@\" >\"\(output)\" 2>/dev/null",
                                            PanelProcess.binary] + arguments,
                                     environment: ["PATH=/usr/bin:/bin", "HOME=/tmp"])
        guard case .exited(0) = child.waitForExit() else {
            Issue.record("panel bench \(arguments) failed")
            return nil
        }
        return try JSONValue.parse(readFile(output))
    }

    /// `--frames-only`: both scenes' 1080p frames and the start-ups, nothing else measured.
    @Test func framesOnlyMeasuresTheFullFramesAndStartUps() throws {
        guard let report = try bench("--frames-only") else { return }
        guard case .array(let scenes)? = report["scenes"], case .array(let startups)? = report["startup"] else {
            Issue.record("no scenes or startup"); return
        }
        #expect(scenes.map { "\(text($0["scene"])) \(text($0["resolution"]))" } == ["demo 1920x1080", "dense 1920x1080"])
        for scene in scenes {
            for key in ["render_after_scanout_ms", "frame_memset_after_scanout_ms", "render_cold_ms", "frame_memset_cold_ms",
                        "render_after_change_ms", "frame_memset_after_change_ms"] {
                #expect(positive(scene[key]), "\(key) of \(scene)")
            }
        }
        #expect(startups.map { text($0["scene"]) } == ["demo", "dense"])
        for startup in startups { #expect(positive(startup["peak_rss_mb"]), "\(startup)") }
        for key in ["scroll", "toggle", "steps", "touch_to_present_ms"] { #expect(report[key] == nil, "\(key) not measured") }
    }

    @Test func jsonHasEveryFigureOfTheIssue() throws {
        guard let report = try bench() else { return }
        guard case .string(let machine)? = report["machine"] else { Issue.record("no machine"); return }
        #expect(!machine.isEmpty)

        // Both scenes at every size, every figure measured, the ratios those of the figures.
        guard case .array(let scenes)? = report["scenes"] else { Issue.record("no scenes"); return }
        // And the dense scene at 1080p and 4K at scales 1 and 2 (issue 13).
        #expect(scenes.map { "\(text($0["scene"])) \(text($0["resolution"])) \(number($0["scale"]))" }
            == ["demo", "dense"].flatMap { scene in ["800x480", "1280x800", "1920x1080"].map { "\(scene) \($0) 1.0" } }
            + ["dense 1920x1080 2.0", "dense 3840x2160 1.0", "dense 3840x2160 2.0"])
        for scene in scenes {
            #expect(positive(scene["cairo_ms"]) && ratio(scene["render_cold_over_cairo"], is: scene["render_cold_ms"], over: scene["cairo_ms"]),
                    "\(scene)")
            // Each cache state: the render and a memset of the frame met in it, their ratio, the fastest of each;
            // and the frame right after a value changed (both scenes have switches or boxes).
            for state in ["after_scanout", "cold", "after_change"] {
                let render = scene["render_\(state)_ms"], memset = scene["frame_memset_\(state)_ms"]
                #expect(positive(render) && positive(memset), "\(state) of \(scene)")
                #expect(ratio(scene["render_over_frame_memset_\(state)"], is: render, over: memset), "\(state) of \(scene)")
                #expect(positive(scene["render_\(state)_min_ms"]) && number(scene["render_\(state)_min_ms"]) <= number(render))
                #expect(positive(scene["frame_memset_\(state)_min_ms"]) && number(scene["frame_memset_\(state)_min_ms"]) <= number(memset))
            }
            // The old figures, whose memset met another buffer in another cache state, are gone.
            for key in ["render_ms", "memset_ms", "render_over_memset", "frame_memset_ms"] { #expect(scene[key] == nil, "\(key)") }
        }

        // The scroll frame moves most of what it shows and paints a strip.
        guard let scroll = report["scroll"] else { Issue.record("no scroll"); return }
        #expect(text(scroll["scene"]) == "dense" && text(scroll["resolution"]) == "1920x1080" && number(scroll["step_px"]) == 7)
        for key in ["scroll_frame_ms", "memset_ms", "scroll_over_memset", "full_repaint_ms", "repainted_pixels", "moved_pixels",
                    "scanout_copy_ms", "scanout_copy_pixels"] {
            #expect(positive(scroll[key]), "scroll \(key)")
        }
        #expect(number(scroll["repainted_pixels"]) < 1920 * 1080 / 50, "a strip, not the screen")

        // The tap: at touch-up the box still shows its old state; without animation it doesn't.
        guard let toggle = report["toggle"] else { Issue.record("no toggle"); return }
        try checkTap(toggle, name: "hotspot")
        #expect(number(toggle["first_visible_frame"]) >= 1, "the stroke animation shows nothing at touch-up")
        #expect(positive(toggle["instant_ms"]) && positive(toggle["instant_pixels"]))
        #expect(number(toggle["instant_first_visible_frame"]) == 0, "without animation the change shows at touch-up")
        guard case .array(let animations)? = toggle["animations"] else { Issue.record("no animations"); return }
        #expect(animations.map { text($0["animation"]) } == CheckboxAnimation.allCases.map(\.rawValue) + ["switch"])
        for animation in animations { try checkTap(animation, name: text(animation["animation"])) }

        // A slider's one-step move and a stepper's press and release: each frame within what moved.
        guard case .array(let steps)? = report["steps"] else { Issue.record("no steps"); return }
        #expect(steps.map { text($0["name"]) } == ["slider step", "stepper press", "button press", "page push"])
        let framesOf = ["slider step": ["move"], "stepper press": ["press", "release"], "button press": ["press", "release"], "page push": ["first frame", "slide frame", "at rest"]]
        for step in steps {
            guard case .array(let frames)? = step["frames"] else { Issue.record("no frames in \(step)"); continue }
            #expect(frames.map { text($0["frame"]) } == framesOf[text(step["name"])])
            for frame in frames {
                // A page at rest after its slide repaints nothing: the slide's last frame showed it.
                let resting = text(frame["frame"]) == "at rest"
                #expect(positive(frame["ms"]) && (resting ? number(frame["pixels"]) == 0 : positive(frame["pixels"])), "\(step)")
                #expect(number(frame["pixels"]) <= number(step["moved_pixels"]), "\(step)")
            }
        }

        guard let latency = report["touch_to_present_ms"] else { Issue.record("no touch_to_present_ms"); return }
        #expect(number(latency["taps"]) == 1000)
        #expect(positive(latency["p50"]) && number(latency["p50"]) <= number(latency["p99"]) && number(latency["p99"]) <= number(latency["max"]))

        guard case .array(let startups)? = report["startup"] else { Issue.record("no startup"); return }
        #expect(startups.map { text($0["scene"]) } == ["demo", "dense"])
        for startup in startups {
            #expect(positive(startup["first_frame_ms"]) && positive(startup["peak_rss_mb"]), "\(startup)")
        }
        for key in ["first_frame_ms", "peak_rss_mb", "peak_rss_mib", "labels_per_s", "glyph_ns", "bench_peak_rss_mb"] {
            #expect(positive(report[key]), "\(key)")
        }
        guard case .object(let copies)? = report["scanout_copy_ms"] else { Issue.record("no scanout_copy_ms"); return }
        #expect(copies.map(\.key) == ["r0", "r90", "r180", "r270"])
        #expect(copies.allSatisfy { positive($0.value) })

        // Every goal of the issue is judged.
        guard case .array(let goals)? = report["goals"] else { Issue.record("no goals"); return }
        let names = goals.map { text($0["goal"]) }
        let frames = ["dense 1920x1080", "demo 1920x1080", "dense 1920x1080 at scale 2", "dense 3840x2160 at scale 1",
                      "dense 3840x2160 at scale 2"].flatMap { frame in
            ["after scanout copy", "cold"].map { "\(frame) full frame / frame memset, \($0)" }
        }
        for goal in frames + ["scroll frame / memset",
                     "instant toggle ms", "hotspot (stroke) largest frame ms", "hotspot (stroke) first visible frame ms",
                     "touch to present p99 ms (headless)", "demo 1920x1080 peak RSS MB", "slider step largest frame ms",
                     "stepper press largest frame ms"] {
            #expect(names.contains(goal), "goal \(goal)")
        }
        #expect(goals.allSatisfy { positive($0["limit"]) })
    }

    /// `--config FILE` draws that description at each size (and starts it) instead of the scenes.
    @Test func configReplacesTheScenes() throws {
        let config = folder.write("title: Mine\nsections:\n  - controls:\n      - {id: a, kind: switch, label: A}\n", to: "mine.yml")
        guard let report = try bench("--config", config) else { return }
        guard case .array(let scenes)? = report["scenes"] else { Issue.record("no scenes"); return }
        #expect(scenes.map { text($0["scene"]) } == [config, config, config])
        #expect(scenes.allSatisfy { positive($0["render_after_scanout_ms"]) && positive($0["render_cold_ms"]) && positive($0["cairo_ms"]) })
        guard case .array(let startups)? = report["startup"] else { Issue.record("no startup"); return }
        #expect(startups.map { text($0["scene"]) } == ["demo", config])
    }

    /// One tap's figures, in the order they must hold for a single tap (`--repeat 1`).
    private func checkTap(_ tap: JSONValue, name: String) throws {
        for key in ["touch_up_ms", "touch_up_pixels", "first_visible_ms", "toggle_pixels", "animation_total_ms", "animation_frames",
                    "largest_frame_ms", "animation_pixels"] {
            #expect(positive(tap[key]), "\(name) \(key)")
        }
        #expect(number(tap["animation_frames"]) > 2, "\(name): frames until the animation settles")
        #expect(number(tap["largest_frame_ms"]) >= number(tap["first_visible_ms"]), "\(name)")
        #expect(number(tap["largest_frame_ms"]) >= number(tap["touch_up_ms"]), "\(name)")
        #expect(number(tap["animation_total_ms"]) >= number(tap["largest_frame_ms"]), "\(name)")
        // The widget and its halo, never more than a row of the animation panel.
        #expect(number(tap["touch_up_pixels"]) <= 960 * 52 && number(tap["toggle_pixels"]) <= number(tap["touch_up_pixels"]), "\(name)")
    }

    private func positive(_ value: JSONValue?) -> Bool {
        if case .number(let n)? = value { return n > 0 && n.isFinite }
        return false
    }

    private func number(_ value: JSONValue?) -> Double {
        if case .number(let n)? = value { return n }
        return .nan
    }

    private func text(_ value: JSONValue?) -> String {
        if case .string(let s)? = value { return s }
        return "?"
    }

    /// `value` is `a / b` of the unrounded figures, which the JSON gives to four decimals.
    private func ratio(_ value: JSONValue?, is a: JSONValue?, over b: JSONValue?) -> Bool {
        let r = number(a) / number(b)
        return abs(number(value) - r) <= r * (0.6e-4 / number(a) + 0.6e-4 / number(b)) + 1e-4
    }
}
