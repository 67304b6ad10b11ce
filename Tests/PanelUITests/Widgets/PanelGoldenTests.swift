import Testing
@testable import PanelUI

/// Whole panels as the renderer draws them: the issue's example description, pressed and
/// mid-animation states, a big screen, and partial redraws that must equal full ones.
struct PanelGoldenTests {
    static let yaml = """
    title: Settings
    theme: {background: "#F2F2F7", text: "#000000", accent: "#007AFF", font: /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf, font_size: 20, row_height: 64}
    sections:
      - title: Network
        controls:
          - {id: wifi, kind: switch, label: Wi-Fi, default: true}
          - {id: bluetooth, kind: checkbox, label: Bluetooth, enabled: false}
      - title: Power
        controls:
          - {id: mode, kind: radio, label: Power mode, options: [eco, balanced, performance], default: balanced, must_have_selection: true}
    """

    let description: PanelDescription
    let fonts = FontCache()

    init() throws {
        description = try PanelDescription.parse(Self.yaml, file: "example.yml", fileExists: { _ in true })
    }

    func model(_ size: Size) -> PanelModel {
        PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size))
    }

    func render(_ model: PanelModel, at now: Double = 0) throws -> PixelBuffer {
        let buffer = PixelBuffer(size: model.layout.logicalSize)
        try PanelPainter(description: description, fonts: fonts).draw(model, at: now, into: buffer, clip: buffer.bounds)
        return buffer
    }

    func touch(_ model: inout PanelModel, _ phase: TouchPhase, target: Int, at now: Double) {
        _ = model.handle(PanelTouch(phase: phase, slot: 0, position: model.layout.targets[target].frame.center), at: now)
    }

    @Test func examplePanel() throws {
        expectGolden(try render(model(Size(width: 800, height: 600))), named: "panels/example-800x600")
    }

    @Test func examplePanelFullHD() throws {
        expectGolden(try render(model(Size(width: 1920, height: 1080))), named: "panels/example-1920x1080")
    }

    /// Two fingers down: the Wi-Fi switch and the "eco" option each show the pressed halo.
    @Test func pressedWidgetsShowAHalo() throws {
        var m = model(Size(width: 800, height: 600))
        touch(&m, .down, target: 0, at: 0)
        _ = m.handle(PanelTouch(phase: .down, slot: 1, position: m.layout.targets[2].frame.center), at: 0)
        expectGolden(try render(m), named: "panels/example-pressed")
    }

    /// A failed action's mark: a red "!" badge after the label (a radio group's caption).
    @Test func errorMarkBesideTheLabel() throws {
        var m = model(Size(width: 800, height: 600))
        m.setFailed(true, control: 0)
        m.setFailed(true, control: 2)
        expectGolden(try render(m), named: "panels/example-action-failed")
        m.setFailed(false, control: 0)
        m.setFailed(false, control: 2)
        let cleared = try render(m), plain = try render(model(Size(width: 800, height: 600)))
        withExtendedLifetime((cleared, plain)) {
            #expect(Array(cleared.pixels) == Array(plain.pixels), "cleared marks leave no trace")
        }
    }

    @Test func midAnimation() throws {
        var m = model(Size(width: 800, height: 600))
        touch(&m, .down, target: 0, at: 0)
        touch(&m, .up, target: 0, at: 0)
        touch(&m, .down, target: 2, at: 0)
        touch(&m, .up, target: 2, at: 0)
        // Switch 0.2 s, radio 0.5 s: at 0.1 s both are part-way.
        expectGolden(try render(m, at: 0.1), named: "panels/example-mid-animation")
    }

    /// Redrawing only the damage after each step gives exactly the pixels of a full redraw.
    @Test func damageRedrawsEqualFullRedraws() throws {
        var m = model(Size(width: 800, height: 600))
        let painter = try PanelPainter(description: description, fonts: fonts)
        let frame = try render(m)
        var previous = 0.0
        let steps: [(TouchPhase, Int, Double)] = [(.down, 0, 0.1), (.up, 0, 0.15), (.down, 2, 0.2), (.motion, 3, 0.25), (.up, 2, 0.3)]
        var times = steps.map(\.2)
        times += stride(from: 0.3, through: 1.0, by: 1.0 / 60).map { $0 }
        var stepIndex = 0
        for now in times {
            while stepIndex < steps.count, steps[stepIndex].2 <= now {
                let (phase, target, t) = steps[stepIndex]
                _ = m.handle(PanelTouch(phase: phase, slot: 0, position: m.layout.targets[target].frame.center), at: t)
                stepIndex += 1
            }
            for rect in m.takeDamage(previousFrame: previous, now: now) {
                painter.draw(m, at: now, into: frame, clip: rect)
            }
            previous = now
            let full = try render(m, at: now)
            let differing = (0..<frame.pixels.count).filter { frame.pixels[$0] != full.pixels[$0] }.count
            #expect(differing == 0, "at \(now)")
        }
        #expect(m.values[0] == .bool(false))
    }

    /// Shapes of widgets at rest are kept as masks; a widget in motion draws new shapes every
    /// frame, which would only fill the cache and push the resting ones out.
    @Test func animationFramesKeepNoMasks() throws {
        var m = model(Size(width: 800, height: 600))
        let painter = try PanelPainter(description: description, fonts: fonts)
        let frame = PixelBuffer(width: 800, height: 600)
        painter.draw(m, at: 0, into: frame, clip: frame.bounds)
        let atRest = painter.shapeMasks.count
        #expect(atRest > 0)
        touch(&m, .down, target: 0, at: 0)
        touch(&m, .up, target: 0, at: 0)
        touch(&m, .down, target: 2, at: 0)
        touch(&m, .up, target: 2, at: 0)
        for now in stride(from: 0.0, through: 1.0, by: 1.0 / 60) {
            painter.draw(m, at: now, into: frame, clip: frame.bounds)
        }
        // The switch and the two radio options that changed come to rest in new looks.
        #expect(painter.shapeMasks.count <= atRest + 6, "\(painter.shapeMasks.count) masks after the animations, \(atRest) before")
    }

    static let longLabels = """
    title: A rather long title for a small screen that goes on and on
    sections:
      - title: Network settings with a very long section header that might not fit at all
        controls:
          - {id: wifi, kind: switch, label: "Wi-Fi with an extraordinarily long label that will not fit beside the switch", default: true}
          - {id: bt, kind: checkbox, label: "Bluetooth low energy beacons and other very long things here"}
          - {id: mode, kind: radio, label: "A radio group whose caption is longer than any small screen", options: ["an option with a long name that runs on"]}
    """

    /// Labels too long for a 480x320 screen end in "…" before the switch, the row's inset
    /// or a failed action's badge; the title and header are cut the same way.
    @Test func longLabelsAreCut() throws {
        let long = try PanelDescription.parse(Self.longLabels, file: "long.yml", fileExists: { _ in true })
        var m = PanelModel(description: long, layout: PanelLayout(description: long, logicalSize: Size(width: 480, height: 320)))
        m.setFailed(true, control: 1)
        m.setFailed(true, control: 2)
        let frame = PixelBuffer(width: 480, height: 320)
        try PanelPainter(description: long, fonts: fonts).draw(m, at: 0, into: frame, clip: frame.bounds)
        expectGolden(frame, named: "panels/long-labels-480x320")
    }

    static let longList = "title: Long list\nsections:\n  - title: Rows\n    controls:\n"
        + (0..<14).map { "      - {id: c\($0), kind: \($0 % 3 == 0 ? "switch" : "checkbox"), label: Row \($0)}\n" }.joined()

    /// A list that doesn't fit, dragged up by 150 px and held: rows slide under the fixed title,
    /// and repainting only the damage while it moves gives exactly the full frame.
    @Test func scrolledListUnderTheTitle() throws {
        let long = try PanelDescription.parse(Self.longList, file: "long.yml", fileExists: { _ in true })
        var m = PanelModel(description: long, layout: PanelLayout(description: long, logicalSize: Size(width: 800, height: 480)))
        let painter = try PanelPainter(description: long, fonts: fonts)
        let frame = PixelBuffer(width: 800, height: 480)
        painter.draw(m, at: 0, into: frame, clip: frame.bounds)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        var previous = dragListUp(&m, painter: painter, into: frame)
        _ = m.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: 400, y: 250)), at: 0.7)
        _ = m.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: 400, y: 250)), at: 0.7)
        for rect in m.takeDamage(previousFrame: previous, now: 0.7) { painter.draw(m, at: 0.7, into: frame, clip: rect) }
        #expect(m.scrollOffset(at: 0.7) == 150)
        let full = PixelBuffer(width: 800, height: 480)
        painter.draw(m, at: 0.7, into: full, clip: full.bounds)
        #expect((0..<frame.pixels.count).allSatisfy { frame.pixels[$0] == full.pixels[$0] })
        expectGolden(full, named: "panels/long-list-scrolled")

        // The scroll indicator fades where it stands; its damage alone keeps the frame exact.
        #expect(m.scrollIndicator(at: 0.7)?.opacity == 1)
        previous = 0.7
        for t in stride(from: 0.7 + 1.0 / 60, through: 1.2, by: 1.0 / 60) {
            let damage = m.takeDamage(previousFrame: previous, now: t)
            for rect in damage { painter.draw(m, at: t, into: frame, clip: rect) }
            previous = t
            let now = PixelBuffer(width: 800, height: 480)
            painter.draw(m, at: t, into: now, clip: now.bounds)
            #expect((0..<frame.pixels.count).allSatisfy { frame.pixels[$0] == now.pixels[$0] }, "at \(t)")
            #expect(damage.allSatisfy { $0.width <= m.layout.metrics.indicatorWidth }, "only the indicator is repainted")
        }
        #expect(m.scrollIndicator(at: 1.2) == nil && !m.isAnimating(at: 1.2))
    }
}
