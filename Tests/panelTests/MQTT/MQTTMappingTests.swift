import Glibc
import PanelUI
import Testing
@testable import panel

/// The pure parts: the `mqtt:` key, each kind's payloads and discovery, topics, backoff, the password file.
struct MQTTMappingTests {
    let folder = TemporaryFolder()

    static func description(_ mqtt: String, controls: String = MQTTNodeTests.controls) throws(DescriptionError) -> PanelDescription {
        try PanelDescription.parse("mqtt: \(mqtt)\n" + controls, file: "p.yml", fileExists: { _ in true })
    }

    @Test func mqttKeyDecodes() throws {
        let mqtt = try #require(try Self.description("{host: 192.0.2.10, client_id: hall, protocol: 5, username: panel, tls: {ca_file: ca.pem}}").mqtt)
        #expect(mqtt.host == "192.0.2.10")
        #expect(mqtt.port == 8883, "TLS defaults to 8883")
        #expect(mqtt.protocolVersion == .v5)
        #expect(mqtt.tls?.caFile == "./ca.pem")
        #expect(mqtt.discovery && mqtt.discoveryPrefix == "homeassistant")
        let plain = try #require(try Self.description("{host: broker.lan}").mqtt)
        #expect(plain.port == 1883 && plain.protocolVersion == .v311 && plain.clientID == nil)
        #expect(try Self.description("{host: b}", controls: MQTTNodeTests.controls).mqtt != nil)
        #expect(try PanelDescription.parse(MQTTNodeTests.controls, file: "p.yml", fileExists: { _ in true }).mqtt == nil)
    }

    @Test func mqttMistakesAreNamed() {
        let cases: [(String, String)] = [
            ("{host: b, password: hunter2}", "can't be written in the description"),
            ("{port: 1883}", "has no 'host'"),
            ("{host: b, client_id: 'a/b'}", "'client_id' must be 1 to 64"),
            ("{host: b, base_topic: 'panel/#'}", "'base_topic' must be topic words"),
            ("{host: b, base_topic: '/panel'}", "'base_topic' must be topic words"),
            ("{host: b, protocol: 4}", "protocol '4' is not one of 3.1.1, 5"),
            ("{host: b, tls: {cert_file: c.pem}}", "has no 'ca_file'"),
            ("{host: b, tls: {ca_file: a.pem, cert_file: c.pem}}", "both 'cert_file' and 'key_file'"),
            ("{host: b, hots: c}", "unknown key 'hots'"),
        ]
        for (mqtt, message) in cases {
            #expect(throws: DescriptionError.self) { try Self.description(mqtt) }
            do {
                _ = try Self.description(mqtt)
            } catch {
                #expect(error.description.contains(message), "\(mqtt): \(error)")
                #expect(error.description.hasPrefix("p.yml:1:"), "\(error)")
            }
        }
    }

