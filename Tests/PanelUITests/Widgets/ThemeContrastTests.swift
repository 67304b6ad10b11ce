import Testing
@testable import PanelUI

/// WCAG 2.1 contrast measured from the pixels the painters draw, for every widget state in
/// every named theme: off and on outlines, tracks and fills (also disabled and pressed) reach
/// 3:1 against what is next to them (1.4.11), and labels, detail lines, headers and the title
/// 4.5:1 (1.4.3).
struct ThemeContrastTests {
    /// The themes as a description writes them.
    static let themes = ["light", "dark", "high-contrast", "{row_height: 64}", "{base: dark, accent: \"#FF9500\"}", "{base: high-contrast, pressed: row}", "{pressed: row}", "{base: dark, pressed: row}"]

    static func yaml(theme: String) -> String {
        func controls(_ prefix: String, enabled: Bool) -> String {
            let e = enabled ? "" : ", enabled: false"
            // Every other control has a detail line, so rows with and without one are measured.
            return """
                  - {id: \(prefix)s0, kind: switch, label: Switch off, detail: Detail of a switch\(e)}
                  - {id: \(prefix)s1, kind: switch, label: Switch on, default: true\(e)}
                  - {id: \(prefix)c0, kind: checkbox, label: Box off, detail: Detail of a box\(e)}
                  - {id: \(prefix)c1, kind: checkbox, label: Box on, default: true\(e)}
                  - {id: \(prefix)r, kind: radio, label: Radio, detail: Detail of a group, options: [off, on], default: "on"\(e)}
                  - {id: \(prefix)sl, kind: slider, label: Slider, unit: "%", default: 40\(e)}
                  - {id: \(prefix)st, kind: stepper, label: Stepper, min: 0, max: 10, default: 5\(e)}
                  - {id: \(prefix)sm, kind: stepper, label: At min, min: 0, max: 10, default: 0\(e)}
                  - {id: \(prefix)b, kind: button, label: Button\(e)}
                  - {id: \(prefix)x, kind: button, label: Destructive, style: destructive\(e)}

            """
        }
        return "title: Contrast\ntheme: \(theme)\nsections:\n"
            + "  - title: Enabled\n    controls:\n" + controls("e", enabled: true)
            + "  - title: Disabled\n    controls:\n" + controls("d", enabled: false)
            + "  - title: Pressed\n    controls:\n" + controls("p", enabled: true)
    }

    /// One measurement that fell short, for the failure message.
    struct Shortfall: CustomStringConvertible {
        var what: String
        var ratio: Double
        var needed: Double
        var description: String { "\(what): \((ratio * 100).rounded() / 100):1, needs \(needed):1" }
    }


