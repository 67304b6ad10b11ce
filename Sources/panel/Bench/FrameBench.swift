import Glibc
import PanelUI

/// One screen size: the demo panel's full frame against writing (memset) and copying
/// (memcpy) the same bytes, measured interleaved in one loop so load changes hit all three alike.
struct FrameFigures {
    var size: Size
    var renderMs: Double
    var memsetMs: Double
    var memcpyMs: Double
}

enum FrameBench {
    static func measure(description: PanelDescription, size: Size, fonts: FontCache, repeats: Int) throws -> FrameFigures {
        let layout = PanelLayout(description: description, logicalSize: size)
        let model = PanelModel(description: description, layout: layout)
        let painter = try PanelPainter(description: description, fonts: fonts)
        let frame = PixelBuffer(size: size)
        let bytes = size.width * size.height * 4
        let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { source.deallocate(); target.deallocate() }
        memset(source, 0x5A, bytes)
        memset(target, 0, bytes)
        // One untimed frame fills the glyph caches, as the first frame of a running panel does.
        painter.draw(model, at: 0, into: frame, clip: frame.bounds)

        var render: [Double] = [], write: [Double] = [], copy: [Double] = []
        for i in 0..<repeats {
            render.append(Stopwatch.milliseconds { painter.draw(model, at: 0, into: frame, clip: frame.bounds) })
            write.append(Stopwatch.milliseconds { memset(target, Int32(i & 0xFF), bytes); blackHole(target) })
            copy.append(Stopwatch.milliseconds { memcpy(target, source, bytes); blackHole(target) })
        }
        return FrameFigures(size: size, renderMs: Stopwatch.median(render),
                            memsetMs: Stopwatch.median(write), memcpyMs: Stopwatch.median(copy))
    }
}
