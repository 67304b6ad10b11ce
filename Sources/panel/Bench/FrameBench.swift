import Glibc
import PanelUI

/// One scene at one screen size: its full frame against a memset of the same frame buffer met
/// in the same cache state, in two states, and against cairo drawing the same scene; one loop
/// per state, render and memset taking turns (A B A B), so load changes hit both alike.
struct FrameFigures {
    /// The cache state a timed write of the frame meets.
    struct State {
        /// Medians of the loop: the frame rendered, and the frame buffer memset in its place.
        var renderMs: Double
        var frameMemsetMs: Double
        /// The fastest of each: what they cost when no neighbour got in the way.
        var renderMinMs: Double
        var frameMemsetMinMs: Double

        var ratio: Double { renderMs / frameMemsetMs }
    }

    var scene: String
    var size: Size
    /// The scale factor the scene is laid out and drawn at.
    var scale: Double
    /// Right after the previous frame was copied to a screen buffer in ordinary memory
    /// (`copyRotated` at rotation 0, the copy a DRM display makes into its back buffer): how
    /// a running panel meets its frame.
    var afterScanout: State
    /// After 64 MB of other reads (twice the build machine's L3): the frame in memory, not cache.
    var cold: State
    /// As after the scanout copy, but with one value changed since the frame before (a switch
    /// or box turned, without animation): every row is drawn in full and kept again, none
    /// replayed from the stores that drew it (`RestingRows`). nil when no control has an
    /// on/off value to change.
    var changed: State?
    /// cairo's frame, timed in its own process between the rounds.
    var cairoMs: Double?
}

/// Times full frames fairly: the render and a memset of the same frame buffer, each after the
/// same preceding traffic, so the ratio compares writes meeting the same cache state.
enum FrameBench {
    /// What the cold state reads first: twice the 32 MB L3 of the build machine (an AMD EPYC VM).
    static let evictionBytes = 64 << 20

    /// `cairo`: the helper and its number for the same scene and size.
    /// Laid out as `panel run --scale` lays it out: at `scale`, with fonts (labels wrap).
    static func measure(scene: BenchScene, size: Size, scale: Double = 1, fonts: FontCache, repeats: Int,
                        cairo: (helper: CairoBench, scene: Int)?) throws -> FrameFigures {
        let layout = PanelLayout(description: scene.description, logicalSize: size, scale: scale, fonts: fonts)
        let model = PanelModel(description: scene.description, layout: layout)
        // The same panel with one on/off value turned: drawn in turn with `model`, each frame
        // follows a change.
        let changed = model.values.indices.lazy.compactMap { index -> PanelModel? in
            guard case .bool(let on) = model.values[index] else { return nil }
            var other = model
            _ = other.setValue(.bool(!on), ofControl: index, animated: false, at: 0)
            return other
        }.first
        let painter = try PanelPainter(description: scene.description, fonts: fonts,
                                       images: Commands.loadImages(scene.description, file: scene.path ?? DemoPanel.fileName),
                                       scale: scale, logicalSize: size)
        let frame = PixelBuffer(size: size)
        let bytes = size.width * size.height * 4
        let screen = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let other = UnsafeMutableRawPointer.allocate(byteCount: evictionBytes, alignment: 64)
        defer { screen.deallocate(); other.deallocate() }
        memset(screen, 0, bytes)
        memset(other, 0x5A, evictionBytes)
        let target = ScanoutTarget(base: screen, pitch: size.width * 4, size: size, format: .xrgb8888)
        // One untimed frame fills the glyph caches, as the first frame of a running panel does.
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)

        let pixels = UnsafeMutableRawPointer(frame.pixels.baseAddress!)
        var renders: [[Double]] = [[], [], []], memsets: [[Double]] = [[], [], []], cairoSamples: [Double] = []
        // One loop per state, so each timed write follows preparations of its own state only:
        // on the AMD build machine a frame drawn after the cold state's 64 MB read took about
        // ten frames to come back to its steady cost (the painter's own data and the frame
        // had left the caches' favour), and a loop that alternated the states timed every
        // "after the scanout copy" frame one frame after a cold one.
        // Even rounds render, odd rounds memset the frame instead. cairo's frame runs before
        // the eviction, so its traffic never comes between a state's preparation and its write.
        // The third state draws `model` and `changed` by turns: each pair of rounds (a render,
        // then a memset) swaps them, so each render follows the other's frame.
        for state in 0..<(changed == nil ? 2 : 3) {
            for i in 0..<2 * repeats {
                var (before, timed) = (model, model)
                if state == 2, let changed { (before, timed) = i % 4 < 2 ? (changed, model) : (model, changed) }
                let writesFrame: () -> Void = i % 2 == 0
                    ? { painter.draw(timed, at: 0, into: frame, clip: frame.bounds) }
                    : { memset(pixels, Int32(i & 0xFF), bytes); blackHole(pixels) }
                if state != 1 {
                    // The frame before: drawn by the painter, as a running panel's last frame
                    // was, then copied to the screen. Without it a render would meet the lines
                    // the memset round left and the memset those a render left, and what wrote
                    // a line last changes what writing it again costs (a render after a render
                    // took 15-20 % less than the same render after a memset).
                    painter.draw(before, at: 0, into: frame, clip: frame.bounds)
                    frame.copyRotated(rect: frame.bounds, rotation: .r0, into: target)
                    blackHole(screen)
                } else {
                    if let cairo { cairoSamples.append(try cairo.helper.frameMs(scene: cairo.scene)) }
                    blackHoleValue(readEveryLine(other, bytes: evictionBytes))
                }
                let ms = Stopwatch.milliseconds(writesFrame)
                if i % 2 == 0 { renders[state].append(ms) } else { memsets[state].append(ms) }
            }
        }
        func state(_ k: Int) -> FrameFigures.State {
            .init(renderMs: Stopwatch.median(renders[k]), frameMemsetMs: Stopwatch.median(memsets[k]),
                  renderMinMs: renders[k].min() ?? .nan, frameMemsetMinMs: memsets[k].min() ?? .nan)
        }
        return FrameFigures(scene: scene.name, size: size, scale: scale, afterScanout: state(0), cold: state(1),
                            changed: changed == nil ? nil : state(2), cairoMs: cairo == nil ? nil : Stopwatch.median(cairoSamples))
    }

    /// Reads one word of every 64-byte line of `bytes` at `base`: the lines come into the
    /// cache and what was there (the frame) goes out.
    @inline(never)
    static func readEveryLine(_ base: UnsafeMutableRawPointer, bytes: Int) -> UInt64 {
        var sum: UInt64 = 0
        var offset = 0
        while offset < bytes {
            sum &+= base.load(fromByteOffset: offset, as: UInt64.self)
            offset &+= 64
        }
        return sum
    }
}

/// Keeps the optimiser from dropping a computation whose result is never read.
@inline(never)
func blackHoleValue(_ value: UInt64) {
    withExtendedLifetime(value) {}
}
