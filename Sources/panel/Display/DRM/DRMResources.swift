import PanelUI

/// Plain value snapshots of a DRM device's modesetting resources, read once from the
/// kernel (`DRMCard.resources()`) or made up in tests. The choices in `DRMSelection`
/// and `HotplugDecision` are pure functions of these.
struct DRMResources: Equatable {
    var path: String
    /// The kernel driver: "virtio_gpu", "bochs-drm", "vc4"…
    var driver: String
    var connectors: [DRMConnectorInfo]
    var encoders: [DRMEncoderInfo]
    /// CRTC ids in the kernel's order; an encoder's `possibleCRTCs` bit i means `crtcs[i]`.
    var crtcs: [DRMCRTCInfo]
}

struct DRMConnectorInfo: Equatable {
    enum Status: String { case connected, disconnected, unknown }

    var id: UInt32
    /// The kernel's name: connector type and index, "HDMI-A-1", "Virtual-1", "DSI-1".
    var name: String
    var status: Status
    var widthMillimetres: Int
    var heightMillimetres: Int
    var modes: [DRMModeInfo]
    var encoderIDs: [UInt32]
    /// The encoder in use now (0 when none): keeping it avoids a needless full modeset.
    var currentEncoderID: UInt32
}

struct DRMModeInfo: Equatable {
    var width: Int
    var height: Int
    var refresh: Int
    var preferred: Bool
    /// Position in the connector's mode list: the raw `drmModeModeInfo` to set is found by it.
    var index: Int

    var size: Size { Size(width: width, height: height) }
    var description: String { "\(width)x\(height)@\(refresh)" }
}

struct DRMEncoderInfo: Equatable {
    var id: UInt32
    /// Bit i set: the encoder can drive `DRMResources.crtcs[i]`.
    var possibleCRTCs: UInt32
    var currentCRTCID: UInt32
}

struct DRMCRTCInfo: Equatable {
    var id: UInt32
    /// The framebuffer scanned out now (0: the CRTC is off).
    var framebufferID: UInt32
    var mode: String?
}
