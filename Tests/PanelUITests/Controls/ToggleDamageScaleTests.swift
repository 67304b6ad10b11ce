import Testing
@testable import PanelUI

/// Issue 13: at every scale a toggle repaints only what it changes, the control and its
/// label (the halo counted with the control: `pressedFrame`), never the rest of its row,
/// for press, release and every animation frame, and for a radio group only the options
/// whose look changes. Drawn too: outside the damage, a frame's pixels equal the last's.
struct ToggleDamageScaleTests {
    static let yaml = """
        title: Damage
        sections:
          - title: Controls
            controls:
              - {id: box, kind: checkbox, label: A checkbox}
              - {id: mode, kind: radio, label: Mode, options: [eco, balanced, performance], default: eco}
              - {id: sw, kind: switch, label: A switch}
        """
    let fonts = FontCache()

    /// Pixels of `rect` outside every one of `allowed`.
    static func outside(_ rect: Rect, _ allowed: [Rect]) -> Int {
        var count = 0
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX where !allowed.contains(where: { $0.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) }) {
                count += 1
            }
        }
        return count
    }

    @Test(arguments: [1.0, 1.5, 2.0, 3.0], [("box", nil), ("mode", "performance"), ("sw", nil)] as [(String, String?)])
    func toggleDamageStaysOnTheControlAndItsLabel(_ scale: Double, _ control: (id: String, option: String?)) throws {
        let description = try PanelDescription.parse(Self.yaml, file: "damage.yml", fileExists: { _ in true })
        let size = Size(width: Int(800 * scale), height: Int(480 * scale))
        let layout = PanelLayout(description: description, logicalSize: size, scale: scale, fonts: fonts)
        var model = PanelModel(description: description, layout: layout)
        let painter = try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size)
        let index = description.controls.firstIndex { $0.id == control.id }!
        func target(_ option: String?) -> PanelLayout.Row {
            layout.targets.first { row in
                guard case .control(index, let o) = row.kind else { return false }
                return o.map { description.controls[index].options[$0] } == option
            }!
        }
        let tapped = target(control.option)
        // The tapped option and the one it deselects change; nothing else may be repainted.
        var changing = [tapped]
        if control.option != nil { changing.append(target("eco")) }
        let allowed = changing.flatMap { [$0.controlFrame, $0.labelFrame, $0.pressedFrame] }

        let frame = PixelBuffer(size: size)
        _ = model.takeFrameDamage(previousFrame: 0, now: 0)
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)
        var last = 0.0
        func step(_ now: Double, _ what: String) {
            let damage = model.takeFrameDamage(previousFrame: last, now: now)
            #expect(damage.move == nil)
            let before = Array(frame.pixels)
            for rect in damage.repaint {
                #expect(Self.outside(rect, allowed) == 0, "\(what) at \(scale): \(rect) leaves \(allowed)")
            }
            painter.draw(model, at: now, into: frame, damage: damage)
            // What a full repaint draws differs from the last frame only inside the damage.
            let full = PixelBuffer(size: size)
            painter.draw(model, at: now, into: full, clip: full.bounds)
            var stray = 0
            for i in 0..<(size.width * size.height) where full.pixels[i] != before[i] {
                let p = Point(x: Double(i % size.width) + 0.5, y: Double(i / size.width) + 0.5)
                if !damage.repaint.contains(where: { $0.contains(p) }) { stray += 1 }
            }
            #expect(stray == 0, "\(what) at \(scale): \(stray) changed pixels outside the damage")
            last = now
        }
        let point = tapped.frame.center
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: point), at: 1)
        step(1, "press")
        _ = model.handle(PanelTouch(phase: .up, slot: 0, position: point), at: 1.1)
        step(1.1, "release")
        var now = 1.1, frames = 0
        while model.isAnimating(at: now), frames < 200 {
            now += 1.0 / 60
            frames += 1
            step(now, "frame \(frames)")
        }
        #expect(frames > 3, "the toggle animates")
    }
}
