import Testing
@testable import PanelUI

/// The number a slider or stepper holds: its keys and their mistakes (located, with what to
/// write instead), the step grid (float-safe), the text it shows and the JSON it takes.
struct NumberKindTests {
    static func control(_ keys: String, kind: String = "slider") throws -> ControlDescription {
        let yaml = "sections:\n  - controls:\n      - {id: n, kind: \(kind), \(keys)}\n"
        return try decodeDescription(yaml).controls[0]
    }

    static func failure(_ keys: String, kind: String = "slider") -> String? {
        descriptionFailure("sections:\n  - controls:\n      - {id: n, kind: \(kind), \(keys)}\n", existing: ["./x.png"])
    }

    @Test func keysDecode() throws {
        let slider = try Self.control("min: -10, max: 30, step: 0.5, unit: °C, default: 21.5, send: continuous, interval: 0.5")
        let s = try #require(slider.number)
        #expect(s == NumberSetting(min: -10, max: 30, step: 0.5, unit: "°C", send: .continuous, interval: 0.5) && s.decimals == 1)
        #expect(slider.defaultValue == .number(21.5))
        let plain = try Self.control("label: Volume")
        #expect(plain.number == NumberSetting(min: 0, max: 100, step: 1) && plain.defaultValue == .number(0), "0 to 100 by 1 from 0")
        #expect(try Self.control("min: 16, max: 28", kind: "stepper").defaultValue == .number(16))
    }

    @Test(arguments: [
        ("max: 0", "panel.yaml:3:36: 'max' (0) of slider 'n' must be greater than 'min' (0)"),
        ("min: 5, max: 5", "panel.yaml:3:44: 'max' (5) of slider 'n' must be greater than 'min' (5)"),
        ("max: 10, step: 3", "panel.yaml:3:46: 'step' 3 does not reach 'max' 10 from 'min' 0; make 'max' 9 or 12"),
        ("max: 1, step: 0.3", "panel.yaml:3:45: 'step' 0.3 does not reach 'max' 1.0 from 'min' 0.0; make 'max' 0.9 or 1.2"),
        ("step: 0", "panel.yaml:3:37: 'step' of 'n' must be more than 0"),
        ("step: 0.0000001", "panel.yaml:3:37: 'step' of 'n' has more than 5 decimals"),
        ("max: 1000000000, step: 0.001", "panel.yaml:3:54: 'step' makes 1000000000000 steps from 'min' to 'max'; at most 1000000 are allowed"),
        ("default: 101", "panel.yaml:3:40: default 101 of slider 'n' is outside its range 0 to 100"),
        ("step: 5, default: 52", "panel.yaml:3:49: default 52 of slider 'n' is not on its steps of 5 from 0; use 50 or 55"),
        ("default: high", "panel.yaml:3:40: 'default' must be a number from -1000000000 to 1000000000, not 'high'"),
        ("send: always", "panel.yaml:3:37: send 'always' is not one of release, continuous"),
        ("send: continous", "panel.yaml:3:37: send 'continous' is not one of release, continuous (did you mean 'continuous'?)"),
        ("interval: -1", "panel.yaml:3:41: 'interval' must be a number from 0 to 60, not '-1'"),
        ("unit: \"a\\tb\"", "panel.yaml:3:39: 'unit' contains the control character U+0009 (tab); write it as one line of text"),
        ("stpe: 5", "panel.yaml:3:31: unknown key 'stpe' in control 'n' (did you mean 'step'?)"),
        ("on_image: x.png", "panel.yaml:3:31: 'on_image' applies to switches, checkboxes and radio groups, and 'n' is a slider"),
    ] as [(String, String)])
    func mistakesAreLocatedAndSayWhatToWrite(_ keys: String, _ expected: String) {
        let message = Self.failure(keys) ?? "decoded"
        #expect(message.hasPrefix(expected), "\(message)")
    }

    @Test func keysOfOtherKindsAreRefused() {
        #expect(Self.failure("send: continuous", kind: "stepper")?.contains("'send' applies to sliders only, and 'n' is a stepper") == true)
        #expect(Self.failure("thumb_color: \"#FF0000\"", kind: "stepper")?.contains("'thumb_color' applies to switches and sliders only") == true)
        #expect(descriptionFailure("sections:\n  - controls:\n      - {id: s, kind: switch, min: 0}\n")?
            .contains("'min' applies to sliders and steppers only, and 's' is a switch") == true)
    }

    @Test func theGridIsFloatSafe() {
        let s = NumberSetting(min: 0, max: 1, step: 0.1)
        #expect(s.lastIndex == 10)
        #expect((0...10).map { s.value(atIndex: $0) } == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
        #expect(s.value(atIndex: 3) == 0.3 && 0.1 * 3 != 0.3, "min + k * step rounded to the step's decimals")
        #expect(s.snapped(0.349) == 0.3 && s.snapped(0.351) == 0.4 && s.snapped(-5) == 0 && s.snapped(.nan) == 0 && s.snapped(.infinity) == 1)
        #expect(s.stepped(0.9, by: 1) == 1 && s.stepped(1, by: 1) == 1 && s.stepped(0, by: -1) == 0)
        #expect(s.value(atFraction: 0.26) == 0.3 && s.value(atFraction: -3) == 0 && s.value(atFraction: .nan) == 0)
        let offset = NumberSetting(min: 0.05, max: 1.05, step: 0.25)
        #expect(offset.decimals == 2 && offset.value(atIndex: 2) == 0.55 && offset.text(0.55) == "0.55")
        #expect(NumberSetting(min: -5, max: 5, step: 0.5, unit: "dB").text(-0.5) == "-0.5 dB")
        #expect(NumberSetting(min: 16, max: 28, step: 0.5, unit: "°C").text(21) == "21.0 °C")
        #expect(NumberSetting(unit: "%").text(60) == "60 %" && NumberSetting().text(60) == "60")
        #expect(NumberSetting(min: -1, max: 1, step: 0.5).value(atIndex: 2) == 0 && NumberSetting(min: -1, max: 1, step: 0.5).text(-0.0) == "0.0")
    }

    @Test func jsonValuesMustBeOnTheGrid() throws {
        let c = try Self.control("min: 16, max: 28, step: 0.5", kind: "stepper")
        #expect(ControlValue(json: .number(21.5), for: c) == .number(21.5))
        #expect(ControlValue(json: .number(21.500000001), for: c) == .number(21.5), "within a millionth of a step")
        #expect(ControlValue(json: .number(21.3), for: c) == nil)
        #expect(ControlValue(json: .number(28.5), for: c) == nil && ControlValue(json: .number(15.5), for: c) == nil)
        #expect(ControlValue(json: .string("21.5"), for: c) == nil && ControlValue(json: .bool(true), for: c) == nil)
        #expect(c.expectedValues == "a number from 16.0 to 28.0 in steps of 0.5")
        #expect(ControlValue.number(21.5).json.serialized() == "21.5" && ControlValue.number(0.3).actionText == "0.3")
    }
}
