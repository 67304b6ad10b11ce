import Glibc
import PanelUI
import Testing
@testable import panel

/// Value rows with `source: {mqtt: TOPIC}` on a real mosquitto broker: a retained reading shows
/// at once, live ones follow, an empty message shows "—", an oversized one is refused with a
/// warning and changes nothing; the description's mistakes are located.
struct MQTTValueSourceTests {
    let folder = TemporaryFolder()

    static let controls = """
    sections:
      - controls:
          - {id: temp, kind: value, label: Temperature, source: {mqtt: home/hall/temperature}}
          - {id: wifi, kind: switch, label: Wi-Fi}
    """

    @Test func aValueRowShowsWhatItsTopicSays() throws {
        let broker = try TestBroker(folder: folder)
        broker.publish("home/hall/temperature", "21.5 °C", retain: true)
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker, controls: Self.controls,
                                                 extra: ["--socket", folder.file("panel.sock")])
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        var states = broker.waitForRetained("panel/hall/temp/state") { $0["panel/hall/temp/state"] == "21.5 °C" }
        #expect(states["panel/hall/temp/state"] == "21.5 °C", "the retained reading, at once")
        let configs = broker.waitForRetained("homeassistant/#") { $0["homeassistant/sensor/hall/temp/config"] != nil }
        let sensor = try #require(parsedJSON(configs["homeassistant/sensor/hall/temp/config"]), "\(configs.keys.sorted())")
        #expect(sensor["state_topic"] == .string("panel/hall/temp/state") && sensor["command_topic"] == nil)
        #expect(sensor["unique_id"] == .string("panel-hall-temp") && sensor["name"] == .string("Temperature"))

        let lines = folder.write("22.0 °C\tsecond field\nsecond line\n", to: "reading.txt")
        broker.publishFile("home/hall/temperature", file: lines)
        states = broker.waitForRetained("panel/hall/temp/state") { $0["panel/hall/temp/state"] == "22.0 °C second field" }
        #expect(states["panel/hall/temp/state"] == "22.0 °C second field", "the first line, a tab as a space")
        let got = CommandRunner.run(["ctl", "--socket", folder.file("panel.sock"), "get", "temp"])
        #expect(got.out.contains("\"value\":\"22.0 °C second field\""), "\(got)")

        let big = folder.write(String(repeating: "9", count: 5000), to: "big.txt")
        broker.publishFile("home/hall/temperature", file: big)
        #expect(panel.waitForLog("is 5000 bytes, more than a value row takes (4096); the row keeps what it shows"), "\(panel.log)")
        #expect(broker.retained("panel/hall/temp/state")["panel/hall/temp/state"] == "22.0 °C second field")

        _ = shell("mosquitto_pub -p \(broker.port) -q 1 -t home/hall/temperature -n")
        states = broker.waitForRetained("panel/hall/temp/state") { $0["panel/hall/temp/state"] == "—" }
        #expect(states["panel/hall/temp/state"] == "—", "an empty message: nothing known")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")
        let saved = try #require(parsedJSON(folder.readText("panel.json")))
        #expect(saved["values"]?["temp"] == nil, "a value row is never saved")
    }

    @Test(arguments: [
        ("sections:\n  - controls:\n      - {id: t, kind: value, source: {mqtt: home/t}}\n",
         "p.yml:3:38: value row 't' takes its text from MQTT topic 'home/t', but the description has no 'mqtt:'; add the broker, like mqtt: {host: 192.0.2.10}"),
        ("mqtt: {host: 127.0.0.1}\nsections:\n  - controls:\n      - {id: t, kind: value, source: {mqtt: home/+/t}}\n",
         "p.yml:4:45: 'mqtt' topic 'home/+/t' has a wildcard (+ or #); a value row shows one topic, so name it whole"),
        ("mqtt: {host: 127.0.0.1}\nsections:\n  - controls:\n      - {id: t, kind: value, source: {mqtt: home/t, every: 5}}\n",
         "p.yml:4:53: unknown key 'every' in 'source'; the closest keys it takes: mqtt"),
        ("mqtt: {host: 127.0.0.1}\nsections:\n  - controls:\n      - {id: t, kind: value, source: {mqtt: $SYS/x}}\n",
         "p.yml:4:45: 'mqtt' topic '$SYS/x' starts with '$', which brokers keep for themselves ($SYS)"),
    ])
    func mistakesAreLocated(yaml: String, expected: String) {
        do {
            _ = try PanelDescription.parse(yaml, file: "p.yml", fileExists: { _ in true })
            Issue.record("accepted")
        } catch {
            #expect(error.report == expected)
        }
    }
}
