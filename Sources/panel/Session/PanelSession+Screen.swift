import PanelUI

/// The session's side of the screen's life (ScreenKeeper): the backlight following the bound
/// slider, and what each idle stage entered does to the display and who hears of it.
extension PanelSession {
    /// The bound slider's value (`bind: backlight`) as the backlight's setting, written when
    /// it changes the brightness.
    func followBacklightSetting(at now: Double) {
        guard let setting = model.description.backlightSetting(values: model.values) else { return }
        screen.set(setting: setting, at: now)
    }

    /// The idle stages due by `now`: each is logged and heard by `onIdleChange`; off turns the
    /// display off (DPMS or a black frame) when the backlight does not.
    func enterIdleStages(at now: Double) throws(DisplayError) {
        for state in screen.tick(at: now) {
            let idle = screen.settings.idle
            switch state {
            case .dimmed:
                log.info("idle: dimmed to \(screen.dimmedFraction.percentText) after \(Self.seconds(idle?.dimAfter)) s without a touch")
            case .off:
                log.info("idle: off after \(Self.seconds(idle?.offAfter)) s without a touch (\(screen.offIsBacklight ? "backlight" : "DPMS or a black frame"))")
                if !screen.offIsBacklight { try display.setPower(on: false) }
            case .active:
                break
            }
            onIdleChange?(state)
        }
    }

    /// 300 rather than 300.0 in the log.
    private static func seconds(_ value: Double?) -> String {
        guard let value else { return "?" }
        return value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : String(value)
    }
}
