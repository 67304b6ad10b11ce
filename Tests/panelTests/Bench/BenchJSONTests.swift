import Glibc
import PanelUI
import Testing
@testable import panel

/// `panel bench --json` prints the shape issue 7 asks for, with figures a run really measured
/// (one repeat of a debug build: the numbers mean nothing, their presence and sense do).
struct BenchJSONTests {
    @Test func jsonHasEveryFigureOfTheIssue() throws {
        let folder = TemporaryFolder()
        let output = "\(folder.path)/bench.json"
        let child = try ChildProcess(argv: ["/bin/sh", "-c", "exec \"$0\" bench --json --repeat 1 >\"$1\" 2>/dev/null",
                                            PanelProcess.binary, output],
                                     environment: ["PATH=/usr/bin:/bin", "HOME=/tmp"])
        guard case .exited(0) = child.waitForExit() else {
            Issue.record("panel bench failed")
            return
        }
        let report = try JSONValue.parse(readFile(output))

        guard case .string(let machine)? = report["machine"] else { Issue.record("no machine"); return }
        #expect(!machine.isEmpty)
        guard case .array(let scenes)? = report["scenes"] else { Issue.record("no scenes"); return }
        #expect(scenes.compactMap { scene -> String? in
            if case .string(let resolution)? = scene["resolution"] { return resolution }
            return nil
        } == ["800x480", "1280x800", "1920x1080"])
        for scene in scenes {
            for key in ["render_ms", "memset_ms", "memcpy_ms", "cairo_ms"] {
                #expect(positive(scene[key]), "\(key) of \(scene)")
            }
        }
        for key in ["toggle_ms", "toggle_pixels", "first_frame_ms", "peak_rss_mb"] {
            #expect(positive(report[key]), "\(key)")
        }
        guard case .object(let animations)? = report["animation_frame_ms"] else { Issue.record("no animation_frame_ms"); return }
        #expect(animations.map(\.key) == CheckboxAnimation.allCases.map(\.rawValue) + ["switch"])
        #expect(animations.allSatisfy { positive($0.value) })
        guard case .object(let copies)? = report["scanout_copy_ms"] else { Issue.record("no scanout_copy_ms"); return }
        #expect(copies.map(\.key) == ["r0", "r90", "r180", "r270"])
        #expect(copies.allSatisfy { positive($0.value) })
        // The toggle repaints the widget and its halo: never more than the touched row.
        if case .number(let pixels)? = report["toggle_pixels"] { #expect(pixels <= 960 * 52) }
    }

    private func positive(_ value: JSONValue?) -> Bool {
        if case .number(let n)? = value { return n > 0 && n.isFinite }
        return false
    }
}
