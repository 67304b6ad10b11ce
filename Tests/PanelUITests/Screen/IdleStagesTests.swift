import Testing
@testable import PanelUI

/// The idle stages on a manual clock: active → dimmed (a fade of deadlines) → off, the wake
/// swallowed whole, nothing due while off or under a finger.
struct IdleStagesTests {
    let settings = IdleSettings(dimAfter: 60, dimTo: 0.2, offAfter: 300)

    @Test func dimsWithAFadeOfDeadlinesThenGoesOffAndThenNothingIsDue() {
        var stages = IdleStages(settings: settings, canDim: true, now: 0)
        #expect(stages.deadline == 60)
        #expect(stages.tick(at: 59.9).isEmpty)
        #expect(stages.tick(at: 60) == [.dimmed])
        var steps: [Double] = []
        while let due = stages.deadline, due < 300 {
            steps.append(due)
            #expect(stages.tick(at: due).isEmpty)
            #expect(steps.count < 100, "the fade must end")
            if steps.count >= 100 { break }
        }
        #expect(steps.count == 15, "one step per 1/30 s over 0.5 s: \(steps)")
        #expect(abs(steps.last! - 60.5) < 1e-9)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 > $0 }, "each step later than the last")
        #expect(stages.dimProgress(at: 60.25) == 0.5)
        #expect(stages.dimProgress(at: 61) == 1)
        #expect(stages.deadline == 300, "after the fade only the off time is due")
        #expect(stages.tick(at: 300) == [.off])
        #expect(stages.state == .off && stages.deadline == nil, "no timer while off")
    }

    @Test func aLongPauseCrossesDimAndOffAtOnce() {
        var stages = IdleStages(settings: settings, canDim: true, now: 10)
        #expect(stages.tick(at: 1000) == [.dimmed, .off])
    }

    @Test func theWakingTouchIsSwallowedFromDownToItsLastFingerWhileDimmedOrOff() {
        for pause in [100.0, 400] {
            var stages = IdleStages(settings: settings, canDim: true, now: 0)
            _ = stages.tick(at: pause)
            #expect(stages.state == (pause < 300 ? .dimmed : .off))
            #expect(stages.touch(.frame, slot: 0, at: pause) == .swallow)
            #expect(stages.touch(.down, slot: 0, at: pause + 1) == .wake)
            #expect(stages.state == .active, "the screen is back at once")
            #expect(stages.touch(.down, slot: 1, at: pause + 1.1) == .swallow)
            #expect(stages.touch(.motion, slot: 0, at: pause + 1.2) == .swallow)
            #expect(stages.touch(.up, slot: 0, at: pause + 1.3) == .swallow)
            #expect(stages.deadline == nil, "a finger of the wake is still down")
            #expect(stages.touch(.up, slot: 1, at: pause + 1.4) == .swallow)
            #expect(stages.touch(.frame, slot: 1, at: pause + 1.4) == .deliver)
            #expect(stages.deadline == pause + 1.4 + 60, "idle counts again from the wake's last finger")
            #expect(stages.touch(.down, slot: 0, at: pause + 2) == .deliver, "the next touch counts")
        }
    }

    @Test func neverDimsNorGoesOffUnderAFinger() {
        var stages = IdleStages(settings: settings, canDim: true, now: 0)
        #expect(stages.touch(.down, slot: 0, at: 5) == .deliver)
        #expect(stages.deadline == nil)
        #expect(stages.tick(at: 1000).isEmpty)
        #expect(stages.touch(.up, slot: 0, at: 1000) == .deliver)
        #expect(stages.deadline == 1060)
    }

    @Test func withoutABacklightTheDimStageIsSkipped() {
        var stages = IdleStages(settings: settings, canDim: false, now: 0)
        #expect(stages.deadline == 300)
        #expect(stages.tick(at: 300) == [.off])
        let offOnly = IdleStages(settings: IdleSettings(offAfter: 30), canDim: true, now: 0)
        #expect(offOnly.deadline == 30)
    }

    @Test func dimmingWithoutAnOffTimeStaysDimmed() {
        var stages = IdleStages(settings: IdleSettings(dimAfter: 1), canDim: true, now: 0)
        #expect(stages.tick(at: 5) == [.dimmed])
        #expect(stages.deadline == nil, "the fade is over and no off time is set")
    }

    @Test func nonFiniteTimesNeverComeDue() {
        for far in [Double.infinity, .nan] {
            var stages = IdleStages(settings: IdleSettings(dimAfter: far, offAfter: far), canDim: true, now: 0)
            #expect(stages.deadline == nil)
            #expect(stages.tick(at: 1e300).isEmpty)
        }
        var year = IdleStages(settings: IdleSettings(offAfter: 1e19), canDim: true, now: 5)
        #expect(year.deadline == 1e19 + 5)
        #expect(year.tick(at: 1e6).isEmpty)
    }
}

