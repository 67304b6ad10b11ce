import Testing
@testable import PanelUI

/// Repainting only the damage, through everything buttons, dialogs, spinners and sheets do,
/// gives the pixels of a full repaint at every frame: with rectangles (`takeDamage`) and with
/// the program's moving scroll (`takeFrameDamage`, the list scrolled under the dialog).
struct ButtonRepaintTests {
    typealias S = ButtonScenes

    /// One step of the script: at `time`, do something to the model.
    typealias Step = (time: Double, act: (inout PanelModel, Double) -> Void)

    static func touch(_ phase: TouchPhase, _ slot: Int, _ point: @escaping (PanelModel, Double) -> Point) -> (inout PanelModel, Double) -> Void {
        { model, now in _ = model.handle(PanelTouch(phase: phase, slot: slot, position: point(model, now)), at: now) }
    }

    static func row(_ control: Int) -> (PanelModel, Double) -> Point {
        { model, now in model.onScreen(model.layout.targets[S.target(model, control: control)].frame, at: now).center }
    }

    static func dialogButton(_ index: Int) -> (PanelModel, Double) -> Point {
        { model, _ in model.overlay!.layout.buttons[index].center }
    }

    static func badge(_ control: Int) -> (PanelModel, Double) -> Point {
        { model, now in
            let row = model.layout.targets[S.target(model, control: control)]
            return model.onScreen(row.badgeFrame(model.layout.metrics), at: now).center
        }
    }

    /// Presses, a dialog cancelled from its button and from outside, a switch turned off
    /// through its dialog, a spinner appearing and stepping while a dialog shows, a failure
    /// and its sheet.
    static func script() -> [Step] { [
        (0.10, touch(.down, 0, row(S.flush))), (0.15, touch(.up, 0, row(S.flush))),
        (0.20, touch(.down, 0, row(S.restart))), (0.25, touch(.up, 0, row(S.restart))),
        (0.30, touch(.down, 0, dialogButton(0))), (0.35, touch(.motion, 0, dialogButton(1))),
        (0.40, touch(.motion, 0, dialogButton(0))), (0.45, touch(.up, 0, dialogButton(0))),
        (0.50, touch(.down, 0, row(S.heating))), (0.55, touch(.up, 0, row(S.heating))),
        (0.60, { model, _ in model.setBusy(true, control: S.flush, since: 0.6) }),
        (0.70, touch(.down, 0, dialogButton(1))), (0.75, touch(.up, 0, dialogButton(1))),
        (0.80, touch(.down, 0, row(S.erase))), (0.85, touch(.up, 0, row(S.erase))),
        (1.00, touch(.down, 0, { _, _ in Point(x: 4, y: 470) })), (1.05, touch(.up, 0, { _, _ in Point(x: 4, y: 470) })),
        (1.40, { model, _ in model.setBusy(false, control: S.flush, since: 1.4) }),
        (1.45, { model, _ in model.setFailed(true, control: S.flush, reason: "exited with status 1 (stderr: no such pipe)") }),
        (1.50, touch(.down, 0, badge(S.flush))), (1.55, touch(.up, 0, badge(S.flush))),
        (1.60, touch(.down, 0, dialogButton(0))), (1.65, touch(.up, 0, dialogButton(0))),
    ] }

    /// Runs the script with frames at 60 Hz; returns how many frames were compared.
    static func run(_ script: [Step], size: Size, scale: Double, moving: Bool, until end: Double) throws -> Int {
        var model = try S.model(size: size, scale: scale)
        let painter = try S.painter(for: model)
        let frame = PixelBuffer(size: size)
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)
        _ = model.takeFrameDamage(previousFrame: 0, now: 0)
        var previous = 0.0, next = 0, compared = 0
        for now in stride(from: 1.0 / 60, through: end, by: 1.0 / 60) {
            while next < script.count, script[next].time <= now {
                script[next].act(&model, script[next].time)
                next += 1
            }
            if moving {
                _ = painter.draw(model, at: now, into: frame, damage: model.takeFrameDamage(previousFrame: previous, now: now))
            } else {
                for rect in model.takeDamage(previousFrame: previous, now: now) { painter.draw(model, at: now, into: frame, clip: rect) }
            }
            previous = now
            let full = PixelBuffer(size: size)
            painter.draw(model, at: now, into: full, clip: full.bounds)
            let same = withExtendedLifetime((frame, full)) { Array(frame.pixels) == Array(full.pixels) }
            #expect(same, "at \(now) the damage repainted differs from a full repaint")
            compared += 1
        }
        return compared
    }

    @Test(arguments: [(Size(width: 800, height: 480), 1.0), (Size(width: 1280, height: 800), 1.5)])
    func damageRepaintsEqualFullRepaints(size: Size, scale: Double) throws {
        #expect(try Self.run(Self.script(), size: size, scale: scale, moving: false, until: 1.8) > 100)
    }

    /// A spinner stepping while the list is dragged, then a dialog opened by a second finger
    /// during the drag: the drag ends in a fling that moves the list under the dialog, where
    /// the move path gives way to repainting.
    @Test func movingScrollsEqualFullRepaints() throws {
        var drag: [Step] = [(0.05, { model, _ in model.setBusy(true, control: S.restart, since: 0) }),
                            (0.40, Self.touch(.down, 1, { _, _ in Point(x: 400, y: 440) }))]
        for i in 1...5 {
            let y = 440 - Double(i) * 8
            drag.append((0.40 + Double(i) * 0.016, Self.touch(.motion, 1, { _, _ in Point(x: 400, y: y) })))
        }
        drag.append((0.49, Self.touch(.down, 0, Self.row(S.heating))))
        drag.append((0.50, Self.touch(.up, 0, Self.row(S.heating))))
        drag.append((0.51, { model, _ in #expect(model.overlay != nil && model.scroll.isMoving(at: 0.52)) }))
        drag.append((0.90, Self.touch(.down, 0, Self.dialogButton(0))))
        drag.append((0.95, Self.touch(.up, 0, Self.dialogButton(0))))
        #expect(try Self.run(drag, size: Size(width: 800, height: 480), scale: 1, moving: true, until: 1.6) > 80)
    }
}
