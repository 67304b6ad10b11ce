import PanelUI

/// A screen in memory: what a DRM scanout buffer would hold, without hardware.
final class HeadlessDisplay: Display {
    let screen: PixelBuffer

    init(size: Size) {
        screen = PixelBuffer(size: size)
    }

    var screenSize: Size { screen.size }

    func present(_ frame: PixelBuffer, damage: [Rect], rotation: Rotation) throws(DisplayError) {
        for rect in damage {
            screen.copyRotated(from: frame, rect: rect, rotation: rotation)
        }
    }

    /// A screen in memory has no DPMS: blanking is a black frame, like on a DRM driver without it.
    func setPower(on: Bool) throws(DisplayError) {
        if !on { screen.fill(screen.bounds, with: 0) }
    }
}
