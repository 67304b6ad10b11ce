import Glibc
import PanelUI

/// One scene at one screen size: its full frame against writing (memset) and copying (memcpy)
/// the same bytes and against cairo drawing the same scene, measured in one loop (A B A B),
/// so load changes hit all four alike.
struct FrameFigures {
    var scene: String
    var size: Size
    /// The scale factor the scene is laid out and drawn at.
    var scale: Double
    var renderMs: Double
    var memsetMs: Double
    /// The fastest frame and memset of the loop: what a frame costs when no neighbour got in the way.
    var renderMinMs: Double
    var memsetMinMs: Double
    /// memset of the frame buffer itself, timed in the render's place in the loop.
    var frameMemsetMs: Double
    var memcpyMs: Double
    var cairoMs: Double?
}

enum FrameBench {
    /// `cairo`: the helper and its number for the same scene and size.
    /// Laid out as `panel run --scale` lays it out: at `scale`, with fonts (labels wrap).
    static func measure(scene: BenchScene, size: Size, scale: Double = 1, fonts: FontCache, repeats: Int,
                        cairo: (helper: CairoBench, scene: Int)?) throws -> FrameFigures {
        let layout = PanelLayout(description: scene.description, logicalSize: size, scale: scale, fonts: fonts)
        let model = PanelModel(description: scene.description, layout: layout)
        let painter = try PanelPainter(description: scene.description, fonts: fonts,
                                       images: Commands.loadImages(scene.description, file: scene.path ?? DemoPanel.fileName),
                                       scale: scale, logicalSize: size)
        let frame = PixelBuffer(size: size)
        let bytes = size.width * size.height * 4
        let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { source.deallocate(); target.deallocate() }
        memset(source, 0x5A, bytes)
        memset(target, 0, bytes)
        // One untimed frame fills the glyph caches, as the first frame of a running panel does.
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)

        var render: [Double] = [], write: [Double] = [], copy: [Double] = [], cairoSamples: [Double] = []
        var frameWrite: [Double] = []
        // Every other round memsets the frame itself in the render's place, under the same
        // traffic before it (memset and memcpy of the other buffers, cairo's frame): what
        // writing the frame's bytes costs in the cache state the render meets.
        for i in 0..<2 * repeats {
            if i % 2 == 0 {
                render.append(Stopwatch.milliseconds { painter.draw(model, at: 0, into: frame, clip: frame.bounds) })
            } else {
                let pixels = UnsafeMutableRawPointer(frame.pixels.baseAddress!)
                frameWrite.append(Stopwatch.milliseconds { memset(pixels, Int32(i & 0xFF), bytes); blackHole(pixels) })
            }
            write.append(Stopwatch.milliseconds { memset(target, Int32(i & 0xFF), bytes); blackHole(target) })
            copy.append(Stopwatch.milliseconds { memcpy(target, source, bytes); blackHole(target) })
            if let cairo { cairoSamples.append(try cairo.helper.frameMs(scene: cairo.scene)) }
        }
        return FrameFigures(scene: scene.name, size: size, scale: scale, renderMs: Stopwatch.median(render), memsetMs: Stopwatch.median(write),
                            renderMinMs: render.min() ?? .nan, memsetMinMs: write.min() ?? .nan, frameMemsetMs: Stopwatch.median(frameWrite),
                            memcpyMs: Stopwatch.median(copy), cairoMs: cairo == nil ? nil : Stopwatch.median(cairoSamples))
    }
}
