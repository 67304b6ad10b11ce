import Glibc
import Testing
@testable import panel

/// systemd/panel.service stays hardened: `systemd-analyze security` rates it SAFE
/// (overall exposure 1.0 or lower) offline, without a running systemd.
struct UnitSecurityTests {
    @Test func exposureIsSafe() throws {
        let unit = RepositoryFile.path("systemd/panel.service")
        let output = try #require(shellOutput("systemd-analyze security --offline=true '\(unit)' 2>&1"),
                                  "systemd-analyze did not run; install the systemd package (scripts/deps.sh does)")
        let marker = "Overall exposure level for panel.service: "
        let line = try #require(output.split(separator: "\n").first { $0.contains(marker) }, "no overall exposure in:\n\(output)")
        let score = try #require(Double(line.split(separator: marker).last?.split(separator: " ").first ?? ""))
        #expect(score <= 1.0, "exposure \(score):\n\(output.split(separator: "\n").filter { $0.contains("✗") }.joined(separator: "\n"))")
    }

    @Test func unitNotifiesAndTakesTheConsole() throws {
        let text = try readFile(RepositoryFile.path("systemd/panel.service"))
        for line in ["Type=notify", "WatchdogSec=30", "Conflicts=getty@tty1.service", "Restart=on-failure",
                     "StateDirectory=panel", "RuntimeDirectory=panel", "ConfigurationDirectory=panel",
                     "DeviceAllow=char-drm rw", "DeviceAllow=char-input rw", "SupplementaryGroups=video input"] {
            #expect(text.split(separator: "\n").contains(Substring(line)), "\(line) missing")
        }
    }
}