    @Test func eachKindMapsPayloads() throws {
        let controls = try Self.description("{host: b}").controls
        let wifi = controls[0], mode = controls[3]
        let onOff = MQTTKind.of(.switch)!
        #expect(onOff.component == "switch" && MQTTKind.of(.checkbox)!.component == "switch")
        #expect(onOff.statePayload(.bool(true), wifi) == Array("ON".utf8))
        #expect(onOff.statePayload(.bool(false), wifi) == Array("OFF".utf8))
        #expect(onOff.command(Array("ON".utf8), wifi) == .bool(true))
        #expect(onOff.command(Array("OFF".utf8), wifi) == .bool(false))
        for junk in ["on", "true", "1", "ON ", ""] { #expect(onOff.command(Array(junk.utf8), wifi) == nil, "\(junk)") }
        let select = MQTTKind.of(.radio)!
        #expect(select.component == "select")
        #expect(select.statePayload(.option("max"), mode) == Array("max".utf8))
        #expect(select.statePayload(.option(nil), mode) == [])
        #expect(select.command(Array("balanced".utf8), mode) == .option("balanced"))
        #expect(select.command(Array("Balanced".utf8), mode) == nil)
        #expect(select.command([], mode) == nil, "a group that must have a selection can't be cleared")
        var optional = mode
        optional.mustHaveSelection = false
        #expect(select.command([], optional) == .option(nil))
        #expect(select.command([0xFF, 0xFE], mode) == nil)
    }

    @Test func discoveryHasStableDistinctIDs() throws {
        let controls = """
        sections:
          - controls:
              - {id: a.b, kind: switch}
              - {id: a_b, kind: checkbox}
              - {id: mode, kind: radio, options: [x, y]}
        """
        let description = try Self.description("{host: b, client_id: hall.1}", controls: controls)
        let topics = MQTTTopics(base: "panel/hall.1", discoveryPrefix: "homeassistant", clientID: "hall.1")
        let configs = MQTTDiscovery.configs(for: description, clientID: "hall.1", topics: topics)
        #expect(configs.map(\.topic) == ["homeassistant/switch/hall_1/a_b/config", "homeassistant/switch/hall_1/a_b_2/config",
                                         "homeassistant/select/hall_1/mode/config"])
        let ids = configs.compactMap { parsedJSON(String(decoding: $0.payload, as: UTF8.self))?["unique_id"] }
        #expect(ids == [.string("panel-hall.1-a.b"), .string("panel-hall.1-a_b"), .string("panel-hall.1-mode")])
        #expect(MQTTDiscovery.configs(for: description, clientID: "hall.1", topics: topics) == configs, "stable")
    }

    @Test func commandTopicsName() {
        let topics = MQTTTopics(base: "panel/hall", discoveryPrefix: "homeassistant", clientID: "hall")
        #expect(topics.controlID(ofCommand: "panel/hall/wifi/set") == "wifi")
        #expect(topics.controlID(ofCommand: "panel/hall/a/b/set") == nil)
        #expect(topics.controlID(ofCommand: "panel/hall//set") == nil)
        #expect(topics.controlID(ofCommand: "panel/hall/wifi/state") == nil)
        #expect(topics.controlID(ofCommand: "panel/hallx/wifi/set") == nil)
    }

    @Test func passwordFileMustBePrivate() throws {
        let file = folder.write("s3cret\nignored\n", to: "password")
        chmod(file, 0o644)
        #expect(throws: MQTTError.self) { try MQTTSettings.readPassword(file) }
        chmod(file, 0o600)
        #expect(try MQTTSettings.readPassword(file) == "s3cret")
        let mqtt = MQTTDescription(host: "b", credentials: file)
        #expect(throws: MQTTError.self, "a password needs a user name") { try MQTTSettings(mqtt, environment: [:], hostName: "h") }
        let credentials = folder.path + "/creds"
        mkdir(credentials, 0o700)
        let credential = folder.write("from-systemd\n", to: "creds/mqtt-password")
        chmod(credential, 0o400)
        let settings = try MQTTSettings(MQTTDescription(host: "b", username: "panel"), environment: ["CREDENTIALS_DIRECTORY": credentials],
                                        hostName: "hall.local")
        #expect(settings.password == "from-systemd")
        #expect(settings.clientID == "panel-hall_local")
        #expect(settings.topics.base == "panel/panel-hall_local")
    }

    /// libmosquitto stays out of a process without `mqtt:`, and is mapped when it has one.
    @Test func libraryLoadedOnlyWithMQTT() throws {
        folder.write(MQTTNodeTests.controls, to: "plain.yaml")
        let plain = try PanelProcess(["run", "--config", folder.file("plain.yaml"), "--state", folder.file("plain.json"),
                                      "--display", "headless:800x480", "--input", "none"], log: folder.file("plain.log"))
        #expect(plain.waitForLog("showing"))
        let maps = (try? readFile("/proc/\(plain.child.pid)/maps")) ?? ""
        #expect(!maps.isEmpty && !maps.contains("libmosquitto"), "libmosquitto mapped without mqtt:")
        plain.signal(SIGTERM)
        _ = plain.wait(seconds: 10)

        folder.write("mqtt: {host: 127.0.0.1, port: 1, client_id: t}\n" + MQTTNodeTests.controls, to: "mqtt.yaml")
        let node = try PanelProcess(["run", "--config", folder.file("mqtt.yaml"), "--state", folder.file("mqtt.json"),
                                     "--display", "headless:800x480", "--input", "none"], log: folder.file("mqtt.log"))
        #expect(node.waitForLog("showing"))
        #expect(((try? readFile("/proc/\(node.child.pid)/maps")) ?? "").contains("libmosquitto"))
        #expect(node.waitForLog("retries in the background"), "\(node.log)")
        node.signal(SIGTERM)
        #expect(node.wait(seconds: 10) == .exited(0), "a panel whose broker is unreachable stops as usual")
    }
}
