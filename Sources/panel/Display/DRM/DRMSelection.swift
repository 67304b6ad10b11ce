import PanelUI

/// What `--display drm…` asks for; nil fields mean "choose".
struct DRMRequest: Equatable {
    enum Format: String, Equatable { case xrgb8888, rgb565 }

    var devicePath: String?
    var connector: String?
    var size: Size?
    var refresh: Int?
    /// nil: XRGB8888 unless the device can only show RGB565.
    var format: Format?
    /// 1 forces the single-buffer DirtyFB path (what SPI panels without page flip get).
    var buffers = 2
}

/// The output to drive: one connector, one of its modes, a CRTC its encoder can drive.
struct DRMChoice: Equatable {
    var connector: DRMConnectorInfo
    var mode: DRMModeInfo
    var encoderID: UInt32
    var crtcID: UInt32
}

/// Why no output could be chosen, as a sentence for the person setting the panel up.
struct DRMSelectionError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The choice of device, connector, mode and CRTC: pure functions over snapshots.
enum DRMSelection {
    /// The named device, else the first (in path order) with a connected connector.
    static func device(among devices: [DRMResources], request: DRMRequest) throws(DRMSelectionError) -> DRMResources {
        if let path = request.devicePath {
            guard let device = devices.first(where: { $0.path == path }) else {
                throw DRMSelectionError(message: "no DRM device \(path) (found: \(names(devices.map(\.path))))")
            }
            return device
        }
        if let device = devices.first(where: { $0.connectors.contains { $0.status == .connected } }) {
            return device
        }
        throw DRMSelectionError(message: devices.isEmpty
            ? "no DRM device in /dev/dri (is the display driver loaded?)"
            : "no connected display on \(names(devices.map(\.path))); plug one in or name a connector")
    }

    /// The named connector, else the first connected one that has modes.
    static func connector(of device: DRMResources, request: DRMRequest) throws(DRMSelectionError) -> DRMConnectorInfo {
        if let name = request.connector {
            guard let connector = device.connectors.first(where: { $0.name == name }) else {
                throw DRMSelectionError(message: "\(device.path) has no connector \(name) (it has \(names(device.connectors.map(\.name))))")
            }
            guard connector.status != .disconnected, !connector.modes.isEmpty else {
                throw DRMSelectionError(message: "connector \(name) on \(device.path) is disconnected")
            }
            return connector
        }
        guard let connector = device.connectors.first(where: { $0.status == .connected && !$0.modes.isEmpty }) else {
            throw DRMSelectionError(message: "no connected connector with modes on \(device.path) (connectors: \(names(device.connectors.map(\.name))))")
        }
        return connector
    }

    /// The asked-for size (and refresh, else the fastest), else the preferred mode, else the largest.
    static func mode(of connector: DRMConnectorInfo, request: DRMRequest) throws(DRMSelectionError) -> DRMModeInfo {
        if let size = request.size {
            let matches = connector.modes.filter { $0.size == size && (request.refresh == nil || $0.refresh == request.refresh) }
            guard let mode = matches.max(by: { $0.refresh < $1.refresh }) else {
                let wanted = "\(size.width)x\(size.height)" + (request.refresh.map { "@\($0)" } ?? "")
                throw DRMSelectionError(message: "connector \(connector.name) has no mode \(wanted) (modes: \(names(connector.modes.map(\.description))))")
            }
            return mode
        }
        if let preferred = connector.modes.first(where: \.preferred) { return preferred }
        guard let largest = connector.modes.max(by: { ($0.width * $0.height, $0.refresh) < ($1.width * $1.height, $1.refresh) }) else {
            throw DRMSelectionError(message: "connector \(connector.name) lists no modes")
        }
        return largest
    }

    /// An encoder and CRTC for the connector: the ones in use when possible (no flicker),
    /// else the first encoder with a CRTC no other connector is using.
    static func crtc(for connector: DRMConnectorInfo, in device: DRMResources) throws(DRMSelectionError) -> (encoderID: UInt32, crtcID: UInt32) {
        let encoders = connector.encoderIDs.compactMap { id in device.encoders.first { $0.id == id } }
        if let current = encoders.first(where: { $0.id == connector.currentEncoderID && $0.currentCRTCID != 0 }) {
            return (current.id, current.currentCRTCID)
        }
        let busy = Set(device.encoders.filter { !connector.encoderIDs.contains($0.id) }.map(\.currentCRTCID))
        for encoder in encoders {
            for (index, crtc) in device.crtcs.enumerated()
            where index < 32 && encoder.possibleCRTCs & (1 << UInt32(index)) != 0 && !busy.contains(crtc.id) {
                return (encoder.id, crtc.id)
            }
        }
        throw DRMSelectionError(message: "no free CRTC can drive connector \(connector.name) on \(device.path)")
    }

    /// Connector, mode and CRTC together.
    static func choose(in device: DRMResources, request: DRMRequest) throws(DRMSelectionError) -> DRMChoice {
        let connector = try connector(of: device, request: request)
        let mode = try mode(of: connector, request: request)
        let (encoderID, crtcID) = try crtc(for: connector, in: device)
        return DRMChoice(connector: connector, mode: mode, encoderID: encoderID, crtcID: crtcID)
    }

    private static func names(_ list: [String]) -> String {
        list.isEmpty ? "none" : list.joined(separator: ", ")
    }
}
