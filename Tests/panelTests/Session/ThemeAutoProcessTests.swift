import Glibc
import PanelUI
import Testing
@testable import panel

/// `theme: auto` through the built binary: the starting theme follows the local time of the
/// zone in TZ (localtime_r), not UTC.
struct ThemeAutoProcessTests {
    let folder = TemporaryFolder()

    /// "HH:MM" of `minutes` after midnight, wrapped into a day.
    func clock(_ minutes: Int) -> String {
        ThemeClock.clockTime(((minutes % 1440) + 1440) % 1440)
    }

    /// The page colour of a screenshot of the panel run with a dark window of
    /// `from`…`until` minutes after local midnight, in the zone `tz`.
    func pageColor(from: Int, until: Int, tz: String) throws -> UInt32 {
        let yaml = "theme: {base: auto, dark_from: \"\(clock(from))\", dark_until: \"\(clock(until))\"}\n"
            + "sections: [{controls: [{id: a, kind: switch}]}]\n"
        let config = folder.write(yaml, to: "panel.yml")
        let shot = folder.file("shot.png")
        let process = try PanelProcess(["run", "--config", config, "--state", folder.file("state.json"),
                                        "--display", "headless:320x240", "--input", "none", "--screenshot", shot],
                                       log: folder.file("panel.log"), environment: ["TZ": tz])
        let status = process.wait(seconds: 20)
        #expect(status == .exited(0), "\(process.log)")
        return try PNG.readPixels(path: shot)[2, 230] & 0xFFFFFF
    }

    /// Minutes after midnight UTC now.
    func utcMinute() -> Int {
        var now = time(nil)
        var utc = tm()
        gmtime_r(&now, &utc)
        return Int(utc.tm_hour) * 60 + Int(utc.tm_min)
    }

    @Test func theStartingThemeFollowsTheLocalZone() throws {
        // Windows two hours either side of now, so the test can't straddle an edge.
        let utc = utcMinute()
        #expect(try pageColor(from: utc - 120, until: utc + 120, tz: "UTC0") == Theme.dark.background.xrgb)
        #expect(try pageColor(from: utc + 240, until: utc + 480, tz: "UTC0") == Theme.light.background.xrgb)
        // Twelve hours east of UTC, the same window is the middle of the local day.
        let east = utc + 12 * 60
        #expect(try pageColor(from: east - 120, until: east + 120, tz: "EAST-12") == Theme.dark.background.xrgb)
        #expect(try pageColor(from: utc - 120, until: utc + 120, tz: "EAST-12") == Theme.light.background.xrgb)
    }
}
