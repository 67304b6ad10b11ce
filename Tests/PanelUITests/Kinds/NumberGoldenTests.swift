import Testing
@testable import PanelUI

/// Sliders and steppers in every state, in each named theme, and on a small screen and at 2x:
/// at `min`, between, at `max`, under a finger, disabled; a stepper at each end (that button
/// faded) and with + held.
struct NumberGoldenTests {
    static let yaml = """
        title: Numbers
        theme: THEME
        sections:
          - title: Sliders
            controls:
              - {id: s0, kind: slider, label: At min, unit: "%"}
              - {id: s1, kind: slider, label: Brightness, unit: "%", default: 60}
              - {id: s2, kind: slider, label: At max, unit: "%", default: 100}
              - {id: s3, kind: slider, label: Pressed, unit: "%", default: 30}
              - {id: s4, kind: slider, label: Disabled, unit: "%", default: 40, enabled: false}
          - title: Steppers
            controls:
              - {id: t0, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, unit: "°C", default: 21.5}
              - {id: t1, kind: stepper, label: At min, min: 0, max: 5, default: 0}
              - {id: t2, kind: stepper, label: At max, min: 0, max: 5, default: 5}
              - {id: t3, kind: stepper, label: Pressed, min: 0, max: 5, default: 2}
              - {id: t4, kind: stepper, label: Disabled, min: 0, max: 5, default: 3, enabled: false}
        """

    static func render(theme: String, size: Size, scale: Double = 1) throws -> PixelBuffer {
        let description = try PanelDescription.parse(yaml.replacingEvery("THEME", with: theme), file: "n.yml", fileExists: { _ in true })
        let fonts = FontCache()
        var model = PanelModel(description: description,
                               layout: PanelLayout(description: description, logicalSize: size, scale: scale, fonts: fonts))
        let targets = model.layout.targets
        // A finger on the pressed slider's knob and on the pressed stepper's + button.
        let slider = SliderGeometry(targets[3])
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: model.onScreen(Rect(x: Int(slider.knobX(0.3)), y: targets[3].controlFrame.center.yInt, width: 1, height: 1), at: 0).center), at: 0)
        _ = model.handle(PanelTouch(phase: .down, slot: 1, position: model.onScreen(StepperGeometry(targets[8]).button(1), at: 0).center), at: 0)
        let buffer = PixelBuffer(size: size)
        try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size).draw(model, at: 0, into: buffer, clip: buffer.bounds)
        return buffer
    }

    @Test(arguments: ["light", "dark", "high-contrast"])
    func everyStateInEachTheme(theme: String) throws {
        expectGolden(try Self.render(theme: theme, size: Size(width: 800, height: 900)), named: "kinds/numbers-\(theme)")
    }

    @Test func aSmallScreenAndTwiceTheScale() throws {
        expectGolden(try Self.render(theme: "light", size: Size(width: 320, height: 900)), named: "kinds/numbers-320-wide")
        expectGolden(try Self.render(theme: "dark", size: Size(width: 1600, height: 1800), scale: 2), named: "kinds/numbers-dark-2x")
    }
}

extension Point {
    var yInt: Int { Int(y) }
}
