import PanelUI

/// One running panel: the model, its painter, the logical frame and where frames go.
///
/// Inputs arrive as libinput-style touch events in screen pixels with a time; the session
/// turns them into logical touches, reports every value change (to a `ValueKeeper`, or
/// saves it), and repaints only damage. Saves go through `saves` (see `SessionSaves`): on this
/// thread, or handed to a `StateWriter`'s thread when the panel serves on its loop.
final class PanelSession {
    private(set) var model: PanelModel
    let rotation: Rotation
    let frame: PixelBuffer
    let display: any Display
    private var painter: PanelPainter
    private let fonts: FontCache
    private let images: [String: Image]
    /// `theme: auto`: which theme shows and when to look at the local time again.
    private(set) var themeClock: ThemeClock?
    private let store: StateStore
    /// What the state file holds (and will hold after the next save), unknown ids included.
    private(set) var savedDocument: StateDocument
    let log: Log
    private var lastFrameTime: Double?
    /// Pixels repainted by the last frame (moved ones not counted): a toggle must cost a row, not a screen.
    private(set) var lastFramePixels = 0
    /// Value changes since the start.
    private(set) var changeCount = 0
    /// The backlight, the idle stages (`idle:`, `blank_after:`) and the night cap.
    let screen: ScreenKeeper
    /// Hears each idle stage change (a `ValueKeeper`: subscribers, `on_idle`).
    var onIdleChange: ((IdleState) -> Void)?
    /// `burn_in:`: the drawing's slow shift and the daily colour cycle (PanelSession+BurnIn.swift).
    var burnIn: BurnInCare?
    /// Seconds after local midnight now (`LocalTime.secondOfDay`; tests inject theirs).
    let localSecondOfDay: () -> Double
    /// Where value changes go (a `ValueKeeper`: actions, subscribers); nil accepts and saves each at once.
    var onValueChange: ((ValueChange, ChangeSource) -> Void)?
    /// Where a tapped button's press goes (a `ValueKeeper`: its action, subscribers); nil only logs it.
    var onPress: ((Int, ChangeSource) -> Void)?
    /// The latest time the panel's clock was seen at (a frame, a wake-up): spinner frames are due after it.
    private var clockTime = 0.0
    /// The time of the last frame drawn (the virtual clock's now during a replay).
    var lastFrame: Double? { lastFrameTime }
    /// Accepted values waiting for the next frame to be presented before they are saved, the
    /// saves being written, who waits for them, and retries.
    let saves: SessionSaves
    /// Set while the state file can't be written: the values are kept here and saved later.
    var saveRetry: SaveRetry { saves.retry }
    /// Where saves go: this thread by default; a `StateWriter` while the panel serves.
    var saver: any StateSaving {
        get { saves.saver }
        set { saves.saver = newValue }
    }

    /// The virtual clock's frame interval while something animates (60 Hz, a typical panel).
    static let frameInterval = 1.0 / 60

