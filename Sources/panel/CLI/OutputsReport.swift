import PanelUI

/// `panel outputs`: every DRM device's connectors (kernel names, status, physical size),
/// their modes and CRTCs, with `<- chosen` on what `--display drm` would use.
enum OutputsReport {
    static func text(request: DRMRequest, paths: [String] = DRMCard.devicePaths()) -> (text: String, found: Bool) {
        var snapshots: [DRMResources] = []
        var lines: [String] = []
        for path in request.devicePath.map({ [$0] }) ?? paths {
            do throws(DRMError) {
                snapshots.append(try DRMCard(path: path).resources())
            } catch {
                lines.append("\(path): \(error)")
            }
        }
        let device = try? DRMSelection.device(among: snapshots, request: request)
        for snapshot in snapshots {
            let choice = snapshot.path == device?.path ? try? DRMSelection.choose(in: snapshot, request: request) : nil
            lines.append(contentsOf: describe(snapshot, choice: choice))
        }
        if snapshots.isEmpty && lines.isEmpty { lines.append("no DRM devices in /dev/dri") }
        return (lines.joined(separator: "\n"), !snapshots.isEmpty)
    }

    static func describe(_ device: DRMResources, choice: DRMChoice?) -> [String] {
        let chosen = "  <- chosen"
        var lines = ["\(device.path) (\(device.driver))"]
        for connector in device.connectors {
            let mark = connector.id == choice?.connector.id ? chosen : ""
            lines.append("  connector \(connector.name): \(connector.status.rawValue), \(connector.widthMillimetres)x\(connector.heightMillimetres) mm\(mark)")
            if let line = autoScaleLine(connector, mode: mark.isEmpty ? nil : choice?.mode) { lines.append(line) }
            for mode in connector.modes {
                let modeMark = mark.isEmpty || mode != choice?.mode ? "" : chosen
                lines.append("    \(mode.description)\(mode.preferred ? " preferred" : "")\(modeMark)")
            }
        }
        for crtc in device.crtcs {
            let mark = crtc.id == choice?.crtcID ? chosen : ""
            lines.append("  crtc \(crtc.id): " + (crtc.framebufferID == 0 ? "off" : "fb \(crtc.framebufferID) \(crtc.mode ?? "")") + mark)
        }
        return lines
    }

    /// What `scale: auto` picks on this connector, at the chosen mode or else the preferred one.
    static func autoScaleLine(_ connector: DRMConnectorInfo, mode chosen: DRMModeInfo?) -> String? {
        guard let mode = chosen ?? connector.modes.first(where: \.preferred) ?? connector.modes.first else { return nil }
        let physical = DRMDisplay.physicalSize(of: connector)
        let choice = ScaleChoice.choose(setting: .auto, screen: mode.size, physical: physical?.size, source: physical?.source ?? "")
        return "    scale auto: \(ScaleChoice.shown(choice.factor)) (\(choice.reason))"
    }
}
