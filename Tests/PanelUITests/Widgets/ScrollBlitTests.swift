import Glibc
import Testing
@testable import PanelUI

/// A scroll frame moves the list's pixels still on screen and repaints only the strip that
/// comes into view, the indicator's column and what changed: every such frame must be exactly
/// a full repaint, whatever the step, direction, rubber band, indicator or animation.
struct ScrollBlitTests {
    /// A fixed title, headers, every kind of row, and a list about three screens tall at
    /// 800x480; a translucent row colour, a disabled row, a label cut short, a hidden one, a
    /// bigger one, detail lines, and (set in `makeModel`) error badges on a row and on a radio
    /// group's caption.
    static let yaml = "title: Scrolling\ntheme: {row_height: 56, row_background: \"#FFFFFFC0\"}\nsections:\n  - title: First\n    controls:\n"
        + (0..<9).map { "      - {id: a\($0), kind: \($0 % 2 == 0 ? "switch" : "checkbox"), label: Row \($0), default: \($0 % 3 == 0)}\n" }.joined()
        + "      - {id: off, kind: checkbox, label: Disabled, enabled: false, default: true}\n"
        + "      - {id: long, kind: switch, label: \(String(repeating: "A label far too long for its row ", count: 4))}\n"
        + "      - {id: hidden, kind: checkbox, label: Hidden, show_label: false}\n"
        + "      - {id: big, kind: checkbox, label: Big jolly label, label_font_size: 30}\n"
        // A slider at max (its knob past the track's end), a stepper, and a slider under its long label.
        + "      - {id: level, kind: slider, label: Level, unit: \"%\", default: 100}\n"
        + "      - {id: set, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, default: 21.5}\n"
        + "      - {id: wide, kind: slider, label: \(String(repeating: "A slider's label too long to share its row ", count: 2)), default: 30}\n"
        + "  - title: Second\n    controls:\n"
        + "      - {id: mode, kind: radio, label: Mode, options: [one, two, three], default: two}\n"
        // Detail lines: under one line, under a wrapped label, under a radio group's caption.
        + "      - {id: d0, kind: checkbox, label: With a detail, detail: A smaller line under it, default: true}\n"
        + "      - {id: d1, kind: switch, label: \(String(repeating: "Wrapped above a detail ", count: 3)), detail: And the detail under both lines}\n"
        + "      - {id: d2, kind: radio, label: Choice, detail: Its caption has one too, options: [left, right], default: left}\n"
        + (0..<8).map { "      - {id: b\($0), kind: \($0 % 2 == 0 ? "checkbox" : "switch"), label: Other \($0)}\n" }.joined()

    let description: PanelDescription
    let painter: PanelPainter
    let size = Size(width: 800, height: 480)
    /// The scale the list is laid out and drawn at (fonts open at their scaled pixel sizes).
    let scale: Double

    init() throws { try self.init(yaml: Self.yaml) }

    init(yaml: String, scale: Double = 1) throws {
        description = try PanelDescription.parse(yaml, file: "scroll.yml", fileExists: { _ in true })
        self.scale = scale
        painter = try PanelPainter(description: description, fonts: FontCache(), scale: scale, logicalSize: size)
    }

    func makeModel() -> PanelModel {
        let layout = PanelLayout(description: description, logicalSize: size, scale: scale, fonts: FontCache())
        var model = PanelModel(description: description, layout: layout)
        for id in ["a4", "mode"] { model.setFailed(true, control: description.controls.firstIndex { $0.id == id }!) }
        return model
    }

    /// The incremental frame and a full repaint of the same moment, side by side.
    final class Frames {
        let shown: PixelBuffer
        var moves = 0
        var scrollFrames = 0

        init(size: Size) { shown = PixelBuffer(size: size) }
    }

