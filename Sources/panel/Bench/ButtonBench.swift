import PanelUI

/// What a button's tap costs, frame by frame: the press frame (the row's highlight at
/// touch-down) and the release frame (the highlight gone, the press reported for its action),
/// each timed from the touch entering the model to its damage in the screen buffer. Both may
/// repaint the button's row and nothing else; the release must report exactly one press.
enum ButtonBench {
    static let yaml = """
        title: System
        sections:
          - controls:
              - {id: update, kind: button, label: Check for updates}
              - {id: restart, kind: button, label: Restart panel, style: destructive}
        """

    static func measure(size: Size, fonts: FontCache, repeats: Int) throws -> StepFigures {
        let description = try PanelDescription.parse(yaml, file: "(benchmark buttons)", fileExists: { _ in true })
        let panel = try BenchPanel(description: description, size: size, fonts: fonts, keepsCopy: true)
        let row = panel.model.layout.targets[1].frame
        var downs: [Double] = [], ups: [Double] = []
        var downPixels = 0, upPixels = 0
        for i in 0..<(repeats + 2) {
            let start = Double(i) * 10
            var damage = FrameDamage(repaint: [])
            let down = Stopwatch.milliseconds {
                panel.touch(.down, row.center, at: start)
                damage = panel.redraw(at: start)
            }
            try NumberBench.check(damage, within: [row], "button press")
            downPixels = damage.repaintedPixels
            var events: [PanelEvent] = []
            let up = Stopwatch.milliseconds {
                events = panel.touch(.up, row.center, at: start + 0.1)
                damage = panel.redraw(at: start + 0.1)
            }
            try NumberBench.check(damage, within: [row], "button release")
            let presses = events.filter { if case .pressed(_, "restart") = $0 { true } else { false } }
            guard presses.count == 1, downPixels > 0, damage.repaintedPixels > 0 else {
                throw CommandFailure(message: "panel bench: a tap on a button reported \(events) and repainted "
                                     + "\(downPixels) then \(damage.repaintedPixels) px", status: ExitStatus.failure)
            }
            upPixels = damage.repaintedPixels
            if i >= 2 {
                downs.append(down)
                ups.append(up)
            }
            panel.settle(from: start + 0.1)
        }
        return StepFigures(name: "button press", frames: [.init(label: "press", ms: Stopwatch.median(downs), pixels: downPixels),
                                                          .init(label: "release", ms: Stopwatch.median(ups), pixels: upPixels)],
                           movedPixels: row.area)
    }
}
