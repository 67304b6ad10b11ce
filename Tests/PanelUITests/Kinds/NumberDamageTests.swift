import Testing
@testable import PanelUI

/// At every scale a slider's drag, its animated set from outside and a stepper's press and
/// hold repaint only what moved (the knob's way with its halo, the value's text, the pressed
/// button), every frame; outside the damage a full repaint equals the last frame, and
/// repainting only the damage gives the pixels of a full repaint.
struct NumberDamageTests {
    static let yaml = """
        title: Damage
        sections:
          - title: Numbers
            controls:
              - {id: level, kind: slider, label: Level, unit: "%", default: 50, send: continuous}
              - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 27}
              - {id: sw, kind: switch, label: A switch}
        """
    let fonts = FontCache()

    /// A panel at `scale` with a frame drawn, and a check of each step's damage.
    final class Rig {
        let layout: PanelLayout
        var model: PanelModel
        let painter: PanelPainter
        let frame: PixelBuffer
        let size: Size
        var last = 0.0
        var frames = 0

        init(scale: Double, fonts: FontCache, theme: String = "light") throws {
            let yaml = NumberDamageTests.yaml.replacingEvery("title: Damage", with: "title: Damage\ntheme: \(theme)")
            let description = try PanelDescription.parse(yaml, file: "d.yml", fileExists: { _ in true })
            size = Size(width: Int(800 * scale), height: Int(480 * scale))
            layout = PanelLayout(description: description, logicalSize: size, scale: scale, fonts: fonts)
            model = PanelModel(description: description, layout: layout)
            painter = try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size)
            frame = PixelBuffer(size: size)
            _ = model.takeFrameDamage(previousFrame: 0, now: 0)
            painter.draw(model, at: 0, into: frame, clip: frame.bounds)
        }

        func touch(_ phase: TouchPhase, _ p: Point, at t: Double) -> [PanelEvent] {
            model.handle(PanelTouch(phase: phase, slot: 0, position: p), at: t)
        }

