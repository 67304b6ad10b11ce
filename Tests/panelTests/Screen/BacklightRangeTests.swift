import Glibc
import Testing
import PanelUI
@testable import panel

/// `max_brightness` must be what the kernel's `int` brightness can hold: 1...2147483647. A
/// folder reporting more (9223372036854775807 killed the panel with SIGILL at 100 %), 0, a
/// negative number or garbage is refused naming the file, and the panel goes on without a
/// backlight (DPMS or a black frame for off), as for any unusable device.
struct BacklightRangeTests {
    let folder = TemporaryFolder()
    let yaml = """
    idle: {dim_after: 60, dim_to: 20%, off_after: 300}
    sections:
      - controls:
          - {id: light, kind: slider, unit: "%", default: 100, bind: backlight}

    """

    final class Lines { var all: [String] = [] }

    /// A session on a manual clock with `backlight`, as `panel run` makes it.
    func session(backlight: BacklightDevice?, lines: Lines) throws -> PanelSession {
        let description = try PanelDescription.parse(yaml, file: folder.file("panel.yaml"), fileExists: { _ in false })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0,
                                       log: Log(write: { lines.all.append($0) }), backlight: backlight, localSecondOfDay: { 12 * 3600 })
        try session.renderFullFrame(at: 0)
        return session
    }

    /// Runs the session through its idle dim and off, then sets the slider to 100 % again.
    func runThroughIdleAndFullBrightness(_ session: PanelSession) throws {
        var wakeUps = 0
        while let due = session.nextDeadline, due < 10_000, wakeUps < 100 {
            try session.idle(until: due)
            wakeUps += 1
        }
        session.setValue(.number(0), ofControl: 0, source: .socket, at: 10_001)
        session.setValue(.number(100), ofControl: 0, source: .socket, at: 10_002)
    }

    @Test(arguments: ["9223372036854775807", "9223372036854775295", "2147483648", "0", "-5", "garbage", "99999999999999999999", ""])
    func anUnusableMaxBrightnessIsRefusedNamingTheFileAndThePanelGoesOnWithout(_ written: String) throws {
        let sysfs = FakeSysfs()
        let bl = sysfs.addBacklight("bl", max: 255, brightness: 200)
        sysfs.folder.write(written + "\n", to: "class/backlight/bl/max_brightness")
        let error = try #require(throws: BacklightError.self) { try BacklightDevice(folder: bl) }
        #expect(error.message.hasPrefix("backlight: \(bl)/max_brightness "), "\(error)")

        let lines = Lines()
        let description = try PanelDescription.parse(yaml, file: folder.file("panel.yaml"), fileExists: { _ in false })
        for setting in [BacklightSetting.auto, .name("bl"), .path(bl)] {
            let device = BacklightChoice.open(setting, for: description, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                              environment: [BacklightFinder.rootVariable: sysfs.root], log: Log(write: { lines.all.append($0) }))
            #expect(device == nil, "\(setting) is not used")
            // Whatever came of it, the panel runs through idle and 100 % without trapping.
            try runThroughIdleAndFullBrightness(try session(backlight: device, lines: Lines()))
        }
        #expect(lines.all.count == 3)
        for line in lines.all {
            #expect(line.hasPrefix("panel: error: backlight: \(bl)/max_brightness "), "\(line)")
            #expect(line.hasSuffix("; idle off uses DPMS or a black frame instead"), "\(line)")
        }
        #expect(sysfs.read(bl, "brightness") == "200", "nothing written to the refused device")
    }

    @Test func theMessageSaysWhatIsAllowed() throws {
        let sysfs = FakeSysfs()
        let huge = sysfs.addBacklight("huge", max: Int.max)
        #expect(throws: BacklightError(message: "backlight: \(huge)/max_brightness is 9223372036854775807, more than a kernel backlight can hold (its brightness is a 32-bit int, at most 2147483647)")) {
            try BacklightDevice(folder: huge)
        }
        let dark = sysfs.addBacklight("dark", max: -5)
        #expect(throws: BacklightError(message: "backlight: \(dark)/max_brightness is -5; a backlight needs at least 1")) {
            try BacklightDevice(folder: dark)
        }
        let odd = sysfs.addBacklight("odd")
        sysfs.folder.write("garbage\n", to: "class/backlight/odd/max_brightness")
        #expect(throws: BacklightError(message: "backlight: \(odd)/max_brightness holds 'garbage', not a whole number that fits 64 bits")) {
            try BacklightDevice(folder: odd)
        }
    }

    @Test func theLargestMaxBrightnessWorksAtFullAndDims() throws {
        let sysfs = FakeSysfs()
        let bl = sysfs.addBacklight("bl", max: Int(Int32.max), brightness: 5)
        let device = try BacklightDevice(folder: bl)
        #expect(device.maxBrightness == 2_147_483_647)
        let lines = Lines()
        let session = try session(backlight: device, lines: lines)
        #expect(sysfs.read(bl, "brightness") == "2147483647", "100 % is max_brightness itself")
        try session.idle(until: 60)
        var wakeUps = 0
        while let due = session.nextDeadline, due < 300, wakeUps < 100 {
            try session.idle(until: due)
            wakeUps += 1
        }
        #expect(sysfs.read(bl, "brightness") == "429496729", "dimmed to 20 %: \(lines.all)")
    }

    /// The case end to end: `panel run --backlight` on a folder reporting 2^63 - 1, a
    /// slider bound at 100 % and idle dimming, used to die of SIGILL before its first frame.
    @Test func panelRunGoesOnWithoutTheDeviceAndAnswers() throws {
        let sysfs = FakeSysfs()
        let bl = sysfs.addBacklight("bl", max: Int.max, brightness: 100)
        let config = folder.write(yaml, to: "panel.yaml")
        let panel = try PanelProcess(["run", "--config", config, "--state", folder.file("state.json"), "--display", "headless:800x480",
                                      "--input", "none", "--hold", "--backlight", bl, "--socket", folder.file("panel.sock")],
                                     log: folder.file("panel.log"))
        #expect(panel.waitForLog("stop with SIGTERM"), "panel did not start: \(panel.log)")
        #expect(panel.log.contains("panel: error: backlight: \(bl)/max_brightness is 9223372036854775807, more than a kernel backlight can hold"),
                "\(panel.log)")
        let ctl = try PanelProcess(["ctl", "--socket", folder.file("panel.sock"), "set", "light", "100"], log: folder.file("ctl.log"))
        #expect(ctl.wait(seconds: 10) == .exited(0), "the panel did not answer: \(panel.log)")
        #expect(panel.exitStatus == nil, "panel died: \(String(describing: panel.exitStatus)) \(panel.log)")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")
        #expect(sysfs.read(bl, "brightness") == "100", "the refused device is never written")
    }
}
