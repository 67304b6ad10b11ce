import PanelUI

/// Which backlight `panel run` drives: `--backlight` over the description's `backlight:`,
/// found under `PANEL_SYSFS_ROOT` (default /sys) next to the display's DRM connector.
enum BacklightChoice {
    /// `--backlight auto|none|NAME|PATH`, or nil when the flag is absent.
    static func flag(_ text: String?) throws(UsageError) -> BacklightSetting? {
        guard let text else { return nil }
        guard let setting = BacklightSetting(parsing: text) else {
            throw UsageError(message: "panel run: --backlight must be auto, none, a device's name under /sys/class/backlight or a folder's path, not '\(text)'")
        }
        return setting
    }

    /// The device to drive, logged with why; nil (logged) when there is none or it can't be
    /// used, so the panel goes on with DPMS and a black frame for off. A description with no
    /// `idle:`, `night:` or `bind: backlight` leaves the backlight alone (nothing is opened).
    static func open(_ setting: BacklightSetting, for description: PanelDescription, display: any Display,
                     environment: [String: String], log: Log) -> BacklightDevice? {
        let screen = description.screen
        guard screen.idle != nil || screen.night != nil || description.backlightControl != nil else { return nil }
        let finder = BacklightFinder(environment: environment)
        do throws(BacklightError) {
            let found = try finder.find(setting, connector: connectorName(of: display))
            log.info(found.reason)
            return found.device
        } catch {
            log.error("\(error); idle off uses DPMS or a black frame instead")
            return nil
        }
    }

    /// The kernel's sysfs name of the panel's output, "card0-DSI-1"; nil off DRM.
    static func connectorName(of display: any Display) -> String? {
        guard let drm = display as? DRMDisplay else { return nil }
        let card = drm.card.path.split(separator: "/").last.map(String.init) ?? drm.card.path
        return card + "-" + drm.choice.connector.name
    }
}
