import Glibc
import Testing
import PanelUI
@testable import panel

/// Writing a backlight on a sysfs-like folder: clamped, bl_power for off, and no link, FIFO
/// or folder where an attribute file belongs.
struct BacklightDeviceTests {
    let sysfs = FakeSysfs()

    @Test func brightnessIsClampedToMaxBrightness() throws {
        let folder = sysfs.addBacklight("bl", max: 100, brightness: 50)
        let device = try BacklightDevice(folder: folder)
        #expect(device.initialBrightness == 50)
        #expect(try device.setBrightness(250) == 100)
        #expect(sysfs.read(folder, "brightness") == "100")
        #expect(try device.setBrightness(-3) == 0)
        #expect(sysfs.read(folder, "brightness") == "0")
        try device.setBrightness(7)
        #expect(try readFile(folder + "/brightness") == "7\n", "the whole number and a newline, nothing left of the longer one before")
    }

    @Test func offIsBlPowerWhereThereIsOne() throws {
        let folder = sysfs.addBacklight("bl", brightness: 90)
        let device = try BacklightDevice(folder: folder)
        try device.setPower(on: false)
        #expect(sysfs.read(folder, "bl_power") == "4")
        #expect(sysfs.read(folder, "brightness") == "90", "the brightness is kept for the wake")
        try device.setPower(on: true)
        #expect(sysfs.read(folder, "bl_power") == "0")
        let bare = sysfs.addBacklight("bare", brightness: 90, power: false)
        let plain = try BacklightDevice(folder: bare)
        try plain.setPower(on: false)
        #expect(sysfs.read(bare, "brightness") == "0")
        #expect(!pathExists(bare + "/bl_power"), "never created")
    }

    @Test func aSymbolicLinkWhereAnAttributeBelongsIsRefused() throws {
        let folder = sysfs.addBacklight("bl")
        let elsewhere = sysfs.folder.write("200\n", to: "elsewhere")
        unlink(folder + "/brightness")
        #expect(symlink(elsewhere, folder + "/brightness") == 0)
        let error = try #require(throws: BacklightError.self) { try BacklightDevice(folder: folder) }
        #expect(error.message.contains("\(folder)/brightness"))
        #expect(error.message.contains("symbolic link"))
        #expect(try readFile(elsewhere) == "200\n", "the link's target is untouched")
        unlink(folder + "/max_brightness")
        #expect(symlink(elsewhere, folder + "/max_brightness") == 0)
        #expect(throws: BacklightError(message: "backlight: cannot read \(folder)/max_brightness: it is a symbolic link, which is not followed here")) {
            try BacklightDevice(folder: folder)
        }
    }

    @Test func aFIFOOrAFolderIsNoAttributeAndNothingHangs() throws {
        let folder = sysfs.addBacklight("bl")
        let device = try BacklightDevice(folder: folder)
        unlink(folder + "/bl_power")
        #expect(mkfifo(folder + "/bl_power", 0o644) == 0)
        let fifo = try #require(throws: BacklightError.self) { try device.setPower(on: false) }
        #expect(fifo.message.hasPrefix("backlight: cannot write \(folder)/bl_power: "))
        unlink(folder + "/brightness")
        #expect(mkdir(folder + "/brightness", 0o755) == 0)
        let dir = try #require(throws: BacklightError.self) { try device.setBrightness(10) }
        #expect(dir.message.contains("EISDIR") && dir.message.contains("not a backlight attribute file"))
    }

    @Test func aPermissionErrorNamesTheFileAndTheFix() {
        let message = BacklightError.writing("/sys/class/backlight/x/brightness", Errno(EACCES)).message
        #expect(message == "backlight: cannot write /sys/class/backlight/x/brightness: permission denied (errno 13, EACCES); "
            + "install systemd/90-panel-backlight.rules into /etc/udev/rules.d (scripts/install.sh does) so group video may write brightness and bl_power, and run panel in group video (panel.service has SupplementaryGroups=video)")
    }
}
