import Glibc
import Testing
import PanelUI
@testable import panel

/// `backlight: auto` on a sysfs-like folder: the connector's own first, then the kernel
/// ABI's type order; a name, a path, none; what is logged as the reason.
struct BacklightFinderTests {
    let sysfs = FakeSysfs()
    var finder: BacklightFinder { BacklightFinder(root: sysfs.root) }

    @Test func autoPicksFirmwareThenPlatformThenRaw() throws {
        sysfs.addBacklight("a-raw", type: "raw")
        sysfs.addBacklight("b-platform", type: "platform")
        sysfs.addBacklight("c-firmware", type: "firmware")
        let found = try finder.find(.auto, connector: nil)
        #expect(found.device?.name == "c-firmware")
        #expect(found.reason == "backlight: c-firmware (type firmware, first by type (firmware, platform, raw) of a-raw, b-platform, c-firmware)")
        let noFirmware = FakeSysfs()
        noFirmware.addBacklight("a-raw", type: "raw")
        noFirmware.addBacklight("b-platform", type: "platform")
        noFirmware.addBacklight("c-untyped", type: nil)
        let second = try BacklightFinder(root: noFirmware.root).find(.auto, connector: "card0-DSI-1")
        #expect(second.device?.name == "b-platform")
        #expect(second.reason.hasSuffix(", none tied to card0-DSI-1)"))
        let rawOnly = FakeSysfs()
        rawOnly.addBacklight("z-raw", type: "raw")
        rawOnly.addBacklight("y-untyped", type: nil)
        #expect(try BacklightFinder(root: rawOnly.root).find(.auto, connector: nil).device?.name == "z-raw", "raw before a device without a type")
    }

    @Test func theConnectorsOwnBacklightComesFirst() throws {
        sysfs.addBacklight("acpi_video0", type: "firmware")
        sysfs.addBacklight("intel_backlight", type: "raw")
        sysfs.addConnector("card0-eDP-1")
        // i915 registers its backlight as a child of the connector's device.
        sysfs.mkdirs("class/drm/card0-eDP-1/intel_backlight")
        let found = try finder.find(.auto, connector: "card0-eDP-1")
        #expect(found.device?.name == "intel_backlight")
        #expect(found.reason == "backlight: intel_backlight, tied to the panel's connector card0-eDP-1 in sysfs")
        #expect(try finder.find(.auto, connector: "card0-HDMI-A-1").device?.name == "acpi_video0", "another connector: by type")
    }

    @Test func aBacklightWhoseDeviceLinkLeadsToTheConnectorIsTiedToIt() throws {
        sysfs.addBacklight("0-firmware", type: "firmware")
        let panel = sysfs.addBacklight("10-0045", type: "raw")
        let connector = sysfs.addConnector("card1-DSI-1")
        #expect(symlink(connector, panel + "/device") == 0)
        #expect(try finder.find(.auto, connector: "card1-DSI-1").device?.name == "10-0045")
    }

    @Test func noDeviceIsNoBacklight() throws {
        let found = try finder.find(.auto, connector: "card0-HDMI-A-1")
        #expect(found.device == nil)
        #expect(found.reason.contains("an HDMI screen has none"))
        #expect(try finder.find(.none, connector: nil).device == nil)
    }

    @Test func aNameOrAPathPicksThatDevice() throws {
        sysfs.addBacklight("rpi_backlight", type: "raw", max: 255, linked: true)
        sysfs.addBacklight("other", type: "firmware")
        #expect(try finder.find(.name("rpi_backlight"), connector: nil).device?.maxBrightness == 255)
        let odd = sysfs.folder.path + "/odd"
        mkdir(odd, 0o755)
        sysfs.folder.write("7\n", to: "odd/max_brightness")
        sysfs.folder.write("3\n", to: "odd/brightness")
        let device = try #require(try finder.find(.path(odd), connector: nil).device)
        #expect(device.maxBrightness == 7 && device.initialBrightness == 3 && !device.hasPower)
        #expect(throws: BacklightError(message: "backlight: no device 'rpi' in \(sysfs.root)/class/backlight; there is other, rpi_backlight")) {
            try finder.find(.name("rpi"), connector: nil)
        }
    }

    @Test func theRootComesFromTheEnvironment() {
        #expect(BacklightFinder(environment: ["PANEL_SYSFS_ROOT": "/tmp/x/"]).root == "/tmp/x")
        #expect(BacklightFinder(environment: [:]).root == "/sys")
    }
}
