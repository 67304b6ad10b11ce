import PanelUI

/// A screen in memory: what a DRM scanout buffer would hold, without hardware.
///
/// At rotation 0 the screen is the session's frame itself: `present` keeps a reference and
/// copies nothing, so a headless panel holds one full-size buffer, not two (8.3 MB less at
/// 1920x1080). A turned screen needs pixels of its own, allocated at the first present that
/// needs them; `keepsCopy` asks for them at rotation 0 too (the benchmark times the copy a
/// DRM display makes into its back buffer).
final class HeadlessDisplay: Display {
    let screenSize: Size
    let physicalSize: (size: PhysicalSize, source: String)?
    let keepsCopy: Bool
    /// The screen's own pixels, once a present has needed them.
    private var copy: PixelBuffer?
    /// The frame last presented unturned and not copied: what the screen shows.
    private var shared: PixelBuffer?
    private(set) var isOn = true

    /// `dpi` (from `headless:WxH@DPI`) gives the screen a physical size for `scale: auto`.
    init(size: Size, dpi: Double? = nil, keepsCopy: Bool = false) {
        screenSize = size
        physicalSize = dpi.map { (PhysicalSize(pixels: size, dpi: $0), "headless at \(ScaleChoice.shown($0)) dpi") }
        self.keepsCopy = keepsCopy
    }

    /// What the screen shows: black while blanked or before the first present.
    var screen: PixelBuffer {
        guard isOn, let shown = shared ?? copy else { return PixelBuffer(size: screenSize) }
        return shown
    }

    func present(_ frame: PixelBuffer, damage: [Rect], rotation: Rotation) throws(DisplayError) {
        if rotation == .r0, !keepsCopy, frame.size == screenSize {
            shared = frame
            copy = nil
            return
        }
        shared = nil
        let screen: PixelBuffer
        if let copy {
            screen = copy
        } else {
            screen = PixelBuffer(size: screenSize)
            copy = screen
        }
        for rect in damage {
            screen.copyRotated(from: frame, rect: rect, rotation: rotation)
        }
    }

    /// A screen in memory has no DPMS: blanking shows black, like a DRM driver without it.
    /// After turning on the caller presents the whole frame again.
    func setPower(on: Bool) throws(DisplayError) {
        isOn = on
        if !on { copy?.fill(copy!.bounds, with: 0) }
    }
}
