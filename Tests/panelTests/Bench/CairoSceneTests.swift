import Glibc
import PanelUI
import Testing
@testable import panel

/// `panel-bench-cairo` draws what the panel draws (issue 12: a comparison with another library
/// must draw the same thing the same way): its PNG of a scene and `panel run`'s screenshot of it
/// differ only in anti-aliasing, for the demo and for a dark-themed list at scale 2.
struct CairoSceneTests {
    let folder = TemporaryFolder()

    /// Runs `program` (beside `panel`) with `arguments` through sh; true when it exits 0.
    func run(_ program: String, _ arguments: [String]) throws -> Bool {
        let binary = parentFolder(of: PanelProcess.binary) + "/" + program
        let child = try ChildProcess(argv: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >/dev/null 2>&1", binary] + arguments,
                                     environment: ["PATH=/usr/bin:/bin", "HOME=/tmp"])
        guard case .exited(0) = child.waitForExit() else { return false }
        return true
    }

    /// Fractions of pixels whose largest channel difference is over 64 and over 16.
    func differing(_ a: PixelBuffer, _ b: PixelBuffer) -> (over64: Double, over16: Double) {
        var over64 = 0, over16 = 0
        for i in 0..<(a.width * a.height) {
            let p = a.pixels[i], q = b.pixels[i]
            var d = 0
            for shift: UInt32 in [16, 8, 0] {
                let x = Int((p >> shift) & 0xFF), y = Int((q >> shift) & 0xFF)
                d = max(d, abs(x - y))
            }
            if d > 64 { over64 += 1 }
            if d > 16 { over16 += 1 }
        }
        let count = Double(a.width * a.height)
        return (Double(over64) / count, Double(over16) / count)
    }

    func compare(config: String?, scale: Double, size: String) throws {
        let shot = "\(folder.path)/panel.png", drawn = "\(folder.path)/cairo.png"
        let configArguments = config.map { ["--config", $0] } ?? []
        #expect(try run("panel", ["run", "--state", "\(folder.path)/state.json"] + configArguments + ["--scale", "\(scale)", "--display", "headless:\(size)", "--screenshot", shot]))
        #expect(try run(CairoBench.helperName, ["--repeat", "1", "--png", drawn] + configArguments + ["--scale", "\(scale)", size]))
        let panel = try PNG.readPixels(path: shot), cairo = try PNG.readPixels(path: drawn)
        #expect("\(panel.width)x\(panel.height)" == size)
        guard panel.width == cairo.width, panel.height == cairo.height else {
            Issue.record("sizes differ: \(panel.width)x\(panel.height) and \(cairo.width)x\(cairo.height)")
            return
        }
        // Measured: none over 64 and 0.02-0.03 % over 16 (edges of capsules and glyphs); the
        // cairo scene of before label alignment and the new colours had 0.38 % over 64.
        let d = differing(panel, cairo)
        #expect(d.over64 < 0.0005, "\(size) at \(scale): \(d.over64 * 100) % of pixels differ by more than 64")
        #expect(d.over16 < 0.005, "\(size) at \(scale): \(d.over16 * 100) % of pixels differ by more than 16")
    }

    @Test func demoMatchesThePanel() throws {
        try compare(config: nil, scale: 1, size: "800x480")
    }

    @Test func darkWrappedListAtScaleTwoMatchesThePanel() throws {
        let path = "\(folder.path)/dark.yml"
        try writeBenchFile(path, """
            title: A title long enough to be cut with an ellipsis at this width, surely
            theme: {base: dark, accent: "#FF9500"}
            sections:
              - title: Network
                controls:
                  - {id: a, kind: switch, label: A label long enough to wrap onto a second line at this width, default: true}
                  - {id: b, kind: checkbox, label: Bluetooth, detail: Off while flying, enabled: false}
                  - {id: c, kind: radio, label: Mode, options: [eco, balanced], default: balanced}
            """)
        try compare(config: path, scale: 2, size: "1000x900")
    }
}
