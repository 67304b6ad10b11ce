import PanelUI

/// A tap on a checkbox: from the touch-up entering the model to the damaged pixels being in
/// the scanout-ready buffer (the headless display's copy, which is what DRM's back buffer gets).
/// The state-file save that follows a change is measured on its own (`saveMs`): it is disk
/// time, not drawing time.
struct ToggleFigures {
    var toggleMs: Double
    var pixels: Int
    /// The rectangles the toggle repainted, for the report.
    var damage: [Rect]
}

enum ToggleBench {
    static func measure(description: PanelDescription, size: Size, fonts: FontCache, controlID: String, repeats: Int) throws -> ToggleFigures {
        let layout = PanelLayout(description: description, logicalSize: size)
        var model = PanelModel(description: description, layout: layout)
        let painter = try PanelPainter(description: description, fonts: fonts)
        let frame = PixelBuffer(size: size)
        let display = HeadlessDisplay(size: size, keepsCopy: true)
        guard let index = description.controls.firstIndex(where: { $0.id == controlID }),
              let target = layout.targets.firstIndex(where: { $0.kind == .control(index: index, option: nil) }) else {
            throw CommandFailure(message: "panel bench: the demo panel has no \(controlID) control", status: ExitStatus.failure)
        }
        let centre = layout.targets[target].frame.center
        let touch = { (phase: TouchPhase) in PanelTouch(phase: phase, slot: 0, position: centre) }
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)
        try display.present(frame, damage: [frame.bounds], rotation: .r0)

        var samples: [Double] = []
        var damage: [Rect] = []
        // Taps far apart on the virtual clock: every one starts from a settled panel.
        for i in 0..<repeats {
            let now = Double(i) * 10
            _ = model.handle(touch(.down), at: now)
            redraw(&model, previous: now - 1, now: now, painter: painter, frame: frame, display: display)
            samples.append(Stopwatch.milliseconds {
                _ = model.handle(touch(.up), at: now)
                damage = redraw(&model, previous: now, now: now, painter: painter, frame: frame, display: display)
            })
            // Let the animation run out so the next tap starts settled.
            redraw(&model, previous: now, now: now + 5, painter: painter, frame: frame, display: display)
        }
        return ToggleFigures(toggleMs: Stopwatch.median(samples), pixels: damage.reduce(0) { $0 + $1.area }, damage: damage)
    }

    /// What `PanelSession.paint` does for one frame: damage, repaint, copy to the screen buffer.
    @discardableResult
    static func redraw(_ model: inout PanelModel, previous: Double, now: Double, painter: PanelPainter,
                       frame: PixelBuffer, display: HeadlessDisplay) -> [Rect] {
        let damage = model.takeDamage(previousFrame: previous, now: now).map { $0.intersection(frame.bounds) }.filter { !$0.isEmpty }
        for rect in damage { painter.draw(model, at: now, into: frame, clip: rect) }
        try? display.present(frame, damage: damage, rotation: .r0)
        return damage
    }
}
