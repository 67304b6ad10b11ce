import Testing
@testable import PanelUI

/// `backlight:`, `idle:`, `night:`, `on_idle:` and a slider's `bind: backlight`, with their
/// mistakes located.
struct ScreenDecoderTests {
    let sections = "sections: [{controls: [{id: a, kind: switch}]}]\n"
    let slider = "sections:\n  - controls:\n      - {id: light, kind: slider, unit: \"%\", bind: backlight}\n"

    @Test func decodesTheScreenKeys() throws {
        let text = """
        backlight: rpi_backlight
        idle: {dim_after: 60, dim_to: 20%, off_after: 300, wake: touch}
        night: {from: "22:00", until: "06:30", brightness: 12.5 %}
        on_idle: {exec: [/usr/bin/logger, "{value}"]}

        """ + sections
        let screen = try decodeDescription(text).screen
        #expect(screen.backlight == .name("rpi_backlight"))
        #expect(screen.idle == IdleSettings(dimAfter: 60, dimTo: 0.2, offAfter: 300))
        #expect(screen.night == NightSettings(window: DailyWindow(from: 22 * 60, until: 6 * 60 + 30), brightness: 0.125))
        #expect(screen.onIdle?.exec == ["/usr/bin/logger", "{value}"])
        #expect(try decodeDescription(sections).screen == ScreenSettings(), "auto, and no stages, by default")
        #expect(try decodeDescription("backlight: none\n" + sections).screen.backlight == BacklightSetting.none)
        #expect(try decodeDescription("backlight: bl/odd\n" + sections, file: "/etc/panel/p.yml").screen.backlight == .path("/etc/panel/bl/odd"))
        #expect(try decodeDescription("backlight: /sys/class/backlight/x\n" + sections).screen.backlight == .path("/sys/class/backlight/x"))
    }

    @Test func blankAfterIsOffAfter() throws {
        #expect(try decodeDescription("blank_after: 30\n" + sections).screen.idle == IdleSettings(offAfter: 30))
        #expect(try decodeDescription("blank_after: 30\nidle: {dim_after: 10}\n" + sections).screen.idle == IdleSettings(dimAfter: 10, offAfter: 30))
        #expect(descriptionFailure("idle: {off_after: 20}\nblank_after: 30\n" + sections)
            == "panel.yaml:2:1: 'blank_after' is the older name of 'off_after' in 'idle'; give only 'off_after' there")
    }

    @Test(arguments: [
        ("idle: {dim_afer: 60}\n", "panel.yaml:1:8: unknown key 'dim_afer' in 'idle' (did you mean 'dim_after'?); the closest keys it takes: dim_after, dim_to, off_after"),
        ("idle: {}\n", "panel.yaml:1:7: 'idle' needs 'dim_after', 'off_after' or both, like {dim_after: 60, dim_to: 20%, off_after: 300}"),
        ("idle: {off_after: 30, dim_to: 20%}\n", "panel.yaml:1:23: 'dim_to' needs 'dim_after': the seconds without a touch before the screen dims"),
        ("idle: {dim_after: 300, off_after: 60}\n", "panel.yaml:1:19: 'dim_after' (300 s) must be less than 'off_after' (60 s): the screen dims before it goes off"),
        ("idle: {dim_after: 60, dim_to: 0.2}\n", "panel.yaml:1:31: 'dim_to' must be a percentage above 0% and at most 100%, like 20%, not '0.2'"),
        ("idle: {dim_after: 60, dim_to: 120%}\n", "panel.yaml:1:31: 'dim_to' must be a percentage above 0% and at most 100%, like 20%, not '120%'"),
        ("idle: {dim_after: 0}\n", "panel.yaml:1:19: 'dim_after' must be a number of seconds above 0 and at most 31536000 (a year), not '0'"),
        ("idle: {off_after: 5, wake: tap}\n", "panel.yaml:1:28: wake 'tap' is not one of touch"),
        ("night: {from: \"22:00\", until: \"22:00\", brightness: 10%}\n", "panel.yaml:1:24: 'until' is the same time as 'from'; the night window would be empty"),
        ("night: {from: \"22:00\", brightness: 10%}\n", "panel.yaml:1:8: 'night' has no 'until'; like {from: \"22:00\", until: \"06:30\", brightness: 10%}"),
        ("night: {from: \"25:00\", until: \"06:00\", brightness: 10%}\n", "panel.yaml:1:15: 'from' must be a local time like \"20:00\" (00:00 to 23:59), not the quoted text \"25:00\""),
        ("backlight: [a]\n", "panel.yaml:1:12: 'backlight' must be text, not a list"),
        ("backlight: ..\n", "panel.yaml:1:12: 'backlight' must be auto, none, a device's name under /sys/class/backlight (like rpi_backlight) or a folder's path, not '..'"),
        ("on_idle: {timeout: 2}\n", "panel.yaml:1:10: 'on_idle' has no 'exec'; add the program and its arguments, like exec: [/usr/bin/nmcli, radio, wifi, \"{value}\"]"),
    ])
    func screenMistakesAreLocated(_ key: String, _ message: String) {
        #expect(descriptionFailure(key + sections) == message)
    }

    @Test func aSliderBindsTheBacklight() throws {
        let description = try decodeDescription(slider)
        #expect(description.backlightControl == 0)
        #expect(description.controls[0].backlightBinding == BacklightBinding(minimum: 0.05, location: SourceLocation(line: 3, column: 52)))
        #expect(description.backlightSetting(values: [.number(40)]) == 0.4)
        #expect(description.backlightSetting(values: [.number(1)]) == 0.05)
        let floor = try decodeDescription(slider.replacingEvery("bind: backlight", with: "bind: backlight, min_brightness: 10%"))
        #expect(floor.controls[0].backlightBinding?.minimum == 0.1)
        #expect(try decodeDescription(sections).backlightControl == nil)
    }

    @Test func bindMistakesAreLocated() {
        #expect(descriptionFailure(slider.replacingEvery("bind: backlight", with: "bind: volume"))
            == "panel.yaml:3:52: bind 'volume' is not one of backlight")
        #expect(descriptionFailure(slider.replacingEvery("kind: slider", with: "kind: stepper"))
            == "panel.yaml:3:47: 'bind' applies to sliders only, and 'light' is a stepper")
        #expect(descriptionFailure(slider.replacingEvery("bind: backlight", with: "min_brightness: 5%"))
            == "panel.yaml:3:46: 'min_brightness' needs 'bind: backlight' on slider 'light'")
        #expect(descriptionFailure(slider.replacingEvery("bind: backlight", with: "bind: backlight, min_brightness: 5"))
            == "panel.yaml:3:79: 'min_brightness' must be a percentage 0% to 100%, like 20%, not '5'")
        let two = slider + "      - {id: other, kind: slider, bind: backlight}\n"
        #expect(descriptionFailure(two)
            == "panel.yaml:4:41: 'bind: backlight' is already on 'light' (at 3:52); only one control can set the backlight")
        let onAPage = slider + "      - id: more\n        kind: page\n        sections: [{controls: [{id: deep, kind: slider, bind: backlight}]}]\n"
        #expect(descriptionFailure(onAPage) == "panel.yaml:6:63: 'bind: backlight' is already on 'light' (at 3:52); only one control can set the backlight")
    }
}
