import Glibc
import PanelUI

/// One frame of a list dragged by `step` px (a flick's typical step at 60 Hz), from the touch
/// entering the model to the frame's pixels ready, on the headless screen at rotation 0 (which
/// shows the frame itself). The same loop times, for comparison: the whole viewport repainted
/// (what a scroll frame cost before frames moved pixels), a memset of the frame, and the copy
/// of the frame's damage into a scanout buffer as a double-buffered DRM display makes it.
struct ScrollFigures {
    var scene: String
    var size: Size
    var step: Int
    var frameMs: Double
    var fullRepaintMs: Double
    var memsetMs: Double
    /// The copy into the back buffer of two: its missing damage is this frame's and the last one's.
    var scanoutCopyMs: Double
    var repaintedPixels: Int
    var movedPixels: Int
    var scanoutCopyPixels: Int
}

enum ScrollBench {
    static let step = 7

    static func measure(scene: BenchScene, size: Size, fonts: FontCache, repeats: Int) throws -> ScrollFigures {
        let panel = try BenchPanel(description: scene.description, size: size, fonts: fonts, keepsCopy: false)
        let viewport = panel.model.layout.viewport
        guard panel.model.scroll.isScrollable else {
            throw CommandFailure(message: "panel bench: the \(scene.name) scene does not scroll at \(size.width)x\(size.height)",
                                 status: ExitStatus.failure)
        }
        // A slow drag to the middle of the list, held still before the finger lifts: no momentum.
        let x = viewport.center.x, bottom = Double(viewport.maxY - 20)
        let travel = min(panel.model.scroll.maxOffset / 2, bottom - Double(viewport.minY) - 40)
        var now = 1.0
        panel.touch(.down, Point(x: x, y: bottom), at: now)
        for k in 1...20 {
            now += 0.05
            panel.touch(.motion, Point(x: x, y: bottom - travel * Double(k) / 20), at: now)
        }
        now += 0.3
        panel.touch(.up, Point(x: x, y: bottom - travel), at: now)
        panel.redraw(at: now)
        now = panel.settle(from: now) + 5
        panel.redraw(at: now)

        // The measured drag: past the slop untimed, then one timed frame per step, turning every ten.
        var y = viewport.center.y
        panel.touch(.down, Point(x: x, y: y), at: now)
        y -= 11
        now += PanelSession.frameInterval
        panel.touch(.motion, Point(x: x, y: y), at: now)
        panel.redraw(at: now)

        let bytes = size.width * size.height * 4
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { scratch.deallocate() }
        let scanout = (0..<2).map { _ in UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64) }
        defer { scanout.forEach { $0.deallocate() } }
        // Every page touched before timing; each scanout buffer first gets a whole frame, as after a modeset.
        memset(scratch, 0, bytes)
        var bufferDamage = BufferDamage(buffers: 2, full: panel.frame.bounds)
        for (index, buffer) in scanout.enumerated() {
            let target = ScanoutTarget(base: buffer, pitch: size.width * 4, size: size, format: .xrgb8888)
            for rect in bufferDamage.take(for: index, damage: []) { panel.frame.copyRotated(rect: rect, rotation: .r0, into: target) }
        }
        var frames: [Double] = [], repaints: [Double] = [], writes: [Double] = [], copies: [Double] = []
        var repainted = 0, moved = 0, copied = 0
        for i in 0..<repeats {
            let direction = (i / 10) % 2 == 0 ? -1.0 : 1.0
            y += direction * Double(step)
            now += PanelSession.frameInterval
            let at = now, position = Point(x: x, y: y)
            var damage = FrameDamage(repaint: [])
            frames.append(Stopwatch.milliseconds {
                panel.touch(.motion, position, at: at)
                damage = panel.redraw(at: at)
            })
            guard damage.move?.dy.magnitude == UInt(step) else {
                throw CommandFailure(message: "panel bench: a \(step) px scroll frame moved \(damage.move.map { "\($0.dy) px" } ?? "nothing")",
                                     status: ExitStatus.failure)
            }
            (repainted, moved) = (damage.repaintedPixels, panel.lastMovedPixels)
            let index = i % 2
            let rects = bufferDamage.take(for: index, damage: damage.changed)
            copied = rects.reduce(0) { $0 + $1.area }
            let target = ScanoutTarget(base: scanout[index], pitch: size.width * 4, size: size, format: .xrgb8888)
            copies.append(Stopwatch.milliseconds {
                for rect in rects { panel.frame.copyRotated(rect: rect, rotation: .r0, into: target) }
                blackHole(scanout[index])
            })
            // The same frame painted whole: the viewport repainted over itself gives the same pixels.
            repaints.append(Stopwatch.milliseconds { panel.painter.draw(panel.model, at: at, into: panel.frame, clip: viewport) })
            writes.append(Stopwatch.milliseconds { memset(scratch, Int32(i & 0xFF), bytes); blackHole(scratch) })
        }
        return ScrollFigures(scene: scene.name, size: size, step: step, frameMs: Stopwatch.median(frames),
                             fullRepaintMs: Stopwatch.median(repaints), memsetMs: Stopwatch.median(writes),
                             scanoutCopyMs: Stopwatch.median(copies), repaintedPixels: repainted, movedPixels: moved,
                             scanoutCopyPixels: copied)
    }
}
