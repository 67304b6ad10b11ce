import Glibc

/// Why libinput could not be set up; each says what to do about it.
struct LibinputError: Error, Equatable, CustomStringConvertible {
    var description: String

    static func cannotOpen(_ path: String, _ errno: Errno) -> LibinputError {
        LibinputError(description: "cannot open \(path): \(errno); \(advice(for: errno))")
    }

    /// The sentence for people who hit a failing open: mostly permissions.
    static func advice(for errno: Errno) -> String {
        switch errno.rawValue {
        case EACCES, EPERM:
            "event devices belong to the 'input' group: add the user to it (usermod -aG input USER, then log in again), or run panel as a systemd service with SupplementaryGroups=input"
        case ENOENT, ENODEV, ENXIO:
            "the device is not there (unplugged, or a different eventN); `libinput list-devices` shows what is"
        default:
            "check the device with `libinput list-devices`"
        }
    }
}
