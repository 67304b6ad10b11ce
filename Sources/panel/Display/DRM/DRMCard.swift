import CDrm
import Glibc

/// An open DRM device (`/dev/dri/cardN`). Owns the descriptor: on deinit it drops DRM
/// master (so a display manager can take over) and closes.
final class DRMCard {
    let path: String
    private let file: FileDescriptor

    var fd: CInt { file.rawValue }

    init(path: String) throws(DRMError) {
        do {
            file = try FileDescriptor(opening: path, flags: O_RDWR)
        } catch {
            throw DRMError("open \(path)", errno: error)
        }
        self.path = path
    }

    deinit {
        if drmIsMaster(fd) != 0 { _ = drmDropMaster(fd) }
    }

    /// The `/dev/dri/card*` paths in name order.
    static func devicePaths(folder: String = "/dev/dri") -> [String] {
        folderEntries(folder).filter { $0.hasPrefix("card") }
            .sorted { ($0.count, $0) < ($1.count, $1) }.map { "\(folder)/\($0)" }
    }

    /// Opening as root usually makes us master already; otherwise ask, and explain a refusal.
    func becomeMaster() throws(DRMError) {
        guard drmIsMaster(fd) == 0 else { return }
        guard drmSetMaster(fd) == 0 else {
            throw DRMError("become DRM master of \(path)", errno: .current, advice: DRMError.advice(for: Errno(EBUSY)))
        }
    }

    /// Runs a libdrm call returning 0, or a negative value with errno set.
    func check(_ result: CInt, _ action: @autoclosure () -> String) throws(DRMError) {
        guard result < 0 else { return }
        let errno = Errno.current
        throw DRMError(action(), errno: errno)
    }

    // MARK: resources

    /// A snapshot of connectors, encoders and CRTCs.
    func resources() throws(DRMError) -> DRMResources {
        guard let res = drmModeGetResources(fd) else {
            throw DRMError("read the display resources of \(path)", errno: .current,
                           advice: "\(path) is not a display (KMS) device")
        }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        let crtcs = (0..<Int(r.count_crtcs)).map { crtcInfo(r.crtcs[$0]) }
        let encoders = (0..<Int(r.count_encoders)).compactMap { index -> DRMEncoderInfo? in
            guard let encoder = drmModeGetEncoder(fd, r.encoders[index]) else { return nil }
            defer { drmModeFreeEncoder(encoder) }
            return DRMEncoderInfo(id: encoder.pointee.encoder_id, possibleCRTCs: encoder.pointee.possible_crtcs,
                                  currentCRTCID: encoder.pointee.crtc_id)
        }
        let connectors = (0..<Int(r.count_connectors)).compactMap { connectorInfo(r.connectors[$0]) }
        return DRMResources(path: path, driver: driverName(), connectors: connectors, encoders: encoders, crtcs: crtcs)
    }

    private func driverName() -> String {
        guard let version = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    private func crtcInfo(_ id: UInt32) -> DRMCRTCInfo {
        guard let crtc = drmModeGetCrtc(fd, id) else { return DRMCRTCInfo(id: id, framebufferID: 0, mode: nil) }
        defer { drmModeFreeCrtc(crtc) }
        let c = crtc.pointee
        return DRMCRTCInfo(id: id, framebufferID: c.buffer_id,
                           mode: c.mode_valid != 0 ? "\(c.mode.hdisplay)x\(c.mode.vdisplay)@\(c.mode.vrefresh)" : nil)
    }

    private func connectorInfo(_ id: UInt32) -> DRMConnectorInfo? {
        guard let connector = drmModeGetConnector(fd, id) else { return nil }
        defer { drmModeFreeConnector(connector) }
        let c = connector.pointee
        let typeName = drmModeGetConnectorTypeName(c.connector_type).map { String(cString: $0) } ?? "Unknown"
        let status: DRMConnectorInfo.Status = switch c.connection {
        case DRM_MODE_CONNECTED: .connected
        case DRM_MODE_DISCONNECTED: .disconnected
        default: .unknown
        }
        let modes = (0..<Int(c.count_modes)).map { index in
            let m = c.modes[index]
            return DRMModeInfo(width: Int(m.hdisplay), height: Int(m.vdisplay), refresh: Int(m.vrefresh),
                               preferred: m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0, index: index)
        }
        return DRMConnectorInfo(id: c.connector_id, name: "\(typeName)-\(c.connector_type_id)", status: status,
                                widthMillimetres: Int(c.mmWidth), heightMillimetres: Int(c.mmHeight), modes: modes,
                                encoderIDs: (0..<Int(c.count_encoders)).map { c.encoders[$0] },
                                currentEncoderID: c.encoder_id)
    }

    /// The kernel's mode structure for a mode of a snapshot, read again by its index.
    func rawMode(connectorID: UInt32, index: Int) throws(DRMError) -> drmModeModeInfo {
        guard let connector = drmModeGetConnector(fd, connectorID) else {
            throw DRMError("read connector \(connectorID) of \(path)", errno: .current)
        }
        defer { drmModeFreeConnector(connector) }
        guard index < connector.pointee.count_modes else {
            throw DRMError("find mode \(index) of connector \(connectorID): the connector's modes changed")
        }
        return connector.pointee.modes[index]
    }

    /// The id of a connector property by name ("DPMS"), nil when the driver has none.
    func connectorProperty(_ name: String, connectorID: UInt32) -> UInt32? {
        guard let properties = drmModeObjectGetProperties(fd, connectorID, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, properties.pointee.props[index]) else { continue }
            defer { drmModeFreeProperty(property) }
            let propertyName = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if propertyName == name { return property.pointee.prop_id }
        }
        return nil
    }

    /// The pixel formats of the planes that can feed CRTC number `crtcIndex` (empty if unknown).
    func formats(crtcIndex: Int) -> Set<UInt32> {
        // Primary planes are listed only to clients that ask for universal planes.
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        guard let planes = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(planes) }
        var formats: Set<UInt32> = []
        for index in 0..<Int(planes.pointee.count_planes) {
            guard let plane = drmModeGetPlane(fd, planes.pointee.planes[index]) else { continue }
            defer { drmModeFreePlane(plane) }
            guard crtcIndex < 32, plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0 else { continue }
            formats.formUnion((0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] })
        }
        return formats
    }
}
