import PanelUI

/// The screen's own life in a session: the backlight's brightness (a bound slider's
/// setting, the night cap, the dim stage's fade) and the idle stages. Writes the backlight
/// only when the whole number it should hold changes; `off` is `bl_power` (or brightness 0)
/// with a backlight, and left to the display's DPMS or black frame without one.
final class ScreenKeeper {
    let settings: ScreenSettings
    /// nil without a device (HDMI, `backlight: none`), or once writing it failed.
    private(set) var backlight: BacklightDevice?
    private(set) var stages: IdleStages?
    private(set) var night: DailyClock?
    private let log: Log
    /// What `brightness` holds as far as the panel knows.
    private(set) var written: Int?
    /// The setting (0...1) the brightness follows: the bound slider's, else the device's own at start.
    private(set) var setting: Double

    init(settings: ScreenSettings, backlight: BacklightDevice?, now: Double, log: Log,
         localSecondOfDay: @escaping () -> Double) {
        self.settings = settings
        self.backlight = backlight
        self.log = log
        written = backlight?.initialBrightness
        setting = backlight.map { Double($0.initialBrightness) / Double($0.maxBrightness) } ?? 1
        if let idle = settings.idle {
            stages = IdleStages(settings: idle, canDim: backlight != nil, now: now)
            if backlight == nil, idle.dimAfter != nil {
                log.info("idle: no backlight device, so 'dim_after' is skipped; the screen goes off with DPMS or a black frame")
            }
        }
        if let night = settings.night {
            if backlight == nil { log.info("night: no backlight device, so the night cap does nothing") }
            self.night = DailyClock(window: night.window, now: now, localSecondOfDay: localSecondOfDay)
        }
    }

    var state: IdleState { stages?.state ?? .active }
    var isOff: Bool { state == .off }
    /// Idle's `off` turns the backlight off rather than the display.
    var offIsBacklight: Bool { backlight != nil }

    /// The next moment a stage, a fade step or the night window's edge is due.
    var deadline: Double? {
        [stages?.deadline, night?.deadline].compactMap { $0 }.min()
    }

    func touch(_ phase: TouchPhase, slot: Int, at now: Double) -> IdleStages.Verdict {
        stages?.touch(phase, slot: slot, at: now) ?? .deliver
    }

    /// Time has passed up to `now`: the stages entered (the caller logs them and turns the
    /// display off when the backlight doesn't); the night window and fade are applied here.
    func tick(at now: Double) -> [IdleState] {
        if let inside = night?.tick(at: now), let night = settings.night {
            log.info(inside ? "night: brightness at most \(night.brightness.percentText) until \(DailyWindow.clockTime(night.window.until))"
                : "night: over; brightness as set until \(DailyWindow.clockTime(night.window.from))")
        }
        let entered = stages?.tick(at: now) ?? []
        if entered.last == .off, let backlight {
            perform { () throws(BacklightError) in try backlight.setPower(on: false) }
            if !backlight.hasPower { written = 0 }
        }
        apply(at: now)
        return entered
    }

    /// The screen woke: the backlight comes back on at its brightness.
    func woke(at now: Double) {
        guard let backlight else { return }
        perform { () throws(BacklightError) in try backlight.setPower(on: true) }
        written = nil
        apply(at: now)
    }

    /// The bound slider's setting changed (or the panel starts from its saved value).
    func set(setting: Double, at now: Double) {
        self.setting = setting
        apply(at: now)
    }

    /// The brightness the stages, the night and the setting ask for at `now`, 0...1.
    func shownFraction(at now: Double) -> Double {
        fraction(dimProgress: stages?.dimProgress(at: now) ?? 0)
    }

    /// The brightness once dimmed, 0...1.
    var dimmedFraction: Double { fraction(dimProgress: 1) }

    private func fraction(dimProgress: Double) -> Double {
        let cap = night?.isInside == true ? settings.night?.brightness : nil
        return BrightnessLevel.shown(setting: setting, nightCap: cap, dimTo: settings.idle?.dimTo ?? 1, progress: dimProgress)
    }

    /// Writes the brightness when it differs from what the device holds; nothing while off.
    private func apply(at now: Double) {
        guard let backlight, !isOff else { return }
        let raw = BrightnessLevel.raw(shownFraction(at: now), maxBrightness: backlight.maxBrightness)
        guard raw != written else { return }
        perform { () throws(BacklightError) in written = try backlight.setBrightness(raw) }
    }

    /// A failed write is logged once, with its fix; the panel then goes on without the
    /// backlight (off falls back to DPMS or a black frame).
    private func perform(_ write: () throws(BacklightError) -> Void) {
        do throws(BacklightError) {
            try write()
        } catch {
            log.error("\(error); going on without the backlight")
            backlight = nil
        }
    }
}