    /// `values` replaces the state file's values (a reload keeps the accepted ones); nil reads
    /// the file. `startTime` is the panel clock's time now (the idle stages count from it).
    /// `backlight` is the device found for the description (none: DPMS blanks).
    init(description: PanelDescription, images: [String: Image] = [:], rotation: Rotation, display: any Display,
         store: StateStore, fonts: FontCache, now: Int, log: Log, values: StateDocument? = nil,
         startTime: Double = 0, scale: Double = 1, backlight: BacklightDevice? = nil,
         localSecondOfDay: @escaping () -> Double = LocalTime.secondOfDay) throws(FontError) {
        self.rotation = rotation
        self.fonts = fonts
        self.localSecondOfDay = localSecondOfDay
        self.images = images
        var description = description
        if let schedule = description.themeSchedule {
            let clock = ThemeClock(schedule: schedule, now: startTime, localSecondOfDay: localSecondOfDay)
            description = description.themed(clock.theme)
            themeClock = clock
        }
        self.display = display
        self.store = store
        self.log = log
        saves = SessionSaves(store: store, log: log)
        let logicalSize = rotation.logicalSize(forScreen: display.screenSize)
        frame = PixelBuffer(size: logicalSize)
        painter = try PanelPainter(description: description, fonts: fonts, images: images, scale: scale, logicalSize: logicalSize)

        if let values {
            savedDocument = values
        } else {
            let loaded = store.load(now: now, describedIds: Set(description.controls.map(\.id)))
            if let warning = loaded.warning { log.warning(warning) }
            savedDocument = loaded.document
        }
        let start = description.startingValues(from: savedDocument)
        for warning in start.warnings { log.warning("\(store.path): \(warning)") }
        // The file lists every control: ids missing from it are written with their defaults;
        // values that no longer fit are left as they are until their control changes.
        for (control, value) in zip(description.controls, start.values) where control.isSaved && savedDocument.value(for: control.id) == nil {
            savedDocument.set(control.id, value.json)
        }
        screen = ScreenKeeper(settings: description.screen, backlight: backlight, now: startTime, log: log,
                              localSecondOfDay: localSecondOfDay)
        model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: logicalSize, scale: scale, fonts: fonts),
                           values: start.values,
                           pages: PanelLayout.pages(of: description, logicalSize: logicalSize, scale: scale, fonts: fonts),
                           fonts: fonts)
        followBacklightSetting(at: startTime)
        startBurnIn(description.burnIn, fonts: fonts, scale: scale, at: startTime)
    }

    /// Draws and shows the whole panel.
    func renderFullFrame(at now: Double) throws(DisplayError) {
        _ = model.takeDamage(previousFrame: now, now: now)
        try paint(FrameDamage(repaint: [frame.bounds]), at: now)
    }

    /// Draws and shows what changed since the last frame; nothing when nothing did. A scroll
    /// moves the list's pixels still on screen and paints only what comes into view.
    func renderFrame(at now: Double) throws(DisplayError) {
        let damage = model.takeFrameDamage(previousFrame: lastFrameTime ?? now, now: now)
        guard !damage.isEmpty else { return }
        try paint(damage, at: now)
    }

    private func paint(_ damage: FrameDamage, at now: Double) throws(DisplayError) {
        // The colour cycle owns the screen; it draws the panel whole when it ends.
        guard burnIn?.exercise?.isShowing != true else { return saveIfPending(at: now) }
        var damage = damage
        damage.repaint = damage.repaint.map { $0.intersection(frame.bounds) }.filter { !$0.isEmpty }
        painter.draw(model, at: now, into: frame, damage: damage)
        lastFramePixels = damage.repaintedPixels
        lastFrameTime = now
        clockTime = max(clockTime, now)
        try display.present(frame, damage: damage.changed, rotation: rotation)
        saveIfPending(at: now)
    }

    /// Routes one touch (screen pixels); each value it changed goes to `onValueChange`.
    func handle(_ touch: TouchEvent, at now: Double) {
        let logical = rotation.toLogical(touch.position, logical: frame.size)
        let events = model.handle(PanelTouch(phase: touch.phase, slot: touch.slot, position: logical), at: now)
        for event in events {
            if let change = event.valueChange { report(change, source: .touch) }
            if let pressed = event.pressedControl { press(pressed, source: .touch) }
        }
    }

    /// A button pressed (a tap, a socket `press`, an MQTT PRESS): logged and passed on to
    /// `onPress`. It changes no value, so nothing is saved.
    func press(_ index: Int, source: ChangeSource) {
        changeCount += 1
        log.info("\(model.description.controls[index].id) pressed (\(source.rawValue))")
        onPress?(index, source)
    }

    /// Sets a control's value (a control-socket request, a revert), animated like a tap;
    /// a real change goes to `onValueChange`.
    func setValue(_ value: ControlValue, ofControl index: Int, source: ChangeSource, at now: Double) {
        if let change = model.setValue(value, ofControl: index, animated: true, at: now) {
            report(change, source: source)
        }
    }

    private func report(_ change: ValueChange, source: ChangeSource) {
        changeCount += 1
        if change.controlIndex == model.description.backlightControl { followBacklightSetting(at: clockTime) }
        log.info("\(change.id) = \(change.value.json.serialized()) (\(source.rawValue))")
        if let onValueChange {
            onValueChange(change, source)
        } else if model.description.controls[change.controlIndex].isSaved {
            acceptShown(change.id, change.value)
        }
    }

    /// Records a value as accepted (its action succeeded) and saves it at once; `whenSaved`
    /// hears how that save went.
    func accept(_ id: String, _ value: ControlValue, whenSaved: [(StateStoreError?) -> Void] = []) {
        savedDocument.set(id, value.json)
        saves.request()
        for waiter in whenSaved { saves.whenSaved(waiter) }
        save()
    }

    /// Records a value accepted as it is shown (a control without an action): it is saved as
    /// soon as the frame showing it is out (`saveIfPending`).
    func acceptShown(_ id: String, _ value: ControlValue) {
        savedDocument.set(id, value.json)
        saves.request()
    }

    /// Saves accepted values not saved yet. Called after each frame is presented, so the
    /// finger sees its change before the fsync, which can take tens of milliseconds on an
    /// SD card; the save is handed over in the same wake-up.
    func saveIfPending(at now: Double? = nil) {
        guard saves.isPending else { return }
        save(at: now)
    }

    /// Accepted values wait for a save, one is being written, or the last save failed.
    var hasUnsavedValues: Bool { saves.hasUnsaved }

    /// Saves the accepted values after the next frame even if nothing changed (a request
    /// that must know they are on the disk, a reload taking over unsaved values).
    func requestSave() {
        saves.request()
    }

    /// Calls `waiter` once the values accepted so far are in the state file on the disk (nil),
    /// or with the failure of the save that held them; at once when nothing is unsaved.
    func whenSaved(_ waiter: @escaping (StateStoreError?) -> Void) {
        saves.whenSaved(waiter)
    }

    /// The value last accepted for a control: what the state file holds for it.
    func acceptedValue(ofControl index: Int) -> ControlValue? {
        let control = model.description.controls[index]
        return savedDocument.value(for: control.id).flatMap { ControlValue(json: $0, for: control) }
    }

    /// Changes a control's runtime properties (enabled, label, detail), laid out again as at start.
    func update(control index: Int, _ update: ControlUpdate, at now: Double) {
        let size = frame.size, scale = painter.scale, fonts = fonts, shift = model.shift
        _ = model.update(control: index, update, at: now) { description, page in
            PanelLayout(description: description, logicalSize: size, scale: scale, fonts: fonts, page: page).shifted(to: shift)
        }
    }

    /// Shows or clears the error mark of a control whose action failed; `reason` is what
    /// tapping the mark shows.
    func setFailed(_ failed: Bool, control index: Int, reason: String? = nil) {
        model.setFailed(failed, control: index, reason: reason)
    }

    /// A control's action started (its row shows a spinner from 0.3 s on) or ended, at `time`.
    func setBusy(_ busy: Bool, control index: Int, at time: Double) {
        model.setBusy(busy, control: index, since: time)
    }

    /// After a reload: shows what the old panel showed (values waiting for their actions
    /// included, and error marks) for every control still described, where the value fits.
    func keepShownValues(of old: PanelSession) {
        for (oldIndex, control) in old.model.description.controls.enumerated() {
            guard let index = controlIndex(of: control.id),
                  let value = ControlValue(json: old.model.values[oldIndex].json, for: model.description.controls[index]) else { continue }
            _ = model.setValue(value, ofControl: index, animated: false, at: 0)
            if old.model.failedControls.contains(oldIndex) {
                model.setFailed(true, control: index, reason: old.model.failureReasons[oldIndex])
            }
            if let since = old.model.busyControls[oldIndex] { model.setBusy(true, control: index, since: since) }
        }
        followBacklightSetting(at: clockTime)
    }

    func controlIndex(of id: String) -> Int? {
        model.description.controls.firstIndex { $0.id == id }
    }

    /// A touch through the idle stages: the one that wakes a dimmed or dark screen brings it
    /// back and is swallowed with the rest of its gesture; others go to `handle`.
    func deliver(_ touch: TouchEvent, at now: Double) throws(DisplayError) {
        clockTime = max(clockTime, now)
        let before = screen.state
        switch screen.touch(touch.phase, slot: touch.slot, at: now) {
        case .deliver:
            try deliverPastColourCycle(touch, at: now)
        case .wake:
            burnIn?.exercise?.noteTouch(at: now)
            log.info("idle: active, woken by a touch (the touch itself is ignored)")
            if before == .off, !screen.offIsBacklight {
                try display.setPower(on: true)
                try renderFullFrame(at: now)
            }
            screen.woke(at: now)
            onIdleChange?(.active)
        case .swallow:
            break
        }
    }

    /// Time passed without input up to `now`: held stepper buttons repeat and a dragged
    /// slider sends its value when due, a failed save is retried, burn-in care tended, and idle
    /// stages, fade steps and the night window's edges are applied when due.
    func idle(until now: Double) throws(DisplayError) {
        clockTime = max(clockTime, now)
        advance(to: now)
        if let due = saves.retryDeadline, now >= due { save(at: now) }
        try switchThemeIfDue(at: now)
        try tendBurnIn(at: now)
        try enterIdleStages(at: now)
    }

    /// The next moment `idle(until:)` or a frame has work: an idle stage or fade step, the
    /// night window's edge, a save retry, `theme: auto`'s switch, burn-in care's shift or colour
    /// cycle, a held widget's (a stepper's repeat, a slider's throttled send), or a busy spinner
    /// appearing or stepping.
    var nextDeadline: Double? {
        [screen.deadline, saves.retryDeadline, themeClock?.deadline, burnInDeadline, model.nextDeadline,
         model.nextFeedbackChange(after: clockTime)].compactMap { $0 }.min()
    }

    /// Moves the whole drawing for burn-in care (PanelSession+BurnIn.swift); the caller repaints.
    func shiftDrawing(to offset: ShiftOffset) {
        model.shift(to: offset)
    }

    /// The model's own time-driven changes up to `now`, reported as touches' are.
    private func advance(to now: Double) {
        for change in model.advance(to: now).valueChanges { report(change, source: .touch) }
    }

    /// `theme: auto` crossing the edge of its dark window: the panel is drawn again, whole,
    /// in the other theme (later, at the wake, while the display is off).
    private func switchThemeIfDue(at now: Double) throws(DisplayError) {
        guard var clock = themeClock else { return }
        let next = clock.tick(at: now)
        // Kept even without a switch: the deadline moved on.
        themeClock = clock
        guard let theme = next else { return }
        model.restyle(theme)
        do throws(FontError) {
            painter = try PanelPainter(description: model.description, fonts: fonts, images: images, scale: painter.scale,
                                       logicalSize: model.layout.logicalSize)
        } catch {
            log.error("theme: \(error); keeping the painter of the old theme")
        }
        log.info("theme: \(clock.shown)")
        if !screen.isOff || screen.offIsBacklight { try renderFullFrame(at: now) }
    }

    var isAnimating: Bool { model.isAnimating(at: lastFrameTime ?? 0) }

    func isAnimating(at now: Double) -> Bool { model.isAnimating(at: now) }

    /// Runs the virtual clock's animation frames up to `time` (exclusive of input at `time`),
    /// and a frame at each of the model's deadlines on the way (a held stepper's repeats).
    func animate(until time: Double) throws(DisplayError) {
        guard var t = lastFrameTime else { return }
        while true {
            var next = model.isAnimating(at: t) ? t + Self.frameInterval : Double.infinity
            if let due = model.nextDeadline, due > t { next = min(next, due) }
            guard next <= time else { break }
            t = next
            advance(to: t)
            try renderFrame(at: t)
        }
    }

    /// Runs the virtual clock until every animation has finished.
    func finishAnimations() throws(DisplayError) {
        guard var t = lastFrameTime else { return }
        while model.isAnimating(at: t) {
            t += Self.frameInterval
            try renderFrame(at: t)
        }
    }

    /// Plays a recording on the virtual clock: animation frames at 60 Hz between touches,
    /// the idle stages, a frame after each touch frame (libinput's TOUCH_FRAME), then until all
    /// has settled. `shouldStop` is asked before each touch (a SIGTERM ends a replay early).
    func play(_ replay: Replay, shouldStop: () -> Bool = { false }) throws(DisplayError) {
        for timed in replay.touches {
            if shouldStop() { break }
            try animate(until: timed.seconds)
            try idle(until: timed.seconds)
            try deliver(timed.touch, at: timed.seconds)
            if timed.touch.phase == .frame { try renderFrame(at: timed.seconds) }
        }
        try finishAnimations()
    }

    /// Writes the accepted values to the state file (hands them to `saver`); a failure is
    /// logged and the panel keeps running with its values, trying again on the next change
    /// and when `saveRetry` is due (see `idle(until:)`). `now` is the panel clock's time; by
    /// default the last frame's.
    func save(at now: Double? = nil) {
        saves.save(savedDocument, at: now ?? lastFrameTime ?? 0)
    }
}
