import PanelUI

/// What a page push costs, frame by frame: the tap's frame (the first slide frame, which
/// paints both pages' snapshots), the slide's frames after it (two row copies of the whole
/// screen each: everything moves), and the first frame at rest. Every slide frame's damage is
/// the screen, which is what moved; the frame at rest must repaint nothing more than that.
enum PageBench {
    static let yaml = """
        title: Settings
        sections:
          - title: Connections
            controls:
              - id: network
                kind: page
                label: Network
                sections:
                  - title: Wireless
                    controls:
                      - {id: wifi, kind: switch, label: Wi-Fi, default: true}
                      - {id: band, kind: radio, label: Band, options: ["2.4 GHz", "5 GHz"], default: "5 GHz"}
              - {id: bt, kind: switch, label: Bluetooth}
        """

    static func measure(size: Size, fonts: FontCache, repeats: Int) throws -> StepFigures {
        let description = try PanelDescription.parse(yaml, file: "(benchmark pages)", fileExists: { _ in true })
        let panel = try BenchPanel(description: description, size: size, fonts: fonts, keepsCopy: true)
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var firsts: [Double] = [], slides: [Double] = [], rests: [Double] = []
        var slidePixels = 0, restPixels = 0
        var t = 0.0
        for i in 0..<(repeats + 2) {
            let row = panel.model.layout.targets[0].frame.center
            panel.touch(.down, row, at: t)
            panel.redraw(at: t)
            var damage = FrameDamage(repaint: [])
            let first = Stopwatch.milliseconds {
                panel.touch(.up, row, at: t + 0.05)
                damage = panel.redraw(at: t + 0.05)
            }
            guard panel.model.currentPage != nil else {
                throw CommandFailure(message: "panel bench: a tap on the page row opened nothing", status: ExitStatus.failure)
            }
            var frameTime = t + 0.05
            var frames: [Double] = []
            while panel.model.isAnimating(at: frameTime) {
                frameTime += PanelSession.frameInterval
                frames.append(Stopwatch.milliseconds { damage = panel.redraw(at: frameTime) })
                if damage.repaint.contains(where: { !screen.contains($0) }) || damage.move != nil {
                    throw CommandFailure(message: "panel bench: a slide frame repainted \(damage.repaint) on a \(size) screen",
                                         status: ExitStatus.failure)
                }
                slidePixels = max(slidePixels, damage.repaintedPixels)
            }
            let rest = Stopwatch.milliseconds { damage = panel.redraw(at: frameTime + 1) }
            restPixels = damage.repaintedPixels
            if i >= 2 {
                firsts.append(first)
                slides.append(Stopwatch.median(frames))
                rests.append(rest)
            }
            // Back, to push again.
            _ = panel.model.goBack(at: frameTime + 1)
            t = panel.settle(from: frameTime + 1) + 1
            panel.redraw(at: t)
            t += 1
        }
        return StepFigures(name: "page push", frames: [.init(label: "first frame", ms: Stopwatch.median(firsts), pixels: screen.area),
                                                       .init(label: "slide frame", ms: Stopwatch.median(slides), pixels: slidePixels),
                                                       .init(label: "at rest", ms: Stopwatch.median(rests), pixels: restPixels)],
                           movedPixels: screen.area)
    }
}
