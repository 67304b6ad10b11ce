import Testing
@testable import PanelUI

/// Checkboxes, radio options and switches at rest are drawn again from the pixels they left
/// (`RestingWidgets`); every frame so drawn must equal a frame drawn by a painter that kept
/// nothing, after toggles, scrolling, disabling and at other scales and directions.
@Suite struct RestingWidgetTests {
    static func yaml(direction: String) -> String {
        var lines = ["title: Resting", "direction: \(direction)", "sections:", "  - title: Boxes", "    controls:",
                     "      - {id: radio, kind: radio, label: Mode, options: [One, Two, Three], default: Two}"]
        for n in 0..<12 {
            let kind = ["checkbox", "switch"][n % 2]
            lines.append("      - {id: c\(n), kind: \(kind), label: Setting \(n), default: \(n % 3 == 0), enabled: \(n % 5 != 4)}")
        }
        return lines.joined(separator: "\n")
    }

    struct Panel {
        let description: PanelDescription
        let fonts = FontCache()
        let size = Size(width: 800, height: 480)
        let scale: Double
        var model: PanelModel
        let painter: PanelPainter

        init(direction: String, scale: Double) throws {
            description = try PanelDescription.parse(RestingWidgetTests.yaml(direction: direction), file: "resting.yml",
                                                     fileExists: { _ in true })
            self.scale = scale
            model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, scale: scale, fonts: fonts))
            painter = try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size)
        }

        /// A frame drawn by this panel's painter, which keeps widgets between frames.
        func frame(at t: Double) -> PixelBuffer {
            let buffer = PixelBuffer(size: size)
            painter.draw(model, at: t, into: buffer, clip: buffer.bounds)
            return buffer
        }

        /// The same frame drawn by a painter made for it, which has kept nothing.
        func fresh(at t: Double) throws -> PixelBuffer {
            let buffer = PixelBuffer(size: size)
            try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size)
                .draw(model, at: t, into: buffer, clip: buffer.bounds)
            return buffer
        }
    }

    static func differing(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        zip(a.pixels, b.pixels).filter { $0 != $1 }.count
    }

    @Test(arguments: [("ltr", 1.0), ("rtl", 1.0), ("ltr", 1.5), ("ltr", 2.0)])
    func keptWidgetsDrawWhatTheWidgetsDraw(direction: String, scale: Double) throws {
        var panel = try Panel(direction: direction, scale: scale)
        _ = panel.frame(at: 0)
        let layout = panel.model.layout
        let shown = layout.sections.flatMap(\.rows).filter { $0.target != nil && layout.viewport.intersects($0.controlFrame) }
        #expect(shown.count >= 2)
        // Alike widgets share one image: the first frame draws one of each look and copies the rest.
        let drawn = panel.painter.resting.draws, copiedFirst = panel.painter.resting.copies
        #expect(drawn + copiedFirst == shown.count)
        #expect(copiedFirst > 0, "two shown widgets look alike")
        #expect(Self.differing(panel.frame(at: 0), try panel.fresh(at: 0)) == 0)
        // Every widget in the viewport, whole or in part: copied on the second frame.
        #expect(panel.painter.resting.draws == drawn)
        #expect(panel.painter.resting.copies == copiedFirst + shown.count, "the second frame copies the widgets it kept")

        // Toggled, animated, and settled: the new look is drawn, then kept and copied.
        for index in [1, 2, 3] {
            _ = panel.model.setValue(.bool(index != 1), ofControl: index, animated: true, at: 0)
        }
        _ = panel.model.setValue(.option("Three"), ofControl: 0, animated: true, at: 0)
        for t in [0.05, 0.1, 2, 3] {
            _ = panel.model.advance(to: t)
            #expect(Self.differing(panel.frame(at: t), try panel.fresh(at: t)) == 0, "at \(t)")
        }

        // Scrolled to another whole-pixel position: kept widgets are copied where they show now.
        let before = panel.painter.resting.copies
        let end = dragListUp(&panel.model, painter: panel.painter, into: PixelBuffer(size: panel.size))
        #expect(Self.differing(panel.frame(at: end), try panel.fresh(at: end)) == 0, "scrolled")
        #expect(panel.painter.resting.copies > before)
    }

    /// Widgets share kept pixels only when they look alike: another kind, or another style,
    /// is another look, and a frame mixing them equals one drawn by a painter that kept nothing.
    @Test func onlyAlikeWidgetsShareAnImage() throws {
        let yaml = """
            title: Looks
            sections:
              - title: Mixed
                controls:
                  - {id: a, kind: checkbox, default: true}
                  - {id: b, kind: checkbox, default: true}
                  - {id: c, kind: checkbox, default: true, on_fill_color: "#FF3B30"}
                  - {id: d, kind: radio, options: [x, y], default: x}
                  - {id: e, kind: switch, default: true}
                  - {id: f, kind: switch, default: true, on_tint_color: "#FF9500"}
                  - {id: g, kind: switch, default: false}
            """
        let description = try PanelDescription.parse(yaml, file: "looks.yml", fileExists: { _ in true })
        #expect(PanelPainter.looks(of: description.controls) == [0, 0, 2, 3, 4, 5, 4])
        let fonts = FontCache(), size = Size(width: 800, height: 600)
        let model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, fonts: fonts))
        let painter = try PanelPainter(description: description, fonts: fonts, logicalSize: size)
        // The reference draws each row with a painter of its own, which has kept nothing: its
        // widget is drawn, never copied from another's (a repaint of part equals a full one).
        let fresh = PixelBuffer(size: size)
        for row in model.layout.sections.flatMap(\.rows) {
            try PanelPainter(description: description, fonts: fonts, logicalSize: size).draw(model, at: 0, into: fresh, clip: row.frame)
        }
        for round in 0..<2 {
            let kept = PixelBuffer(size: size)
            painter.draw(model, at: 0, into: kept, clip: kept.bounds)
            for row in model.layout.sections.flatMap(\.rows) {
                let area = row.frame.intersection(kept.bounds)
                var differing = 0
                for y in area.minY..<area.maxY { for x in area.minX..<area.maxX where kept[x, y] != fresh[x, y] { differing += 1 } }
                #expect(differing == 0, "round \(round), row \(row.frame)")
            }
        }
    }

    /// The bundled demo at 1080p lays its sections side by side, rows not lined up, so the
    /// clip's bands cut widgets: each band of a widget is kept and copied on its own.
    @Test func keptBandByBand() throws {
        let description = try PanelDescription.parse(DemoPanel.yaml, file: "demo.yml", fileExists: { _ in true })
        let fonts = FontCache(), size = Size(width: 1920, height: 1080)
        let model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, fonts: fonts))
        #expect(model.layout.columns.count == 2)
        let painter = try PanelPainter(description: description, fonts: fonts, logicalSize: size)
        func frame(_ painter: PanelPainter) -> PixelBuffer {
            let buffer = PixelBuffer(size: size)
            painter.draw(model, at: 0, into: buffer, clip: buffer.bounds)
            return buffer
        }
        let first = frame(painter)
        let drawn = painter.resting.draws, copiedFirst = painter.resting.copies
        let widgets = model.layout.sections.flatMap(\.rows).filter { $0.target != nil }.count
        #expect(drawn + copiedFirst > widgets, "some widget is cut into bands, or this tests nothing new")
        #expect(Self.differing(frame(painter), first) == 0)
        #expect(painter.resting.draws == drawn, "no widget drawn on the second frame")
        #expect(painter.resting.copies == copiedFirst + drawn + copiedFirst)
        let fresh = try PanelPainter(description: description, fonts: fonts, logicalSize: size)
        #expect(Self.differing(frame(fresh), first) == 0)
    }

    /// A kept widget is copied only over the very pixels it was drawn on: over anything else
    /// it is drawn again, and what it leaves there is kept instead.
    @Test func drawnAgainOverOtherPixels() {
        let widgets = RestingWidgets()
        let rect = Rect(x: 10, y: 10, width: 30, height: 20)
        let key = RestingWidgets.Key(look: 0, on: true, rising: true, disabled: false, mirrored: false, size: rect.size,
                                     frame: rect)
        let buffer = PixelBuffer(width: 60, height: 40, fill: 0xFFFFFF)
        let canvas = Canvas(buffer: buffer)
        var draws = 0
        // Translucent, so what it leaves depends on what it is drawn over.
        func widget() {
            draws += 1
            canvas.fillRoundedRect(RectF(x: 12, y: 12, width: 26, height: 16), radius: 8, color: Color(r: 0, g: 0x7A, b: 0xFF, a: 128))
        }
        func under(separator: Color) {
            canvas.fill(rect, color: .white)
            canvas.fill(Rect(x: 0, y: rect.maxY - 1, width: 60, height: 1), color: separator)
        }
        func expected(separator: Color) -> [UInt32] {
            let other = PixelBuffer(width: 60, height: 40, fill: 0xFFFFFF)
            let c = Canvas(buffer: other)
            c.fill(Rect(x: 0, y: rect.maxY - 1, width: 60, height: 1), color: separator)
            c.fillRoundedRect(RectF(x: 12, y: 12, width: 26, height: 16), radius: 8, color: Color(r: 0, g: 0x7A, b: 0xFF, a: 128))
            return Array(other.pixels)
        }
        let grey = Color(r: 0xC6, g: 0xC6, b: 0xC8), red = Color(r: 0xFF, g: 0, b: 0)
        under(separator: grey)
        if !widgets.copy(key, in: rect, canvas: canvas) { widgets.draw(key, in: rect, canvas: canvas, draw: widget) }
        under(separator: grey)
        if !widgets.copy(key, in: rect, canvas: canvas) { widgets.draw(key, in: rect, canvas: canvas, draw: widget) }
        #expect(draws == 1 && widgets.copies == 1, "copied over the same pixels")
        #expect(Array(buffer.pixels) == expected(separator: grey))
        under(separator: red)
        if !widgets.copy(key, in: rect, canvas: canvas) { widgets.draw(key, in: rect, canvas: canvas, draw: widget) }
        #expect(draws == 2 && widgets.copies == 1, "drawn over other pixels")
        #expect(Array(buffer.pixels) == expected(separator: red))
        under(separator: red)
        if !widgets.copy(key, in: rect, canvas: canvas) { widgets.draw(key, in: rect, canvas: canvas, draw: widget) }
        #expect(draws == 2 && widgets.copies == 2, "and kept over those")
        #expect(Array(buffer.pixels) == expected(separator: red))
        // Over one colour: drawn, then kept with that colour alone.
        canvas.fill(buffer.bounds, color: .white)
        if !widgets.copy(key, in: rect, canvas: canvas) { widgets.draw(key, in: rect, canvas: canvas, draw: widget) }
        #expect(draws == 3 && widgets.copies == 2)
        #expect(widgets.keptPixels == rect.area)
        canvas.fill(buffer.bounds, color: .white)
        if !widgets.copy(key, in: rect, canvas: canvas) { widgets.draw(key, in: rect, canvas: canvas, draw: widget) }
        #expect(draws == 3 && widgets.copies == 3)
        #expect(Array(buffer.pixels) == expected(separator: .white))
        // Over another colour: drawn again.
        canvas.fill(buffer.bounds, color: grey)
        if !widgets.copy(key, in: rect, canvas: canvas) { widgets.draw(key, in: rect, canvas: canvas, draw: widget) }
        #expect(draws == 4 && widgets.copies == 3)
    }

    /// Under a finger a widget is drawn, not copied: the switch's knob stretches, and the
    /// halo is under the box.
    @Test func aPressedWidgetIsDrawn() throws {
        var panel = try Panel(direction: "ltr", scale: 1)
        _ = panel.frame(at: 0)
        let row = try #require(panel.model.layout.sections[0].rows.first { $0.target == 2 })
        _ = panel.model.handle(PanelTouch(phase: .down, slot: 0, position: row.controlFrame.center), at: 0.01)
        #expect(Self.differing(panel.frame(at: 0.2), try panel.fresh(at: 0.2)) == 0)
    }

    /// Kept images never hold more than their limit, however many looks a panel shows.
    @Test func keptPixelsStayBounded() {
        let widgets = RestingWidgets()
        let buffer = PixelBuffer(width: 600, height: 600, fill: 0xFFFFFF)
        let canvas = Canvas(buffer: buffer)
        for n in 0..<40 {
            let rect = Rect(x: 0, y: 0, width: 200 + n, height: 400)
            let key = RestingWidgets.Key(look: n, on: true, rising: true, disabled: false, mirrored: false, size: rect.size, frame: rect)
            if !widgets.copy(key, in: rect, canvas: canvas) { widgets.draw(key, in: rect, canvas: canvas) {} }
            #expect(widgets.keptPixels <= RestingWidgets.maxPixels)
        }
    }
}
