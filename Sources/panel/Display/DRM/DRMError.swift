import Glibc

/// A failed DRM call: what was attempted, the errno, and what a person can do about it.
struct DRMError: Error, CustomStringConvertible {
    var action: String
    var errno: Errno?
    var advice: String?

    init(_ action: String, errno: Errno? = nil, advice: String? = nil) {
        self.action = action
        self.errno = errno
        self.advice = advice ?? errno.flatMap(Self.advice(for:))
    }

    var description: String {
        var text = "cannot \(action)"
        if let errno { text += ": \(errno)" }
        if let advice { text += "; \(advice)" }
        return text
    }

    /// The usual causes of the errors that stop a panel from starting.
    static func advice(for errno: Errno) -> String? {
        switch errno.rawValue {
        case EACCES, EPERM:
            "the user needs access to /dev/dri: add it to the 'video' group, or start panel in a logind seat session that owns the device"
        case EBUSY:
            "another process holds DRM master: most likely a display manager (gdm, sddm, lightdm) or a compositor (weston, a Wayland or X session); stop it or give panel its own seat"
        case ENOENT, ENODEV:
            "is the display driver loaded (ls /dev/dri)?"
        default:
            nil
        }
    }
}
