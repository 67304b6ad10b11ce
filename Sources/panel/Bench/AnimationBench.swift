import PanelUI

/// One animation frame of each kind: what a 60 Hz frame in the middle of a checkbox's
/// on-animation (one per animation type) or a switch's slide repaints, its widget's box,
/// from the row background up, copied to the screen buffer.
enum AnimationBench {
    static let checkboxAnimations = ["stroke", "fill", "bounce", "flat", "one_stroke", "fade"]

    /// A panel with one checkbox per animation type and a switch, all off.
    static let yaml: String = {
        var lines = ["title: Animations", "theme: {row_height: 52}", "sections:", "  - controls:"]
        for name in checkboxAnimations {
            lines.append("      - {id: \(name), kind: checkbox, label: \(name), on_animation: \(name)}")
        }
        lines.append("      - {id: switch, kind: switch, label: switch}")
        return lines.joined(separator: "\n")
    }()

    /// Median milliseconds per frame, by animation name ("switch" for the switch).
    static func measure(size: Size, fonts: FontCache, repeats: Int) throws -> [(name: String, ms: Double)] {
        let description = try PanelDescription.parse(yaml, file: "(benchmark animations)", fileExists: { _ in true })
        let layout = PanelLayout(description: description, logicalSize: size)
        var model = PanelModel(description: description, layout: layout)
        let painter = try PanelPainter(description: description, fonts: fonts)
        let frame = PixelBuffer(size: size)
        let display = HeadlessDisplay(size: size, keepsCopy: true)
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)

        var figures: [(name: String, ms: Double)] = []
        for (index, control) in description.controls.enumerated() {
            _ = model.setValue(.bool(true), ofControl: index, animated: true, at: 0)
            let middle = model.animationDuration(ofControl: index) / 2
            let box = model.onScreen(layout.targets[index].controlFrame, at: middle)
            var samples: [Double] = []
            for _ in 0..<repeats {
                samples.append(Stopwatch.milliseconds {
                    painter.draw(model, at: middle, into: frame, clip: box)
                    try? display.present(frame, damage: [box], rotation: .r0)
                })
            }
            figures.append((control.kind == .switch ? "switch" : control.id, Stopwatch.median(samples)))
        }
        return figures
    }
}
