import PanelUI

/// A display failed to show a frame; the message says what to do about it.
struct DisplayError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Where frames go: the seam between the panel and a screen (headless memory, DRM dumb
/// buffers). The panel draws in logical coordinates; the display turns the damaged
/// rectangles by the rotation as it copies them into screen memory.
protocol Display: AnyObject {
    /// The physical screen in pixels, before rotation.
    var screenSize: Size { get }
    /// The screen's visible area in millimetres and where that figure came from, when known
    /// (DRM's connector, `headless:WxH@DPI`): what `scale: auto` reads.
    var physicalSize: (size: PhysicalSize, source: String)? { get }
    /// Shows `damage` (logical rectangles) of `frame`, turned by `rotation`.
    func present(_ frame: PixelBuffer, damage: [Rect], rotation: Rotation) throws(DisplayError)
    /// Idle blanking: off turns the screen dark (DPMS, or a black frame); after on, the
    /// caller presents the whole frame again.
    func setPower(on: Bool) throws(DisplayError)
}
