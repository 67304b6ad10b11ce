import Glibc
import PanelUI

/// One device of the kernel's backlight class (Documentation/ABI/stable/sysfs-class-backlight):
/// a folder with `brightness` (0...`max_brightness`, written), `max_brightness`, `type`
/// (firmware, platform or raw) and, on most, `bl_power` (0 on, 4 FB_BLANK_POWERDOWN off).
///
/// Attributes are opened without following a link in their place (O_NOFOLLOW) and must be
/// regular files, as sysfs attributes are; a write opens the file each time (O_WRONLY, no
/// O_CREAT: nothing is ever created) and writes the whole number and a newline, as
/// `echo N > brightness` does.
struct BacklightDevice: Equatable {
    /// The device's folder (/sys/class/backlight/NAME, or a `backlight:` PATH).
    let folder: String
    let name: String
    /// `type`, when the device has one.
    let type: String?
    let maxBrightness: Int
    /// `brightness` when the panel started: the level kept while no slider binds it.
    let initialBrightness: Int
    /// Whether `bl_power` is there; without it, off is brightness 0.
    let hasPower: Bool

    /// Reads a device's folder and checks `brightness` can be opened for writing (nothing is
    /// written), so a missing udev rule is reported at start.
    init(folder: String) throws(BacklightError) {
        self.folder = folder
        name = String(folder.split(separator: "/").last ?? Substring(folder))
        let max = try Self.maxBrightness(in: folder)
        maxBrightness = max
        initialBrightness = Swift.min(Swift.max(try Self.number(Self.attribute("brightness", in: folder), file: folder + "/brightness"), 0), max)
        type = (try? Self.attribute("type", in: folder)).map { $0.filter { !$0.isWhitespace } }
        hasPower = pathExists(folder + "/bl_power")
        let probe: FileDescriptor
        do throws(Errno) { probe = try Self.openForWriting(folder + "/brightness", truncate: false) } catch {
            throw BacklightError.writing(folder + "/brightness", error)
        }
        _ = consume probe
    }

    /// Sets `brightness`, clamped to 0...`maxBrightness`; returns what was written.
    @discardableResult
    func setBrightness(_ value: Int) throws(BacklightError) -> Int {
        let clamped = Swift.min(Swift.max(value, 0), maxBrightness)
        try write("brightness", clamped)
        return clamped
    }

    /// Turns the backlight off (`bl_power` 4, or `brightness` 0 without it) or back on
    /// (`bl_power` 0; the caller sets the brightness again).
    func setPower(on: Bool) throws(BacklightError) {
        if hasPower {
            try write("bl_power", on ? 0 : 4)
        } else if !on {
            try write("brightness", 0)
        }
    }

    private func write(_ attribute: String, _ value: Int) throws(BacklightError) {
        let path = folder + "/" + attribute
        do throws(Errno) {
            let file = try Self.openForWriting(path, truncate: true)
            try file.writeAll(Array((String(value) + "\n").utf8))
        } catch {
            throw BacklightError.writing(path, error)
        }
    }

    /// Opens an attribute for writing: never a link (ELOOP), never created, a FIFO without a
    /// reader fails at once (ENXIO) instead of blocking, anything but a regular file EINVAL.
    /// `truncate` (sysfs ignores it) keeps a plain file, as in tests, holding only the number.
    private static func openForWriting(_ path: String, truncate: Bool) throws(Errno) -> FileDescriptor {
        let file = try FileDescriptor(opening: path, flags: O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | (truncate ? O_TRUNC : 0))
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw Errno.current }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Errno(EINVAL) }
        return file
    }

    /// An attribute's text: a regular file, not through a link, at most 64 KiB.
    static func attribute(_ name: String, in folder: String) throws(BacklightError) -> String {
        do throws(FileError) {
            return try readFile(folder + "/" + name, limits: ReadLimits(maxBytes: 64 << 10, followLinks: false))
        } catch {
            throw BacklightError(message: "backlight: \(error)")
        }
    }

    /// The largest `max_brightness` taken: the kernel's brightness is a C `int`
    /// (`struct backlight_properties`), so a device reporting more is broken or not a backlight.
    static let largestMaxBrightness = Int(Int32.max)

    /// `max_brightness`, 1...`largestMaxBrightness`; anything else is refused naming the file,
    /// so no level is ever worked out on a range the kernel can't hold.
    private static func maxBrightness(in folder: String) throws(BacklightError) -> Int {
        let file = folder + "/max_brightness"
        let max = try number(attribute("max_brightness", in: folder), file: file)
        guard max > 0 else { throw BacklightError(message: "backlight: \(file) is \(max); a backlight needs at least 1") }
        guard max <= largestMaxBrightness else {
            throw BacklightError(message: "backlight: \(file) is \(max), more than a kernel backlight can hold (its brightness is a 32-bit int, at most \(largestMaxBrightness))")
        }
        return max
    }

    private static func number(_ text: String, file: String) throws(BacklightError) -> Int {
        let written = text.filter { !$0.isWhitespace }
        guard let value = Int(written) else {
            throw BacklightError(message: "backlight: \(file) holds '\(written.prefix(40))', not a whole number that fits 64 bits")
        }
        return value
    }
}
