import Glibc
import PanelUI
import Testing
@testable import panel

/// The backlight's slider as a Home Assistant `light` with brightness on a real mosquitto
/// broker: discovered as a light, its state the brightness, commands set the backlight.
struct MQTTLightTests {
    let folder = TemporaryFolder()
    let sysfs = FakeSysfs()

    static let controls = """
    sections:
      - controls:
          - {id: screen, kind: slider, label: Screen, unit: "%", default: 60, bind: backlight}
          - {id: level, kind: slider, default: 10}
    """

    @Test func theBoundSliderIsALightWithBrightness() throws {
        let bl = sysfs.addBacklight("bl", max: 1000, brightness: 1000)
        let broker = try TestBroker(folder: folder)
        let panel = try MQTTNodeTests.startPanel(folder, broker: broker, controls: Self.controls, extra: ["--backlight", bl])
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        let configs = broker.waitForRetained("homeassistant/#") { $0.count >= 2 }
        let light = try #require(parsedJSON(configs["homeassistant/light/hall/screen/config"]), "\(configs.keys.sorted())")
        #expect(light["schema"] == .string("json") && light["brightness_scale"] == .number(100))
        #expect(light["supported_color_modes"] == .array([.string("brightness")]))
        #expect(light["command_topic"] == .string("panel/hall/screen/set") && light["state_topic"] == .string("panel/hall/screen/state"))
        #expect(configs["homeassistant/number/hall/level/config"] != nil, "an unbound slider stays a number")
        let states = broker.waitForRetained("panel/hall/+/state") { $0.count >= 2 }
        #expect(parsedJSON(states["panel/hall/screen/state"]) == .object([("state", .string("ON")), ("brightness", .number(60))]))
        #expect(sysfs.read(bl, "brightness") == "600")

        broker.publish("panel/hall/screen/set", #"{"state": "ON", "brightness": 25}"#)
        var after = broker.waitForRetained("panel/hall/screen/state") { parsedJSON($0["panel/hall/screen/state"])?["brightness"] == .number(25) }
        #expect(parsedJSON(after["panel/hall/screen/state"])?["brightness"] == .number(25))
        #expect(sysfs.read(bl, "brightness") == "250")
        broker.publish("panel/hall/screen/set", #"{"brightness": 250}"#)
        #expect(panel.waitForLog("refused: use {\"state\": \"ON\", \"brightness\": 0 to 100}"), "\(panel.log)")
        broker.publish("panel/hall/screen/set", #"{"state": "OFF"}"#)
        after = broker.waitForRetained("panel/hall/screen/state") { parsedJSON($0["panel/hall/screen/state"])?["brightness"] == .number(0) }
        #expect(parsedJSON(after["panel/hall/screen/state"])?["brightness"] == .number(0))
        #expect(sysfs.read(bl, "brightness") == "50", "OFF is the slider's bottom: min_brightness 5 %, not dark")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")
        let saved = try #require(parsedJSON(folder.readText("panel.json")))
        #expect(saved["values"]?["screen"] == .number(0))
    }

    @Test func commandsOutsideTheScaleOrShapeAreRefused() throws {
        let description = try PanelDescription.parse(Self.controls, file: "p.yml", fileExists: { _ in true })
        let screen = description.controls[0]
        let light = try #require(MQTTKind.of(screen))
        #expect(light.component == "light" && MQTTKind.of(description.controls[1])?.component == "number")
        #expect(light.command(Array(#"{"state":"ON","brightness":42}"#.utf8), screen) == .number(42))
        #expect(light.command(Array(#"{"state":"ON"}"#.utf8), screen) == .number(100))
        for junk in [#"{"brightness":42.5}"#, #"{"brightness":-1}"#, #"{"brightness":101}"#, #"{"state":"OFF","brightness":3}"#,
                     #"{"state":"on"}"#, "42", "", "[1]", #"{"brightness":"42"}"#] {
            #expect(light.command(Array(junk.utf8), screen) == nil, "\(junk)")
        }
    }
}
