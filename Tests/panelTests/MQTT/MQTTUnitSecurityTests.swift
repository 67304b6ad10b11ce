import Glibc
import Testing
@testable import panel

/// panel.service with the MQTT drop-in (as scripts/install.sh --mqtt writes it): still rated
/// at most 1.5 by `systemd-analyze security --offline=true`, IPAddressDeny=any kept, and
/// exactly the broker's address allowed.
struct MQTTUnitSecurityTests {
    let folder = TemporaryFolder()

    @Test func dropInAllowsOnlyTheBrokerAndStaysHardened() throws {
        let root = folder.path
        let units = "\(root)/etc/systemd/system"
        _ = shell("mkdir -p '\(units)/panel.service.d' && cp '\(RepositoryFile.path("systemd/panel.service"))' '\(units)/' && "
            + "'\(RepositoryFile.path("scripts/mqtt-dropin.sh"))' 192.0.2.10 /etc/panel/mqtt-password > '\(units)/panel.service.d/mqtt.conf'")
        let dropIn = try readFile("\(units)/panel.service.d/mqtt.conf").split(separator: "\n")
        #expect(dropIn.contains("IPAddressAllow=192.0.2.10"))
        #expect(dropIn.contains("RestrictAddressFamilies=AF_UNIX AF_NETLINK AF_INET AF_INET6"))
        #expect(dropIn.contains("LoadCredential=mqtt-password:/etc/panel/mqtt-password"))
        #expect(!dropIn.contains { $0.hasPrefix("IPAddressDeny=") }, "the drop-in must not widen IPAddressDeny=any")
        let unit = try readFile("\(units)/panel.service").split(separator: "\n")
        #expect(unit.contains("IPAddressDeny=any"))

        let output = shell("systemd-analyze security --offline=true --root='\(root)' panel.service 2>&1")
        let marker = "Overall exposure level for panel.service: "
        let line = try #require(output.split(separator: "\n").first { $0.contains(marker) }, "no overall exposure in:\n\(output)")
        let score = try #require(Double(line.split(separator: marker).last?.split(separator: " ").first ?? ""))
        #expect(score <= 1.5, "exposure \(score) with the MQTT drop-in:\n\(output)")
        #expect(output.contains("IP address allow list"), "the drop-in was not read:\n\(output)")
    }
}
