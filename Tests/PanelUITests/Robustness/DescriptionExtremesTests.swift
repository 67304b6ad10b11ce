import Testing
@testable import PanelUI

/// Every number a description holds (sizes, scale, times, percentages, a number control's
/// range, the calibration matrix) written as the extremes YAML can spell: each is refused with
/// the file, the line of that value and a message, or taken, and then the panel lays out, draws
/// and takes a finger on every row without trapping.
struct DescriptionExtremesTests {
    /// Texts YAML or Double(_:) reads as NaN, infinities, numbers past Int or Int32, and -0.
    static let extremes = ["nan", ".nan", "NaN", ".inf", "-.inf", "inf", "-infinity", "1e300", "-1e300", "1e-300", "4.9e-324",
                           "9223372036854775808", "9223372036854775807", "-9223372036854775808", "2147483648", "-2147483649",
                           "1e19", "-0.0", "-0", "0x7fffffffffffffff", "1e+308", "1.7976931348623157e308"]

    /// A list longer than a 320x240 screen, with a control of every kind that holds a number.
    static let panel = """
    title: Extremes
    sections:
      - title: Numbers
        controls:
          - {id: level, kind: slider, label: Level, min: 0, max: 100, step: 5, unit: "%", default: 50}
          - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, default: 21.5}
          - {id: wifi, kind: switch, label: Wi-Fi, default: true}
          - {id: box, kind: checkbox, label: Box}
          - {id: ip, kind: value, label: Address}
      - title: More
        controls:
          - {id: mode, kind: radio, label: Mode, options: [eco, full], default: eco}
          - {id: s1, kind: switch, label: One}
          - {id: s2, kind: switch, label: Two}
          - {id: s3, kind: switch, label: Three}
    """

    /// Where the value goes: `X` is replaced by each extreme. Lines before `panel` are its top.
    static let places: [(top: String, control: String?)] = [
        ("scale: X", nil), ("physical_size: [X, 100]\nscale: auto", nil), ("physical_size: [100, X]", nil),
        ("blank_after: X", nil), ("calibration: [X, 0, 0, 0, 1, 0]", nil), ("calibration: [1, 0, 0, 0, 1, X]", nil), ("columns: X", nil),
        ("theme: {font_size: X}", nil), ("theme: {row_height: X}", nil), ("theme: {line_width: X}", nil),
        ("theme: {animation_duration: X}", nil), ("theme: {label_font_size: X}", nil),
        ("idle: {dim_after: X, off_after: 300}", nil), ("idle: {off_after: X}", nil), ("idle: {dim_after: 10, dim_to: X%}", nil),
        ("night: {from: \"22:00\", until: \"06:00\", brightness: X%}", nil),
        ("burn_in: {shift_every: X}", nil), ("burn_in: {max_shift: X}", nil),
        ("", "{id: x, kind: slider, min: X}"), ("", "{id: x, kind: slider, max: X}"), ("", "{id: x, kind: slider, step: X}"),
        ("", "{id: x, kind: slider, default: X}"), ("", "{id: x, kind: slider, min: -X, max: X}"),
        ("", "{id: x, kind: slider, min: 0, max: 1, step: X}"), ("", "{id: x, kind: slider, send: continuous, interval: X}"),
        ("", "{id: x, kind: stepper, min: X, max: 1e9}"), ("", "{id: x, kind: stepper, default: X}"),
        ("", "{id: x, kind: slider, bind: backlight, min_brightness: X%}"),
        ("", "{id: x, kind: button, action: {exec: [\"true\"], timeout: X}}"),
        ("", "{id: x, kind: value, source: {exec: [date], every: X}}"),
        ("", "{id: x, kind: value, source: {exec: [date], every: 60, timeout: X}}"),
        ("", "{id: x, kind: switch, label_font_size: X}"), ("", "{id: x, kind: checkbox, line_width: X}"),
    ]

    @Test(arguments: DescriptionExtremesTests.extremes)
    func everyNumberIsRefusedWhereWrittenOrTaken(_ extreme: String) throws {
        let fonts = FontCache()
        var taken = 0
        for place in Self.places {
            var yaml = place.top.isEmpty ? "" : place.top.replacingX(with: extreme) + "\n"
            yaml += Self.panel + "\n"
            if let control = place.control { yaml += "      - " + control.replacingX(with: extreme) + "\n" }
            let line = yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(extreme) }.map { $0 + 1 }
            let description: PanelDescription
            do {
                description = try PanelDescription.parse(yaml, file: "x.yaml", fileExists: { _ in true })
            } catch {
                #expect(error.file == "x.yaml" && !error.message.isEmpty)
                #expect(error.location.line == line, "\(place) = \(extreme): \(error)")
                continue
            }
            taken += 1
            try use(description, fonts: fonts)
        }
        #expect(taken < Self.places.count, "\(extreme) is refused somewhere")
        // A calibration matrix takes any finite number (libinput's does), so those panels run.
        if Double(extreme)?.isFinite == true { #expect(taken > 0, "\(extreme) is taken somewhere") }
    }

    /// Lays the panel out as `panel run` does (its scale chosen from the description), draws it
    /// and drags a finger across each row.
    private func use(_ description: PanelDescription, fonts: FontCache) throws {
        let size = Size(width: 320, height: 240)
        let scale = ScaleChoice.choose(setting: description.scale, screen: size, physical: description.physicalSize, source: "test").factor
        var model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, scale: scale))
        let painter = try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size)
        let buffer = PixelBuffer(size: size)
        painter.draw(model, at: 0, into: buffer, clip: buffer.bounds)
        var now = 0.0
        for target in model.layout.targets {
            let frame = model.onScreen(target.frame, at: now)
            guard !frame.isEmpty else { continue }
            now += 0.5
            _ = model.handle(PanelTouch(phase: .down, slot: 0, position: frame.center), at: now)
            _ = model.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: Double(frame.maxX) + 400, y: frame.center.y)), at: now + 0.1)
            _ = model.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: Double(frame.maxX) + 400, y: frame.center.y)), at: now + 0.2)
            now += 1
            _ = model.advance(to: now)
            for rect in model.takeDamage(previousFrame: now - 1, now: now) { painter.draw(model, at: now, into: buffer, clip: rect) }
        }
    }
}

private extension String {
    func replacingX(with text: String) -> String {
        split(separator: "X", omittingEmptySubsequences: false).joined(separator: text)
    }
}
