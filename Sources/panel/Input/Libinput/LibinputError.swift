import Glibc

/// Why libinput could not be set up; each says what to do about it.
struct LibinputError: Error, Equatable, CustomStringConvertible {
    var description: String

    static func cannotOpen(_ path: String, _ errno: Errno) -> LibinputError {
        LibinputError(description: "cannot open \(path): \(errno); \(advice(for: errno))")
    }

    /// libinput is loaded only when live input starts (`LibinputLibrary`), so a missing
    /// library shows up here rather than as the dynamic linker refusing to start panel.
    static func cannotLoad(_ file: String, reason: String) -> LibinputError {
        LibinputError(description: "cannot load \(file) (\(reason)); live input needs libinput: \(installAdvice)")
    }

    /// A library by that name without a function panel calls: not the libinput panel was built for.
    static func missingFunction(_ name: String, in file: String, reason: String) -> LibinputError {
        LibinputError(description: "\(file) lacks \(name) (\(reason)); panel needs the libinput it was built for: \(installAdvice)")
    }

    static let installAdvice = "install Debian's libinput10 (apt install libinput10)"

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