        /// Takes the frame at `now`: every damage rectangle inside `allowed`, no changed pixel
        /// outside the damage, and the partial repaint equal to a full one.
        func step(_ now: Double, allowed: [Rect], _ what: String) {
            _ = model.advance(to: now)
            let damage = model.takeFrameDamage(previousFrame: last, now: now)
            #expect(damage.move == nil)
            for rect in damage.repaint {
                #expect(ToggleDamageScaleTests.outside(rect, allowed) == 0, "\(what): \(rect) leaves \(allowed)")
            }
            let before = Array(frame.pixels)
            painter.draw(model, at: now, into: frame, damage: damage)
            let full = PixelBuffer(size: size)
            painter.draw(model, at: now, into: full, clip: full.bounds)
            var stray = 0, differing = 0
            for i in 0..<(size.width * size.height) {
                if full.pixels[i] != frame.pixels[i] { differing += 1 }
                guard full.pixels[i] != before[i] else { continue }
                let p = Point(x: Double(i % size.width) + 0.5, y: Double(i / size.width) + 0.5)
                if !damage.repaint.contains(where: { $0.contains(p) }) { stray += 1 }
            }
            #expect(stray == 0, "\(what): \(stray) changed pixels outside the damage")
            #expect(differing == 0, "\(what): the partial repaint differs from a full one in \(differing) pixels")
            last = now
            frames += 1
        }
    }

    @Test(arguments: [1.0, 1.5, 2.0, 3.0])
    func sliderDamageIsTheKnobsWayAndTheValue(_ scale: Double) throws {
        let rig = try Rig(scale: scale, fonts: fonts)
        let row = rig.layout.targets[0], g = SliderGeometry(row), track = row.controlFrame
        func x(_ f: Double) -> Double { g.knobX(f) }
        let y = track.center.y
        var shown = 0.5
        // Down on the knob: its halo; each move: the knob's way from where it was and the text.
        _ = rig.touch(.down, Point(x: x(0.5), y: y), at: 1)
        rig.step(1, allowed: [g.span(0.5, 0.5)], "press")
        var now = 1.0
        for f in [0.53, 0.6, 0.72, 0.9, 0.31, 0.0] {
            now += 1.0 / 60
            _ = rig.touch(.motion, Point(x: x(f), y: y), at: now)
            let value = row.target.map { _ in rig.model.onness(ofTarget: 0, at: now) } ?? f
            rig.step(now, allowed: [g.span(shown, value), row.valueFrame], "move to \(f) at \(scale)")
            shown = value
        }
        now += 1.0 / 60
        _ = rig.touch(.up, Point(x: x(0), y: y), at: now)
        rig.step(now, allowed: [g.span(0, 0)], "release")
        // Set from outside, animated: the frames repaint the knob's way, the first the text too.
        now += 1
        _ = rig.model.setValue(.number(80), ofControl: 0, animated: true, at: now)
        var previous = 0.0
        var moving = 0
        repeat {
            let allowed = [g.span(previous, rig.model.onness(ofTarget: 0, at: now)), row.valueFrame]
            rig.step(now, allowed: allowed, "animation at \(now)")
            previous = rig.model.onness(ofTarget: 0, at: now)
            now += 1.0 / 60
            moving += 1
        } while rig.model.isAnimating(at: now - 1.0 / 60) && moving < 100
        #expect(moving > 3, "the set animates")
        #expect(rig.model.values[0] == .number(80))
    }

    @Test(arguments: [1.0, 1.5, 2.0, 3.0])
    func stepperDamageIsThePressedButtonAndTheValue(_ scale: Double) throws {
        let rig = try Rig(scale: scale, fonts: fonts)
        let row = rig.layout.targets[1], g = StepperGeometry(row)
        let plus = g.button(1), minus = g.button(-1)
        _ = rig.touch(.down, plus.center, at: 1)
        rig.step(1, allowed: [plus], "press +")
        // Held: 27.5 at 1.5 s, 28 (max: + looks disabled) at 1.6; nothing more after.
        for frame in 1...60 {
            let now = 1 + Double(frame) / 60
            rig.step(now, allowed: [plus, row.valueFrame], "hold at \(now)")
        }
        #expect(rig.model.values[1] == .number(28))
        _ = rig.touch(.up, plus.center, at: 2.1)
        rig.step(2.1, allowed: [plus], "release +")
        _ = rig.touch(.down, minus.center, at: 3)
        rig.step(3, allowed: [minus], "press −")
        _ = rig.touch(.up, minus.center, at: 3.1)
        // Leaving max: the + button comes back.
        rig.step(3.1, allowed: [minus, row.valueFrame, plus], "release −")
        #expect(rig.model.values[1] == .number(27.5))
    }

    /// `pressed: row` highlights rows of other kinds; a slider and a stepper keep their own
    /// pressed look (the knob's halo, the pressed button) and repaint only that.
    @Test func rowHighlightThemesKeepTheWidgetsOwnPressedLook() throws {
        let rig = try Rig(scale: 1, fonts: fonts, theme: "{pressed: row}")
        let slider = rig.layout.targets[0], stepper = rig.layout.targets[1]
        let knob = SliderGeometry(slider).span(0.5, 0.5), plus = StepperGeometry(stepper).button(1)
        _ = rig.touch(.down, Point(x: SliderGeometry(slider).knobX(0.5), y: slider.controlFrame.center.y), at: 1)
        rig.step(1, allowed: [knob], "slider press")
        _ = rig.touch(.up, Point(x: SliderGeometry(slider).knobX(0.5), y: slider.controlFrame.center.y), at: 1.1)
        rig.step(1.1, allowed: [knob], "slider release")
        _ = rig.touch(.down, plus.center, at: 2)
        rig.step(2, allowed: [plus], "stepper press")
        _ = rig.touch(.up, plus.center, at: 2.1)
        rig.step(2.1, allowed: [plus, stepper.valueFrame], "stepper release")
        // And a switch still fills its row.
        let row = rig.layout.targets[2]
        _ = rig.touch(.down, row.frame.center, at: 3)
        rig.step(3, allowed: [row.frame], "switch press")
    }
}