/// Brightness from the setting, the night cap and the fade, and the device's whole number.
struct BrightnessLevelTests {
    @Test func rawLevelsAreClampedToTheDevicesRangeAndNeverRoundedToDark() {
        #expect(BrightnessLevel.raw(0.5, maxBrightness: 255) == 128)
        #expect(BrightnessLevel.raw(1.7, maxBrightness: 255) == 255)
        #expect(BrightnessLevel.raw(-1, maxBrightness: 255) == 0)
        #expect(BrightnessLevel.raw(.nan, maxBrightness: 255) == 0)
        #expect(BrightnessLevel.raw(0.05, maxBrightness: 1) == 1, "an on/off backlight is on at 5 %")
        #expect(BrightnessLevel.raw(0.001, maxBrightness: 255) == 1)
        #expect(BrightnessLevel.raw(0, maxBrightness: 255) == 0)
    }

    @Test func anyMaxBrightnessAndFractionGiveALevelInRange() {
        #expect(BrightnessLevel.raw(1, maxBrightness: .max) == .max, "Double(Int.max) is 2^63: clamped, not converted")
        #expect(BrightnessLevel.raw(1, maxBrightness: Int(Int32.max)) == Int(Int32.max))
        #expect(BrightnessLevel.raw(0.5, maxBrightness: .max) == 1 << 62)
        #expect(BrightnessLevel.raw(.infinity, maxBrightness: .max) == .max)
        #expect(BrightnessLevel.raw(-0.0, maxBrightness: .max) == 0)
        for fraction in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -0.0, 0.05, 1] {
            for maximum in [1, 255, Int(Int32.max), Int(Int32.max) + 1, 1 << 53 + 1, .max] {
                let level = BrightnessLevel.raw(fraction, maxBrightness: maximum)
                #expect((0...maximum).contains(level), "\(fraction) of \(maximum): \(level)")
            }
        }
        for (fraction, text) in [(Double.infinity, "inf%"), (-.infinity, "-inf%"), (.nan, "nan%"), (1e300, "1e+302%"), (0.2, "20%"), (-0.0, "0%")] {
            #expect(fraction.percentText == text)
        }
    }

    @Test func theSliderNeverGoesBelowMinBrightness() {
        let percent = NumberSetting(min: 0, max: 100, step: 1)
        let binding = BacklightBinding(location: SourceLocation(line: 1, column: 1))
        #expect(BrightnessLevel.setting(0, of: percent, binding: binding) == 0.05)
        #expect(BrightnessLevel.setting(3, of: percent, binding: binding) == 0.05)
        #expect(BrightnessLevel.setting(60, of: percent, binding: binding) == 0.6)
        let levels = NumberSetting(min: 1, max: 5, step: 1)
        #expect(BrightnessLevel.setting(3, of: levels, binding: BacklightBinding(minimum: 0, location: binding.location)) == 0.5)
    }

    @Test func theNightCapsAndDimmingNeverBrightens() {
        #expect(BrightnessLevel.shown(setting: 0.8, nightCap: 0.1, dimTo: 0.2, progress: 0) == 0.1)
        #expect(BrightnessLevel.shown(setting: 0.05, nightCap: 0.1, dimTo: 0.2, progress: 0) == 0.05)
        #expect(abs(BrightnessLevel.shown(setting: 0.8, nightCap: nil, dimTo: 0.2, progress: 1) - 0.2) < 1e-12)
        #expect(abs(BrightnessLevel.shown(setting: 0.8, nightCap: nil, dimTo: 0.2, progress: 0.5) - 0.5) < 1e-12)
        #expect(BrightnessLevel.shown(setting: 0.1, nightCap: nil, dimTo: 0.2, progress: 1) == 0.1, "dim_to above the setting changes nothing")
    }

    @Test func theDailyWindowIsThemeAutosAndCrossesMidnight() {
        let night = DailyWindow(from: 22 * 60, until: 6 * 60 + 30)
        #expect(night.contains(secondOfDay: 23 * 3600))
        #expect(night.contains(secondOfDay: 3600))
        #expect(!night.contains(secondOfDay: 12 * 3600))
        #expect(night.secondsToNextEdge(fromSecondOfDay: 21 * 3600) == 3600)
        #expect(night.secondsToNextEdge(fromSecondOfDay: 6 * 3600) == 1800)
        let schedule = ThemeSchedule(light: .light, dark: .dark, darkFrom: 22 * 60, darkUntil: 6 * 60 + 30)
        #expect(schedule.window == night)
    }
}
