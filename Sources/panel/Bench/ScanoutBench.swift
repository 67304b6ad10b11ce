import Glibc
import PanelUI

/// A full frame copied to screen memory the way a DRM display copies damage into its back
/// buffer, at each rotation: portrait panels mounted sideways take the r90/r270 path.
enum ScanoutBench {
    static func measure(size: Size, repeats: Int) -> [(rotation: Rotation, ms: Double)] {
        let frame = PixelBuffer(size: size, fill: 0x336699)
        return Rotation.allCases.map { rotation in
            // A quarter turn swaps the sides either way.
            let screen = rotation.logicalSize(forScreen: size)
            let pitch = screen.width * 4
            let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * screen.height, alignment: 64)
            defer { memory.deallocate() }
            let target = ScanoutTarget(base: memory, pitch: pitch, size: screen, format: .xrgb8888)
            frame.copyRotated(rect: frame.bounds, rotation: rotation, into: target)
            let samples = (0..<repeats).map { _ in
                Stopwatch.milliseconds {
                    frame.copyRotated(rect: frame.bounds, rotation: rotation, into: target)
                    blackHole(memory)
                }
            }
            return (rotation, Stopwatch.median(samples))
        }
    }
}
