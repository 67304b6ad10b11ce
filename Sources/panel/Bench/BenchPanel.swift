import PanelUI

/// A panel driven the way `PanelSession` drives one, on a virtual clock: touches into the
/// model, and each frame its damage (moved and repainted), then the copy to a headless screen.
/// The benchmarks tap and scroll it and time single frames.
final class BenchPanel {
    var model: PanelModel
    let painter: PanelPainter
    let frame: PixelBuffer
    let display: HeadlessDisplay
    /// The time of the last frame drawn.
    private(set) var lastFrame = 0.0

    /// `keepsCopy`: the headless screen copies each frame's damage into pixels of its own, as
    /// a DRM display copies it into its back buffer (without it, at rotation 0 the screen is the frame).
    init(description: PanelDescription, size: Size, fonts: FontCache, keepsCopy: Bool) throws {
        model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size),
                           pages: PanelLayout.pages(of: description, logicalSize: size))
        painter = try PanelPainter(description: description, fonts: fonts)
        frame = PixelBuffer(size: size)
        display = HeadlessDisplay(size: size, keepsCopy: keepsCopy)
        _ = model.takeFrameDamage(previousFrame: 0, now: 0)
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)
        try display.present(frame, damage: [frame.bounds], rotation: .r0)
    }

    @discardableResult
    func touch(_ phase: TouchPhase, _ position: Point, slot: Int = 0, at now: Double) -> [PanelEvent] {
        model.handle(PanelTouch(phase: phase, slot: slot, position: position), at: now)
    }

    /// Pixels the last frame copied instead of painting them (a scroll's move).
    private(set) var lastMovedPixels = 0

    /// What `PanelSession.renderFrame` does for a frame at `now`; returns its damage.
    @discardableResult
    func redraw(at now: Double) -> FrameDamage {
        var damage = model.takeFrameDamage(previousFrame: lastFrame, now: now)
        damage.repaint = damage.repaint.map { $0.intersection(frame.bounds) }.filter { !$0.isEmpty }
        lastMovedPixels = painter.draw(model, at: now, into: frame, damage: damage)
        try? display.present(frame, damage: damage.changed, rotation: .r0)
        lastFrame = now
        return damage
    }

    /// Frames at 60 Hz from `now` until nothing moves; returns the time of the last one.
    @discardableResult
    func settle(from now: Double) -> Double {
        var t = now
        while model.isAnimating(at: t) {
            t += PanelSession.frameInterval
            redraw(at: t)
        }
        return t
    }

    /// The frame's pixels inside `rect`, to tell whether a frame changed them.
    func pixels(in rect: Rect) -> [UInt32] {
        let r = rect.intersection(frame.bounds)
        guard !r.isEmpty else { return [] }
        return (r.minY..<r.maxY).flatMap { y in frame.pixels[(y * frame.width + r.minX)..<(y * frame.width + r.maxX)] }
    }
}
