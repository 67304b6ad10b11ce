import CUdev
import Glibc

/// Connector hotplug as the kernel reports it: a udev "change" event of the card carrying
/// `HOTPLUG=1` (drm_sysfs_hotplug_event), rebroadcast by udevd. The event loop watches `fd`
/// and asks the display to re-probe its connectors when one arrives.
final class DRMHotplugMonitor {
    private let udev: Udev
    private let monitor: OpaquePointer
    /// Non-blocking: libudev opens its netlink socket with SOCK_NONBLOCK.
    let fd: CInt

    init() throws(DRMError) {
        do {
            udev = try Udev()
        } catch {
            throw DRMError("watch for display hotplug", advice: "\(error)")
        }
        guard let monitor = udev_monitor_new_from_netlink(udev.pointer, "udev") else {
            throw DRMError("watch for display hotplug (udev monitor)", errno: Errno.current)
        }
        self.monitor = monitor
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        guard udev_monitor_enable_receiving(monitor) >= 0 else {
            let error = Errno.current
            udev_monitor_unref(monitor)
            throw DRMError("watch for display hotplug (udev monitor)", errno: error)
        }
        fd = udev_monitor_get_fd(monitor)
    }

    deinit { udev_monitor_unref(monitor) }

    /// Reads every waiting event; true when one was a hotplug of the card at `devnode`.
    func drainHotplugs(of devnode: String) -> Bool {
        var hotplugged = false
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let node = udev_device_get_devnode(device).map { String(cString: $0) }
            let hotplug = udev_device_get_property_value(device, "HOTPLUG").map { String(cString: $0) }
            if node == devnode && hotplug == "1" { hotplugged = true }
        }
        return hotplugged
    }
}
