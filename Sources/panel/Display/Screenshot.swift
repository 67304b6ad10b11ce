import PanelUI

/// `--screenshot`: the frame as the screen shows it, turned by the rotation, as PNG.
enum Screenshot {
    static func write(_ frame: PixelBuffer, rotation: Rotation, to path: String) throws(CommandFailure) {
        let screen = PixelBuffer(size: rotation == .r0 || rotation == .r180
            ? frame.size : Size(width: frame.height, height: frame.width))
        screen.copyRotated(from: frame, rect: frame.bounds, rotation: rotation)
        do {
            try PNG.write(screen, to: path)
        } catch {
            throw CommandFailure(message: "panel: cannot write screenshot: \(error)", status: ExitStatus.failure)
        }
    }
}
