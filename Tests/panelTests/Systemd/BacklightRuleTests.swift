import Glibc
import Testing
@testable import panel

/// systemd/90-panel-backlight.rules: udev parses it, and it gives group video write access to
/// brightness and bl_power; the unit is in group video and may write under /sys/devices.
struct BacklightRuleTests {
    let rule = RepositoryFile.path("systemd/90-panel-backlight.rules")

    /// udevadm reads every rules file for any device and names a line it can't parse. The
    /// rule is put in place in a mount namespace of the test's own, so the host's udev never sees it.
    func udevTest(_ rules: String) -> String {
        let folder = TemporaryFolder()
        _ = try? folder.write(readFile(rules), to: "90-panel-backlight.rules")
        let command = "unshare -m sh -c 'mount --bind \(folder.path) /etc/udev/rules.d && udevadm test --action=add /sys/class/tty/tty0' 2>&1"
        return shell(command)
    }

    @Test func udevParsesTheRuleWithoutComplaint() throws {
        let output = udevTest(rule)
        #expect(output.contains("Reading rules file: /etc/udev/rules.d/90-panel-backlight.rules"), "\(output.prefix(2000))")
        let complaints = output.split(separator: "\n").filter { $0.hasPrefix("/etc/udev/rules.d/90-panel-backlight.rules:") }
        #expect(complaints.isEmpty, "\(complaints)")
        // The same check sees a broken line: it would catch a mistake in the rule.
        let broken = TemporaryFolder()
        let bad = broken.write("ACTION==\"add\", SUBSYSTEM==\"backlight\", RUN+=\"/bin/chgrp video %S%p/brightness\" junk\n", to: "bad.rules")
        #expect(udevTest(bad).contains("/etc/udev/rules.d/90-panel-backlight.rules:1 Invalid key/value pair"))
    }

    @Test func theRuleGivesGroupVideoBrightnessAndBlPower() throws {
        let lines = try readFile(rule).split(separator: "\n").filter { !$0.hasPrefix("#") }
        for attribute in ["brightness", "bl_power"] {
            let line = try #require(lines.first { $0.contains("%S%p/\(attribute)") })
            #expect(line.contains("SUBSYSTEM==\"backlight\"") && line.contains("ACTION==\"add\""))
            #expect(line.contains("RUN+=\"/bin/chgrp video %S%p/\(attribute)\""))
            #expect(line.contains("RUN+=\"/bin/chmod g+w %S%p/\(attribute)\""))
        }
        let unit = try readFile(RepositoryFile.path("systemd/panel.service")).split(separator: "\n")
        #expect(unit.contains("SupplementaryGroups=video input"))
        #expect(unit.contains("ReadWritePaths=-/sys/devices"), "ProtectKernelTunables= makes /sys read-only")
        let install = try readFile(RepositoryFile.path("scripts/install.sh"))
        #expect(install.contains("systemd/90-panel-backlight.rules \"$dest/etc/udev/rules.d/90-panel-backlight.rules\""))
        #expect(install.contains("udevadm control --reload-rules"))
    }
}
