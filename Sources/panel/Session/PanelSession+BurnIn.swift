import PanelUI

/// `burn_in:` on a running panel: the drawing moves one step of its orbit each `shift_every`
/// seconds (a full repaint, the only one between touches), and the daily colour cycle takes
/// the screen for a few seconds. One deadline each on the session's clock, so an idle panel
/// wakes for nothing else.
extension PanelSession {
    /// Starts burn-in care with the description's settings (nil: none) at `now`: the drawing
    /// starts at the orbit's place for that time, so a reloaded panel carries on where it was.
    /// The room is measured with the title's font from `fonts`.
    func startBurnIn(_ settings: BurnInSettings?, fonts: FontCache, scale: Double, at now: Double) {
        guard let settings else { return }
        let titleFont = try? fonts.font(paths: model.description.theme.fonts, pixelSize: model.layout.metrics.titleFontSize)
        let care = BurnInCare(settings: settings, room: model.shiftRoom(titleFont: titleFont), scale: scale, now: now,
                              secondOfDay: localSecondOfDay)
        burnIn = care
        shiftDrawing(to: care.offset)
        log.info("burn-in: the drawing moves every \(BurnInCare.shown(settings.shiftEvery)) s within \(care.orbit.room) px"
            + (settings.exerciseAt.map { "; colour cycle daily at \(ThemeClock.clockTime($0))" } ?? ""))
    }

    /// When burn-in care has work next: the next shift (not while a finger is down: the shift
    /// waits for it to lift, and that wake-up does it), or the colour cycle's.
    var burnInDeadline: Double? {
        guard let burnIn else { return nil }
        return [model.hasFingersDown ? nil : burnIn.nextShift, burnIn.exercise?.nextDeadline].compactMap { $0 }.min()
    }

    /// Time has passed up to `now`: the drawing moves when its step is due, and the colour
    /// cycle starts, steps or ends. Nothing is drawn while the screen is blanked (its wake
    /// draws the panel whole) or the cycle shows (its end does).
    func tendBurnIn(at now: Double) throws(DisplayError) {
        guard var care = burnIn else { return }
        let screenOn = screen.state != .off
        var repaint = false
        if !model.hasFingersDown, let offset = care.advance(to: now) {
            shiftDrawing(to: offset)
            repaint = true
        }
        if !screenOn { _ = care.exercise?.screenBlanked(at: now, secondOfDay: localSecondOfDay) }
        let step = care.exercise?.tick(at: now, secondOfDay: localSecondOfDay, screenOn: screenOn,
                                       fingersDown: model.hasFingersDown) ?? .nothing
        // Before drawing: frames are held back while the cycle shows.
        burnIn = care
        switch step {
        case .nothing:
            break
        case .show(let colour):
            if colour == BurnInExercise.colours[0] { log.info("burn-in: colour cycle (a touch stops it)") }
            frame.fill(frame.bounds, with: colour.xrgb)
            try display.present(frame, damage: [frame.bounds], rotation: rotation)
        case .finish:
            repaint = true
        }
        if repaint, screenOn, care.exercise?.isShowing != true { try renderFullFrame(at: now) }
    }

    /// A touch past idle blanking: while the colour cycle shows, its first down stops it (the
    /// panel is drawn again) and its gesture is swallowed; otherwise it goes to `handle`.
    func deliverPastColourCycle(_ touch: TouchEvent, at now: Double) throws(DisplayError) {
        guard var exercise = burnIn?.exercise else { return handle(touch, at: now) }
        let verdict = exercise.touch(touch.phase, slot: touch.slot, at: now, secondOfDay: localSecondOfDay)
        burnIn?.exercise = exercise
        switch verdict {
        case .deliver:
            handle(touch, at: now)
        case .stop:
            log.info("burn-in: colour cycle stopped by a touch (the touch itself is ignored)")
            try renderFullFrame(at: now)
        case .swallow:
            break
        }
    }
}

extension BurnInCare {
    /// 600 rather than 600.0.
    static func shown(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

extension BurnInCare {
    /// `panel layout`'s line on stderr for a description with `burn_in:`: the frames it prints
    /// are at rest, and how far a running panel moves them (the room every page leaves, as `run`
    /// measures it); nil without `burn_in:`.
    static func layoutNote(_ description: PanelDescription, logicalSize: Size, scale: Double, fonts: FontCache) -> String? {
        guard let settings = description.burnIn else { return nil }
        let root = PanelLayout(description: description, logicalSize: logicalSize, scale: scale, fonts: fonts)
        let model = PanelModel(description: description, layout: root,
                               pages: PanelLayout.pages(of: description, logicalSize: logicalSize, scale: scale, fonts: fonts))
        let titleFont = try? fonts.font(paths: description.theme.fonts, pixelSize: root.metrics.titleFontSize)
        let care = BurnInCare(settings: settings, room: model.shiftRoom(titleFont: titleFont), scale: scale, now: 0, secondOfDay: { 0 })
        return "panel layout: frames at rest; burn_in moves the drawing one pixel every \(shown(settings.shiftEvery)) s, "
            + "within \(care.orbit.room) px (in the panel's turned coordinates), and taps follow it"
    }
}
