import PanelUI

/// A finger put down at (400, 400) and moved up 7.5 px every 25 ms for half a second (20
/// moves, 150 px), each frame's damage painted into `frame` as a panel paints it; the finger
/// stays down. Returns the time of the last frame painted.
func dragListUp(_ model: inout PanelModel, painter: PanelPainter, into frame: PixelBuffer) -> Double {
    var previous = 0.0
    for i in 0...20 {
        let t = Double(i) * 0.025
        _ = model.handle(PanelTouch(phase: i == 0 ? .down : .motion, slot: 0, position: Point(x: 400, y: 400 - Double(i) * 7.5)), at: t)
        for rect in model.takeDamage(previousFrame: previous, now: t) { painter.draw(model, at: t, into: frame, clip: rect) }
        previous = t
    }
    return previous
}
