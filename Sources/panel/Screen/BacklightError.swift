import Glibc

/// A backlight that can't be found, read or written: the file, the errno, and what to do.
struct BacklightError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }

    /// Where the udev rule and group come from, for a permission error.
    static let permissionFix = "install systemd/90-panel-backlight.rules into /etc/udev/rules.d (scripts/install.sh does) so group video may write brightness and bl_power, and run panel in group video (panel.service has SupplementaryGroups=video)"

    /// A failed open or write of `file`, with the fix a person can apply.
    static func writing(_ file: String, _ error: Errno) -> BacklightError {
        var message = "backlight: cannot write \(file): \(error)"
        switch error.rawValue {
        case EACCES, EPERM: message += "; " + permissionFix
        case EROFS: message += "; /sys is read-only here (systemd's ProtectKernelTunables=): panel.service has ReadWritePaths=/sys/devices for this"
        case ELOOP: message += "; it is a symbolic link where the kernel has a file, which is not followed"
        case EISDIR, ENXIO: message += "; it is not a backlight attribute file"
        default: break
        }
        return BacklightError(message: message)
    }
}
