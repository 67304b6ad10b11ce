import PanelUI

/// What one tap that turns a control on costs, frame by frame on a 60 Hz virtual clock, each
/// frame timed from its touch entering the model (the touch-up frame) or its start to the
/// damaged pixels in the screen buffer (the headless display's copy, which is what a DRM
/// back buffer gets). The state-file save that follows a change is disk time, not drawing time,
/// and is not part of it.
struct TapFigures {
    /// The animation (or "switch").
    var name: String
    /// The frame at touch-up: it takes the pressed halo away; the widget still shows its old
    /// state unless the animation takes no time.
    var touchUpMs: Double
    var touchUpPixels: Int
    /// The first frame after touch-up whose pixels inside the widget differ from before the tap.
    var firstVisibleMs: Double
    var firstVisiblePixels: Int
    /// Which frame that is: 0 the touch-up frame, 1 the next one…
    var firstVisibleFrame: Int
    /// Every frame from touch-up until the animation has settled: their sum, how many, the
    /// largest one of a tap, and the pixels they repaint together.
    var animationTotalMs: Double
    var animationFrames: Int
    var largestFrameMs: Double
    var animationPixels: Int
}

enum ToggleBench {
    /// Medians over `repeats` taps on the target of control `controlID`, each from a settled
    /// panel with the control off (an untimed second tap turns it off again).
    static func measure(description: PanelDescription, name: String, size: Size, fonts: FontCache,
                        controlID: String, repeats: Int) throws -> TapFigures {
        let panel = try BenchPanel(description: description, size: size, fonts: fonts, keepsCopy: true)
        guard let index = description.controls.firstIndex(where: { $0.id == controlID }),
              let target = panel.model.layout.targets.firstIndex(where: {
                  if case .control(index, _) = $0.kind { return true } else { return false }
              }) else {
            throw CommandFailure(message: "panel bench: the \(name) scene has no \(controlID) control", status: ExitStatus.failure)
        }
        let row = panel.model.layout.targets[target]
        let centre = row.frame.center
        var samples: [Tap] = []
        // Two untimed taps first: kept shape masks and glyphs are made, as in a panel that has run a while.
        for i in 0..<(repeats + 2) {
            let start = Double(i) * 20
            guard !panel.model.isOn(target: target) else {
                throw CommandFailure(message: "panel bench: \(controlID) did not turn off again", status: ExitStatus.failure)
            }
            let tap = try Tap(panel, at: centre, widget: row.controlFrame, start: start)
            if i >= 2 { samples.append(tap) }
            // Back off, untimed, and let it settle.
            let off = panel.lastFrame + 1
            panel.touch(.down, centre, at: off)
            panel.redraw(at: off)
            panel.touch(.up, centre, at: off + 0.05)
            panel.redraw(at: off + 0.05)
            panel.settle(from: off + 0.05)
        }
        guard let last = samples.last else { throw CommandFailure(message: "panel bench: no taps", status: ExitStatus.failure) }
        return TapFigures(name: name, touchUpMs: Stopwatch.median(samples.map { $0.frames[0].ms }), touchUpPixels: last.frames[0].pixels,
                          firstVisibleMs: Stopwatch.median(samples.map { $0.frames[$0.firstVisible].ms }),
                          firstVisiblePixels: last.frames[last.firstVisible].pixels, firstVisibleFrame: last.firstVisible,
                          animationTotalMs: Stopwatch.median(samples.map { $0.frames.reduce(0) { $0 + $1.ms } }),
                          animationFrames: last.frames.count,
                          largestFrameMs: Stopwatch.median(samples.map { $0.frames.map(\.ms).max()! }),
                          animationPixels: last.frames.reduce(0) { $0 + $1.pixels })
    }

    /// One tap's frames: the one at touch-up first, then every animation frame.
    private struct Tap {
        var frames: [(ms: Double, pixels: Int)] = []
        /// Which of `frames` first shows a change inside the widget.
        var firstVisible = 0

        init(_ panel: BenchPanel, at centre: Point, widget: Rect, start: Double) throws {
            let widget = panel.model.onScreen(widget, at: start)
            let before = panel.pixels(in: widget)
            panel.touch(.down, centre, at: start)
            panel.redraw(at: start)
            var now = start + 0.1
            var damage = FrameDamage(repaint: [])
            let at = now
            frames.append((Stopwatch.milliseconds {
                panel.touch(.up, centre, at: at)
                damage = panel.redraw(at: at)
            }, damage.repaintedPixels))
            var seen = panel.pixels(in: widget) != before
            while panel.model.isAnimating(at: now) {
                let previous = now
                now += PanelSession.frameInterval
                let at = now
                frames.append((Stopwatch.milliseconds { damage = panel.redraw(at: at) }, damage.repaintedPixels))
                if !seen, panel.pixels(in: widget) != before {
                    seen = true
                    firstVisible = frames.count - 1
                }
                guard now - previous < 1, frames.count < 10_000 else { break }
            }
            guard seen else {
                throw CommandFailure(message: "panel bench: a tap at \(centre) never changed the widget's pixels", status: ExitStatus.failure)
            }
        }
    }
}