    /// Takes the frame damage at `now`, applies it to the shown frame and compares with a full repaint.
    func frame(_ model: inout PanelModel, _ frames: Frames, previous: Double, now: Double,
               sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let offsetBefore = model.damagedScrollOffset
        let damage = model.takeFrameDamage(previousFrame: previous, now: now)
        painter.draw(model, at: now, into: frames.shown, damage: damage)
        if model.damagedScrollOffset != offsetBefore {
            frames.scrollFrames += 1
            if let move = damage.move {
                frames.moves += 1
                #expect(move.dy == offsetBefore - model.damagedScrollOffset, sourceLocation: sourceLocation)
                #expect(damage.repaintedPixels < model.layout.viewport.area / 2, "a scroll by \(move.dy) repaints little",
                        sourceLocation: sourceLocation)
            }
        }
        let full = PixelBuffer(size: size)
        painter.draw(model, at: now, into: full, clip: full.bounds)
        guard memcmp(frames.shown.pixels.baseAddress!, full.pixels.baseAddress!, full.pixels.count * 4) != 0 else { return }
        let differing = (0..<full.pixels.count).filter { frames.shown.pixels[$0] != full.pixels[$0] }
        let first = differing.first.map { "(\($0 % size.width), \($0 / size.width))" } ?? ""
        Issue.record("at \(now) (offset \(model.scrollOffset(at: now))): \(differing.count) pixels differ, first at \(first)",
                     sourceLocation: sourceLocation)
    }

    /// Drags the list by `step` px per frame from `start` for `frames` frames (the finger at x = 400),
    /// then lets go and runs the momentum and spring back to rest at 60 Hz.
    func drag(step: Double, count: Int, startY: Double, settle: Bool = true) -> (moves: Int, scrollFrames: Int) {
        var model = makeModel()
        let frames = Frames(size: size)
        painter.draw(model, at: 0, into: frames.shown, clip: frames.shown.bounds)
        _ = model.takeFrameDamage(previousFrame: 0, now: 0)
        var now = 0.0, previous = 0.0
        // Slow enough for momentum to stay short; over a row, so its highlight is cancelled as the scroll starts.
        let finger = Point(x: 400, y: startY)
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: finger), at: now)
        frame(&model, frames, previous: previous, now: now)
        // Past the slop first (that move is never drawn on its own), then one frame per step.
        var y = startY + (step > 0 ? 11 : -11)
        for _ in 0..<count {
            previous = now
            now += 1.0 / 60
            y += step
            _ = model.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: 400, y: y)), at: now)
            frame(&model, frames, previous: previous, now: now)
        }
        _ = model.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: 400, y: y)), at: now)
        guard settle else { return (frames.moves, frames.scrollFrames) }
        while model.isAnimating(at: now), now < 30 {
            previous = now
            now += 1.0 / 60
            frame(&model, frames, previous: previous, now: now)
        }
        #expect(!model.isAnimating(at: now), "settles")
        return (frames.moves, frames.scrollFrames)
    }

    /// Up by 1, 7 and 63 px a frame from the top of the list to past its end (rubber band,
    /// spring back), and down from the top, pulling the list past its start.
    @Test(arguments: [1.0, 7, 63, -1, -7, -63])
    func everyScrolledFrameEqualsAFullRepaint(step: Double) {
        let up = step < 0
        // Upwards (content moving up) far enough to reach the end and pull past it.
        let count = up ? Int((2000 / -step).rounded(.up)) : max(8, Int(300 / step))
        let (moves, scrollFrames) = drag(step: step, count: min(count, 200), startY: up ? 460 : 120)
        #expect(moves > 0, "scroll frames move pixels")
        #expect(moves >= scrollFrames * 9 / 10, "\(moves) of \(scrollFrames) scroll frames moved pixels")
    }

    /// The same list mirrored (`direction: rtl`): text, separators and headers right-aligned,
    /// the indicator at the left; the pixels a move keeps must be where the mirrored ink is.
    @Test(arguments: [7.0, -7, -63])
    func everyScrolledFrameOfAMirroredListEqualsAFullRepaint(step: Double) throws {
        let mirrored = try ScrollBlitTests(yaml: "direction: rtl\n" + Self.yaml)
        #expect(mirrored.makeModel().layout.direction == .rtl)
        let count = step < 0 ? Int((2000 / -step).rounded(.up)) : 40
        let (moves, _) = mirrored.drag(step: step, count: min(count, 200), startY: step < 0 ? 460 : 120)
        #expect(moves > 0)
    }

    /// At scale 2 (fonts opened at twice their sizes): the ink the move keeps is where the
    /// scaled text is.
    @Test(arguments: [7.0, -7, -63])
    func everyScrolledFrameAtScaleTwoEqualsAFullRepaint(step: Double) throws {
        let doubled = try ScrollBlitTests(yaml: Self.yaml, scale: 2)
        let count = step < 0 ? Int((4000 / -step).rounded(.up)) : 40
        let (moves, _) = doubled.drag(step: step, count: min(count, 300), startY: step < 0 ? 460 : 120)
        #expect(moves > 0)
    }

    /// A box animates while another finger scrolls the list: the moving box is repainted
    /// where it shows now, over the pixels the move brought along.
    @Test func aWidgetAnimatingWhileTheListScrolls() {
        var model = makeModel()
        let frames = Frames(size: size)
        painter.draw(model, at: 0, into: frames.shown, clip: frames.shown.bounds)
        _ = model.takeFrameDamage(previousFrame: 0, now: 0)
        let box = model.layout.targets[1]
        let tap = model.onScreen(box.frame, at: 0).center
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: tap), at: 0)
        frame(&model, frames, previous: 0, now: 0)
        _ = model.handle(PanelTouch(phase: .up, slot: 0, position: tap), at: 0.05)
        frame(&model, frames, previous: 0, now: 0.05)
        #expect(model.isAnimating(at: 0.1))
        var now = 0.05, y = 400.0
        _ = model.handle(PanelTouch(phase: .down, slot: 1, position: Point(x: 600, y: y)), at: now)
        for _ in 0..<30 {
            let previous = now
            now += 1.0 / 60
            y -= 5
            _ = model.handle(PanelTouch(phase: .motion, slot: 1, position: Point(x: 600, y: y)), at: now)
            frame(&model, frames, previous: previous, now: now)
        }
        #expect(model.scrollOffset(at: now) > 100)
    }

    /// The indicator is placed from the offset as drawn: while a spring settles by fractions of
    /// a pixel the list doesn't move, and neither does the bar (it would without damage).
    @Test func theIndicatorMovesOnlyWithTheList() {
        var model = makeModel()
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: Point(x: 400, y: 200)), at: 0)
        _ = model.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: 400, y: 400)), at: 0.2)
        _ = model.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: 400, y: 400)), at: 0.5)
        var sameOffset = 0
        for k in 0..<240 {
            let (a, b) = (0.5 + Double(k) / 240, 0.5 + Double(k + 1) / 240)
            guard model.scrollOffset(at: a) == model.scrollOffset(at: b) else { continue }
            sameOffset += 1
            #expect(model.scrollIndicatorFrame(at: a) == model.scrollIndicatorFrame(at: b), "between \(a) and \(b)")
        }
        #expect(sameOffset > 10, "the spring has slow moments")
    }

    /// The move itself: against a pixel-by-pixel reference, narrow and full-width, both ways.
    @Test(arguments: [(Rect(x: 3, y: 2, width: 7, height: 9), 3), (Rect(x: 3, y: 2, width: 7, height: 9), -4),
                      (Rect(x: 0, y: 1, width: 12, height: 10), 2), (Rect(x: 0, y: 0, width: 12, height: 12), -11),
                      (Rect(x: -2, y: -3, width: 20, height: 8), 1), (Rect(x: 1, y: 1, width: 5, height: 5), 5)])
    func moveRowsMatchesAReference(area: Rect, dy: Int) {
        let buffer = PixelBuffer(width: 12, height: 12)
        for i in buffer.pixels.indices { buffer.pixels[i] = UInt32(i) &* 2_654_435_761 }
        let before = Array(buffer.pixels)
        buffer.moveRows(in: area, by: dy)
        let r = area.intersection(buffer.bounds)
        for y in 0..<12 {
            for x in 0..<12 {
                let inside = r.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let source = y - dy
                let expected = inside && abs(dy) < r.height && source >= r.minY && source < r.maxY
                    ? before[source * 12 + x] : before[y * 12 + x]
                #expect(buffer[x, y] == expected, "(\(x), \(y))")
            }
        }
    }
}
