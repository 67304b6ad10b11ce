import Testing
@testable import PanelUI

/// `theme:` as a base's name, as a base extended by keys, and `auto` with its dark window.
struct ThemeDecoderTests {
    static let controls = "sections:\n  - controls:\n      - {id: a, kind: checkbox}\n      - {id: b, kind: switch, tint_color: \"#123456\"}\n"

    func decode(_ theme: String) throws -> PanelDescription {
        try decodeDescription("theme: \(theme)\n" + Self.controls)
    }

    @Test func namedBases() throws {
        #expect(try decode("light").theme == .light)
        #expect(try decode("dark").theme == .dark)
        #expect(try decode("high-contrast").theme == .highContrast)
        #expect(try decodeDescription(Self.controls).theme == .light, "no theme is the light one")
        let dark = try decode("dark")
        #expect(dark.controls[0].checkboxStyle.tintColor == Theme.dark.boxTint)
        #expect(dark.controls[0].checkboxStyle.onFillColor == Theme.dark.accent)
        #expect(dark.controls[1].labelStyle.color == Theme.dark.text)
        #expect(dark.controls[1].switchStyle.tintColor == Color(rgb: 0x123456), "a control's own key wins over the theme")
        #expect(try decode("high-contrast").controls[0].checkboxStyle.lineWidth == 3)
    }

    @Test func aMappingExtendsItsBase() throws {
        let theme = try decode("{base: dark, accent: \"#FF9500\", pressed: row}").theme
        var expected = Theme.dark
        expected.accent = Color(rgb: 0xFF9500)
        expected.pressed = .row
        #expect(theme == expected)
        // The base is read first wherever it is written.
        #expect(try decode("{accent: \"#FF9500\", base: dark}").theme.background == Theme.dark.background)
        #expect(try decode("{accent: \"#FF9500\"}").theme.background == Theme.light.background)
    }

    @Test func autoSchedulesLightAndDark() throws {
        let panel = try decode("{base: auto, accent: \"#FF9500\", dark_from: \"21:30\", dark_until: \"06:15\"}")
        let schedule = try #require(panel.themeSchedule)
        #expect(schedule.darkFrom == 21 * 60 + 30 && schedule.darkUntil == 6 * 60 + 15)
        #expect(schedule.light.background == Theme.light.background && schedule.dark.background == Theme.dark.background)
        #expect(schedule.light.accent == Color(rgb: 0xFF9500) && schedule.dark.accent == Color(rgb: 0xFF9500))
        #expect(panel.theme == schedule.light)
        let defaults = try #require(try decode("auto").themeSchedule)
        #expect(defaults.darkFrom == 20 * 60 && defaults.darkUntil == 7 * 60)
        #expect(try decode("dark").themeSchedule == nil)
        // Restyled for the dark theme, a control keeps its own keys.
        let dark = panel.themed(schedule.dark)
        #expect(dark.controls[0].checkboxStyle.tintColor == Theme.dark.boxTint)
        #expect(dark.controls[1].switchStyle.tintColor == Color(rgb: 0x123456))
        #expect(dark.themed(schedule.light) == panel)
    }

    @Test func theWindowWrapsMidnight() {
        let s = ThemeSchedule(light: .light, dark: .dark, darkFrom: 20 * 60, darkUntil: 7 * 60)
        let hour = 3600.0
        #expect(!s.isDark(atSecondOfDay: 19 * hour + 3599) && s.isDark(atSecondOfDay: 20 * hour))
        #expect(s.isDark(atSecondOfDay: 2 * hour) && s.isDark(atSecondOfDay: 7 * hour - 1) && !s.isDark(atSecondOfDay: 7 * hour))
        #expect(s.secondsToNextSwitch(fromSecondOfDay: 12 * hour) == 8 * hour)
        #expect(s.secondsToNextSwitch(fromSecondOfDay: 20 * hour) == 11 * hour, "at the start, the next switch is the end")
        #expect(s.secondsToNextSwitch(fromSecondOfDay: 23 * hour) == 8 * hour)
        let day = ThemeSchedule(light: .light, dark: .dark, darkFrom: 13 * 60, darkUntil: 14 * 60)
        #expect(day.isDark(atSecondOfDay: 13.5 * hour) && !day.isDark(atSecondOfDay: 12 * hour) && !day.isDark(atSecondOfDay: 15 * hour))
        #expect(day.secondsToNextSwitch(fromSecondOfDay: 15 * hour) == 22 * hour)
    }

    @Test(arguments: [
        ("purple", "1:8: theme 'purple' is not one of light, dark, high-contrast, auto"),
        ("{base: drak}", "1:15: base 'drak' is not one of light, dark, high-contrast, auto (did you mean 'dark'?)"),
        ("{base: dark, dark_from: \"20:00\"}", "1:21: 'dark_from' needs base: auto"),
        ("{base: auto, dark_from: \"25:00\"}", "1:32: 'dark_from' must be a local time like \"20:00\" (00:00 to 23:59), not the quoted text \"25:00\""),
        ("{base: auto, dark_until: 7}", "1:33: 'dark_until' must be a local time"),
        ("{base: auto, dark_from: \"07:00\", dark_until: \"07:00\"}", "1:53: 'dark_until' is the same time as 'dark_from'"),
        ("{pressed: glow}", "1:18: pressed 'glow' is not one of halo, row"),
    ])
    func mistakesAreLocated(theme: String, message: String) {
        let failure = descriptionFailure("theme: \(theme)\n" + Self.controls) ?? "decoded"
        #expect(failure.contains("panel.yaml:" + message), "\(failure)")
    }
}
