import Glibc
import PanelUI

/// Finds the backlight a panel drives (`backlight:`, `--backlight`) under a sysfs tree whose
/// root is `/sys`, or `PANEL_SYSFS_ROOT` (tests lay out a folder like it:
/// ROOT/class/backlight/NAME/{brightness,max_brightness,type,bl_power} and
/// ROOT/class/drm/CARD-CONNECTOR/).
///
/// `auto` takes the device tied to the panel's DRM connector when sysfs links them (the
/// backlight is a child of the connector's folder, as i915's `card0-eDP-1/intel_backlight`,
/// or its `device` link leads to that folder), else the first by `type` in the kernel ABI's
/// order of preference, firmware, platform, raw (then by name); the choice and why is
/// returned for the log. Names differ between boards and kernels (rpi_backlight, 10-0045,
/// 4-0045), so none is assumed.
struct BacklightFinder {
    let root: String

    static let rootVariable = "PANEL_SYSFS_ROOT"

    init(root: String = "/sys") {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    init(environment: [String: String]) {
        self.init(root: environment[Self.rootVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "/sys")
    }

    var classFolder: String { root + "/class/backlight" }

    /// What was found and why (for the log); nil device with `none` or when `auto` finds none.
    struct Found {
        var device: BacklightDevice?
        var reason: String
    }

    /// `connector` is the kernel's name of the panel's output, "card0-DSI-1", when on DRM.
    func find(_ setting: BacklightSetting, connector: String?) throws(BacklightError) -> Found {
        switch setting {
        case .none:
            return Found(device: nil, reason: "backlight: none (idle off uses DPMS or a black frame)")
        case .path(let folder):
            let device = try BacklightDevice(folder: folder)
            return Found(device: device, reason: "backlight: \(folder) (max_brightness \(device.maxBrightness))")
        case .name(let name):
            let folder = classFolder + "/" + name
            guard pathExists(folder) else {
                let names = deviceNames()
                throw BacklightError(message: "backlight: no device '\(name)' in \(classFolder); " +
                    (names.isEmpty ? "there is none (an HDMI screen has no backlight device: use backlight: none)" : "there is \(names.joined(separator: ", "))"))
            }
            let device = try BacklightDevice(folder: folder)
            return Found(device: device, reason: "backlight: \(name) (max_brightness \(device.maxBrightness))")
        case .auto:
            return try automatic(connector: connector)
        }
    }

    /// The devices' names, sorted.
    func deviceNames() -> [String] {
        folderEntries(classFolder).sorted()
    }

    private func automatic(connector: String?) throws(BacklightError) -> Found {
        let names = deviceNames()
        guard !names.isEmpty else {
            return Found(device: nil, reason: "backlight: none in \(classFolder) (an HDMI screen has none); idle off uses DPMS or a black frame")
        }
        if let connector, let name = linked(to: connector, among: names) {
            let device = try BacklightDevice(folder: classFolder + "/" + name)
            return Found(device: device, reason: "backlight: \(name), tied to the panel's connector \(connector) in sysfs")
        }
        let ranked = names.map { name in (name, deviceType(name)) }
            .sorted { Self.rank($0.1) != Self.rank($1.1) ? Self.rank($0.1) < Self.rank($1.1) : $0.0 < $1.0 }
        let (name, type) = ranked[0]
        let device = try BacklightDevice(folder: classFolder + "/" + name)
        let why = names.count == 1 ? "the only device" : "first by type (firmware, platform, raw) of \(names.joined(separator: ", "))"
        let link = connector.map { ", none tied to \($0)" } ?? ""
        return Found(device: device, reason: "backlight: \(name) (type \(type ?? "unknown"), \(why)\(link))")
    }

    /// A backlight sysfs ties to the connector: a child of its folder, or one whose `device`
    /// link leads to the connector's folder.
    func linked(to connector: String, among names: [String]) -> String? {
        let connectorFolder = root + "/class/drm/" + connector
        guard pathExists(connectorFolder) else { return nil }
        let children = Set(folderEntries(connectorFolder))
        if let child = names.first(where: { children.contains($0) }) { return child }
        guard let target = Self.realPath(connectorFolder) else { return nil }
        return names.first { name in
            Self.realPath(classFolder + "/" + name + "/device").map { $0 == target || $0.hasPrefix(target + "/") } ?? false
        }
    }

    private func deviceType(_ name: String) -> String? {
        (try? BacklightDevice.attribute("type", in: classFolder + "/" + name)).map { $0.filter { !$0.isWhitespace } }
    }

    /// The kernel ABI's preference: firmware, then platform, then raw; unknown types last.
    static func rank(_ type: String?) -> Int {
        switch type {
        case "firmware": 0
        case "platform": 1
        case "raw": 2
        default: 3
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