    static func color(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Color {
        Color(rgb: buffer[x, y] & 0xFFFFFF)
    }

    /// The pixel in `area` that contrasts most with `reference`, and its ratio.
    static func mostDistinct(_ buffer: PixelBuffer, in area: Rect, against reference: Color) -> Double {
        var best = 1.0
        let area = area.intersection(buffer.bounds)
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                best = max(best, color(buffer, x, y).contrast(with: reference))
            }
        }
        return best
    }

    /// Renders the theme's panel, every control of the "Pressed" section under a finger, and
    /// measures each widget, label and header; returns what fell short.
    static func shortfalls(theme: String) throws -> [Shortfall] {
        let description = try PanelDescription.parse(yaml(theme: theme), file: "contrast.yml", fileExists: { _ in true })
        let size = Size(width: 800, height: 2800)
        let fonts = FontCache()
        var model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, fonts: fonts))
        let layout = model.layout
        // A detail line is the last line of a row's text block, in the header's font.
        let detailHeight = Int(try fonts.font(path: description.theme.font, pixelSize: layout.metrics.headerFontSize).lineHeight.rounded(.up))
        let pressedSection = layout.sections[2]
        for (slot, row) in pressedSection.rows.enumerated() where row.target != nil {
            // A stepper is pressed on its + button, the rest anywhere on the row.
            let isStepper = row.controlFrame.width > 0 && description.controls[model.controlIndex(ofTarget: row.target!)].kind == .stepper
            let at = isStepper ? StepperGeometry(row).button(1).center : row.frame.center
            _ = model.handle(PanelTouch(phase: .down, slot: slot, position: at), at: 0)
        }
        let buffer = PixelBuffer(size: size)
        try PanelPainter(description: description, fonts: fonts).draw(model, at: 0, into: buffer, clip: buffer.bounds)

        var short: [Shortfall] = []
        func expect(_ ratio: Double, _ needed: Double, _ what: String) {
            if ratio < needed { short.append(Shortfall(what: "\(theme): \(what)", ratio: ratio, needed: needed)) }
        }
        let page = color(buffer, 2, layout.titleFrame!.maxY + 2)
        expect(mostDistinct(buffer, in: layout.titleFrame!, against: page), 4.5, "title")
        for (s, section) in layout.sections.enumerated() {
            let header = section.headerFrame!
            expect(mostDistinct(buffer, in: header, against: color(buffer, header.minX + 2, header.minY + 2)), 4.5, "header \(s)")
            for row in section.rows {
                let f = row.frame
                // The row's own colour, away from its widget, label and halo.
                let rowColor = color(buffer, f.maxX - 4, f.centerY)
                let labelArea = Rect(x: row.labelX, y: f.minY, width: min(row.labelWidth, 160), height: f.height)
                let name = "section \(s) '\(row.label)'"
                expect(mostDistinct(buffer, in: labelArea, against: rowColor), 4.5, "\(name) text")
                if row.detail != nil {
                    let l = row.labelFrame
                    let detailArea = Rect(x: l.minX, y: l.maxY - detailHeight, width: min(l.width, 160), height: detailHeight)
                    expect(mostDistinct(buffer, in: detailArea, against: rowColor), 4.5, "\(name) detail")
                }
                guard let target = row.target, case .control(let index, _) = row.kind else { continue }
                let c = row.controlFrame
                let pressed = model.state(ofTarget: target).contains(.highlighted)
                // Next to the widget: the row, or the halo's inside while pressed.
                let beside = pressed ? color(buffer, c.minX - 3, c.centerY) : rowColor
                let on = model.onness(ofTarget: target, at: 0) == 1
                switch description.controls[index].kind {
                case .switch:
                    // The track at the end the knob is not at, inside that end's cap (clear of
                    // the knob widened by a finger).
                    let x = on ? c.minX + c.height / 4 : c.maxX - c.height / 4
                    expect(color(buffer, x, c.centerY).contrast(with: beside), 3, "\(name) track")
                case .button:
                    // No widget: its label (the accent or red) is measured above, on the row or its highlight.
                    continue
                case .checkbox, .radio:
                    // Off: the outline across the box's left third. On: the fill, in the box's
                    // top-left quarter, which the check stays clear of.
                    let fill = color(buffer, c.minX + c.width / 4, c.minY + c.height / 4)
                    let scan = Rect(x: c.minX, y: c.centerY, width: max(1, c.width / 3), height: 1)
                    expect(on ? fill.contrast(with: beside) : mostDistinct(buffer, in: scan, against: beside), 3, "\(name) outline")
                    if on {
                        // The check against the fill.
                        let middle = Rect(x: c.minX + c.width / 3, y: c.minY + c.height / 3, width: c.width / 3, height: c.height / 3)
                        expect(mostDistinct(buffer, in: middle, against: fill), 3, "\(name) check")
                    }
                case .slider:
                    // The bar at both ends (the knob is at 40 %, or under the finger), the knob's ring against what is
                    // around it (the halo while pressed), and the value's text.
                    let g = SliderGeometry(row)
                    expect(color(buffer, c.minX + c.width / 8, c.centerY).contrast(with: rowColor), 3, "\(name) filled bar")
                    expect(color(buffer, c.maxX - c.width / 8, c.centerY).contrast(with: rowColor), 3, "\(name) bar")
                    let knob = Int(g.knobX(model.onness(ofTarget: target, at: 0))), radius = c.height / 2, above = c.centerY - 4
                    let around = pressed ? color(buffer, knob - radius - 4, above) : rowColor
                    expect(mostDistinct(buffer, in: Rect(x: knob - radius - 1, y: above, width: 4, height: 1), against: around),
                           3, "\(name) knob")
                    if pressed {
                        // The halo's edge around the knob against the row.
                        let reach = Int(g.reach)
                        expect(mostDistinct(buffer, in: Rect(x: knob - reach - 1, y: c.centerY - 6, width: 4, height: 1), against: rowColor),
                               3, "\(name) halo")
                    }
                    expect(mostDistinct(buffer, in: row.valueFrame, against: rowColor), 4.5, "\(name) value")
                case .stepper:
                    // Each button's outline and sign (on the pressed one's fill), and the value's text.
                    let g = StepperGeometry(row)
                    for direction in [-1, 1] {
                        let b = g.button(direction)
                        let inside = color(buffer, b.minX + 4, b.minY + 4)
                        expect(mostDistinct(buffer, in: Rect(x: b.minX, y: b.centerY + 4, width: 4, height: 1), against: rowColor),
                               3, "\(name) button \(direction) outline")
                        expect(mostDistinct(buffer, in: Rect(x: b.minX + b.width / 3, y: b.centerY, width: b.width / 3, height: 1),
                                            against: inside), 3, "\(name) button \(direction) sign")
                    }
                    expect(mostDistinct(buffer, in: row.valueFrame, against: rowColor), 4.5, "\(name) value")
                default:
                    break  // kinds without a box or track (value rows have no target; a page's chevron is not a state)
                }
                if pressed, description.theme.pressed == .halo, !description.controls[index].kind.behavior.drawsOwnPressedLook {
                    // The halo's edge against the row.
                    let halo = row.pressedFrame
                    let edge = Rect(x: halo.minX, y: halo.centerY, width: 3, height: 1)
                    expect(mostDistinct(buffer, in: edge, against: rowColor), 3, "\(name) halo")
                }
            }
        }
        return short
    }

    @Test(arguments: themes)
    func everyStateIsLegible(theme: String) throws {
        let short = try Self.shortfalls(theme: theme)
        #expect(short.isEmpty, "\(short)")
    }

    /// A light accent of the panel's own (yellow, orange): the white check would be 1.5:1 on
    /// it and is drawn dark instead; the theme's own white check stays on the blue.
    @Test(arguments: ["#FFCC00", "#FF9500", "#34C759"])
    func aWhiteCheckOnALightAccentTurnsDark(accent: String) throws {
        let short = try Self.shortfalls(theme: "{accent: \"\(accent)\"}").filter { $0.what.hasSuffix("check") }
        #expect(short.isEmpty, "\(short)")
        let fill = Color(hex: accent)!
        #expect(fill.contrast(with: .white) < 3, "a white check would fall short on \(accent)")
    }

    /// A disabled row's detail line is faded with the row, and on `pressed: row` a held row's
    /// sits on the highlight: the section-text grey there would fall short (light 2.4:1 faded,
    /// 4.1:1 on the highlight) and is raised to 4.5:1 as the label is.
    @Test(arguments: ["light", "dark", "{pressed: row}", "{base: dark, pressed: row}"])
    func detailLinesFadedOrPressedAreRaised(theme: String) throws {
        let short = try Self.shortfalls(theme: theme).filter { $0.what.hasSuffix("detail") }
        #expect(short.isEmpty, "\(short)")
        let t = try PanelDescription.parse(Self.yaml(theme: theme), file: "contrast.yml", fileExists: { _ in true }).theme
        #expect(t.sectionText.composited(over: t.rowBackground, opacity: PanelPainter.disabledOpacity).contrast(with: t.rowBackground) < 4.5,
                "the section text faded would fall short")
        if t.pressed == .row {
            #expect(t.sectionText.contrast(with: t.highlight) < 4.5, "the section text on the highlight would fall short")
        }
    }

    @Test func contrastMath() {
        // WCAG's own figures: black on white is 21:1, and #767676 is the lightest grey at 4.5:1.
        #expect(abs(Color.black.contrast(with: .white) - 21) < 1e-9)
        #expect(Color(rgb: 0x767676).contrast(with: .white) >= 4.5 && Color(rgb: 0x777777).contrast(with: .white) < 4.5)
        // The figures for the old look.
        #expect(abs(Color(rgb: 0xC7C7CC).contrast(with: .white) - 1.68) < 0.01)
        #expect(abs(Color(rgb: 0xE9E9EA).contrast(with: .white) - 1.21) < 0.01)
        let raised = Color(rgb: 0x007AFF).raisedToContrast(3, against: .white, opacity: 0.6)
        #expect(raised.composited(over: .white, opacity: 0.6).contrast(with: .white) >= 3)
        #expect(Color(rgb: 0x007AFF).composited(over: .white, opacity: 0.6).contrast(with: .white) < 3)
        #expect(Color(rgb: 0xFFCC00).mark(.white) == .black && Color(rgb: 0x007AFF).mark(.white) == .white)
        #expect(Color.clear.raisedToContrast(3, against: .white) == .clear)
    }
}

extension Rect {
    /// The middle row of pixels.
    var centerY: Int { y + height / 2 }
}
