import Glibc
@testable import panel

/// A folder laid out like sysfs for backlight tests: ROOT/class/backlight/NAME/ with
/// brightness, max_brightness, type, bl_power, actual_brightness, and ROOT/class/drm/CONNECTOR/.
final class FakeSysfs {
    let folder = TemporaryFolder()
    var root: String { folder.path }

    /// Adds a device; `power: false` leaves out bl_power. Real sysfs keeps the devices under
    /// /sys/devices and links them from /sys/class/backlight; `linked` does the same here.
    @discardableResult
    func addBacklight(_ name: String, type: String? = "raw", max: Int = 255, brightness: Int = 128, power: Bool = true,
                      linked: Bool = false) -> String {
        let devices = linked ? "devices/platform/\(name)" : "class/backlight/\(name)"
        mkdirs(devices)
        mkdirs("class/backlight")
        if linked { symlink(root + "/" + devices, root + "/class/backlight/" + name) }
        folder.write("\(max)\n", to: "\(devices)/max_brightness")
        folder.write("\(brightness)\n", to: "\(devices)/brightness")
        folder.write("\(brightness)\n", to: "\(devices)/actual_brightness")
        if let type { folder.write(type + "\n", to: "\(devices)/type") }
        if power { folder.write("0\n", to: "\(devices)/bl_power") }
        return root + "/class/backlight/" + name
    }

    /// A DRM connector's folder, "card0-DSI-1".
    @discardableResult
    func addConnector(_ name: String) -> String {
        mkdirs("class/drm/\(name)")
        return root + "/class/drm/" + name
    }

    func mkdirs(_ relative: String) {
        var path = root
        for part in relative.split(separator: "/") {
            path += "/" + part
            mkdir(path, 0o755)
        }
    }

    /// An attribute's text without its newline.
    func read(_ device: String, _ attribute: String) -> String? {
        (try? readFile(device + "/" + attribute))?.filter { !$0.isWhitespace }
    }
}
