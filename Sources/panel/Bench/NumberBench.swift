import PanelUI

/// What one step of a slider and one press of a stepper cost, frame by frame, like the toggle
/// figures (`ToggleBench`): the frame that shows the change timed from the touch entering the
/// model to its damage in the screen buffer, its repainted pixels, and a check that its damage
/// lies within what moved (the knob's way with its halo and the value's text; the pressed
/// button and the value), stated here from the layout's public frames.
struct StepFigures {
    struct Frame {
        var label: String
        var ms: Double
        var pixels: Int
    }

    var name: String
    var frames: [Frame]
    /// The pixels of what moved, the most the frames may repaint.
    var movedPixels: Int
}

enum NumberBench {
    static let yaml = """
        title: Numbers
        theme: {row_height: 52}
        sections:
          - controls:
              - {id: level, kind: slider, label: Brightness, step: 5, unit: "%", default: 50}
              - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 21.5}
        """

    static func measure(size: Size, fonts: FontCache, repeats: Int) throws -> [StepFigures] {
        let description = try PanelDescription.parse(yaml, file: "(benchmark numbers)", fileExists: { _ in true })
        return [try sliderStep(description, size: size, fonts: fonts, repeats: repeats),
                try stepperPress(description, size: size, fonts: fonts, repeats: repeats)]
    }

    /// A finger on the knob moves it one step (right, then back left): the move's frame.
    static func sliderStep(_ description: PanelDescription, size: Size, fonts: FontCache, repeats: Int) throws -> StepFigures {
        let panel = try BenchPanel(description: description, size: size, fonts: fonts, keepsCopy: true)
        let row = panel.model.layout.targets[0], track = row.controlFrame
        let step = Double(track.width) / 20
        let reach = Double(track.height) / 2 + Double(row.haloMargin)
        func x(_ value: Double) -> Double { Double(track.x) + Double(track.width) * value / 100 }
        /// The knob's way from `a` to `b` (values), halo included, and the value's text.
        func moved(_ a: Double, _ b: Double) -> [Rect] {
            let left = Int(pixels: (x(min(a, b)) - reach).rounded(.down)) - 2, right = Int(pixels: (x(max(a, b)) + reach).rounded(.up)) + 2
            let band = Rect(x: left, y: row.frame.y, width: right - left, height: row.frame.height).intersection(row.frame)
            return [band, row.valueFrame]
        }
        var samples: [Double] = []
        var pixels = 0, movedPixels = 0
        var value = 50.0
        for i in 0..<(repeats + 2) {
            let start = Double(i) * 10, y = track.center.y
            panel.touch(.down, Point(x: x(value), y: y), at: start)
            panel.redraw(at: start)
            let next = i % 2 == 0 ? value + 5 : value - 5
            var damage = FrameDamage(repaint: [])
            let ms = Stopwatch.milliseconds {
                panel.touch(.motion, Point(x: x(value) + (next > value ? step : -step), y: y), at: start + 0.05)
                damage = panel.redraw(at: start + 0.05)
            }
            guard panel.model.values[0] == .number(next) else {
                throw CommandFailure(message: "panel bench: a one-step move set \(panel.model.values[0]), not \(next)", status: ExitStatus.failure)
            }
            try check(damage, within: moved(value, next), "slider step")
            if i >= 2 { samples.append(ms) }
            pixels = damage.repaintedPixels
            movedPixels = moved(value, next).reduce(0) { $0 + $1.area }
            panel.touch(.up, Point(x: x(next), y: y), at: start + 0.1)
            panel.redraw(at: start + 0.1)
            panel.settle(from: start + 0.1)
            value = next
        }
        return StepFigures(name: "slider step", frames: [.init(label: "move", ms: Stopwatch.median(samples), pixels: pixels)],
                           movedPixels: movedPixels)
    }

    /// A tap on + (then −): the press frame shows the pressed button, the release frame the new value.
    static func stepperPress(_ description: PanelDescription, size: Size, fonts: FontCache, repeats: Int) throws -> StepFigures {
        let panel = try BenchPanel(description: description, size: size, fonts: fonts, keepsCopy: true)
        let row = panel.model.layout.targets[1], stepper = row.controlFrame, value = row.valueFrame
        let plus = Rect(x: value.maxX, y: stepper.y, width: stepper.maxX - value.maxX, height: stepper.height)
        let minus = Rect(x: stepper.x, y: stepper.y, width: value.minX - stepper.x, height: stepper.height)
        var downs: [Double] = [], ups: [Double] = []
        var downPixels = 0, upPixels = 0
        for i in 0..<(repeats + 2) {
            let start = Double(i) * 10
            let button = i % 2 == 0 ? plus : minus
            var damage = FrameDamage(repaint: [])
            let down = Stopwatch.milliseconds {
                panel.touch(.down, button.center, at: start)
                damage = panel.redraw(at: start)
            }
            try check(damage, within: [button], "stepper press")
            downPixels = damage.repaintedPixels
            let up = Stopwatch.milliseconds {
                panel.touch(.up, button.center, at: start + 0.1)
                damage = panel.redraw(at: start + 0.1)
            }
            try check(damage, within: [button, value], "stepper release")
            guard panel.model.values[1] == .number(i % 2 == 0 ? 22 : 21.5) else {
                throw CommandFailure(message: "panel bench: a tap on the stepper set \(panel.model.values[1])", status: ExitStatus.failure)
            }
            upPixels = damage.repaintedPixels
            if i >= 2 {
                downs.append(down)
                ups.append(up)
            }
            panel.settle(from: start + 0.1)
        }
        return StepFigures(name: "stepper press", frames: [.init(label: "press", ms: Stopwatch.median(downs), pixels: downPixels),
                                                           .init(label: "release", ms: Stopwatch.median(ups), pixels: upPixels)],
                           movedPixels: plus.area + value.area)
    }

    /// Fails the benchmark when a frame repaints outside what moved.
    static func check(_ damage: FrameDamage, within allowed: [Rect], _ what: String) throws {
        for rect in damage.repaint where !allowed.contains(where: { $0.contains(rect) }) {
            throw CommandFailure(message: "panel bench: a \(what) frame repainted \(rect), outside what moved (\(allowed))",
                                 status: ExitStatus.failure)
        }
        if damage.move != nil {
            throw CommandFailure(message: "panel bench: a \(what) frame scrolled", status: ExitStatus.failure)
        }
    }
}
