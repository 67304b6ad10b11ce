import Glibc
import PanelUI

extension Commands {
    /// `panel run`: a replay on its virtual clock, or the event loop until SIGTERM/SIGINT.
    static func run(_ args: ArraySlice<String>, console: Console, log: Log) throws -> Int32 {
        let flags = try Arguments(args, help: Help.run)
        if flags.wantsHelp { console.out(Help.run.text); return ExitStatus.success }
        let environment = environment()
        let description = try loadDescription(flags["config"])
        let images = try loadAssets(description, file: flags["config"] ?? DemoPanel.fileName)
        for warning in description.warnings { log.warning(warning.located) }
        let mqttSettings = try description.mqtt.map { (mqtt) throws(CommandFailure) in try MQTTSettings.checked(mqtt, environment: environment) }
        let givenSpec = try flags["display"].map { (text) throws(UsageError) in try DisplaySpec(parsing: text) }
        let givenInput = try flags["input"].map { (text) throws(UsageError) in try InputSpec(parsing: text) }
        let givenRotation = try flags.rotation(command: "run")
        let givenScale = try flags.scale(command: "run")
        let givenDirection = try flags.direction(command: "run")
        let givenBacklight = try BacklightChoice.flag(flags["backlight"])
        if let socket = flags["socket"] { try ControlServer.refuseAbstract(socket, command: "run") }
        guard let statePath = flags["state"] ?? StateStore.defaultPath(environment: environment) else {
            throw UsageError(message: "panel run: no state file: give --state FILE (neither STATE_DIRECTORY, XDG_STATE_HOME nor HOME is set)")
        }
        // Read the recording before touching the display, so a bad one changes nothing;
        // it is decoded once the display says how big the screen is.
        var recorded: (path: String, recording: Recording)?
        if case .replay(let path) = givenInput {
            recorded = (path, try Replay.read(path: path, calibration: description.calibration))
        }
        // Without --input a screenshot is of the first frame; otherwise input devices are read when there are any.
        let input = givenInput ?? (flags["screenshot"] == nil ? InputSpec.automatic(log: log) : .none)
        let holds = (recorded == nil && flags["screenshot"] == nil) || flags.has("hold")
        // One panel per state file for the whole run (a replay saves too), before the display is touched.
        let store = StateStore(path: statePath)
        let state: OpenedState
        do throws(StateFileRefusal) {
            state = try store.open(now: Int(time(nil)), describedIds: Set(description.controls.map(\.id)))
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.badInput)
        }
        defer { withExtendedLifetime(state.lock) {} }
        for warning in state.warnings { log.warning(warning) }
        // SIGTERM is blocked from here on, so nothing may wait for a stalled stderr (see ErrorStream).
        ErrorStream.standard.makeNonBlocking(loop: nil, journalPriorities: log.journalPriorities)
        // Blocked from here on: a signal must not kill a DRM panel before it has put the old screen back.
        let signals = try systemCall { () throws(SystemCallError) in try SignalFD() }
        let display = try openDisplay(givenSpec ?? automaticDisplay(log: log), log: log)
        defer { (display as? DRMDisplay)?.close() }
        let live = try openLiveInput(input, screen: display.screenSize, calibration: description.calibration, log: log)
        let fonts = FontCache()
        fonts.report = { log.error($0) }
        for warning in missingGlyphs(description, file: flags["config"] ?? DemoPanel.fileName, fonts: fonts) { log.warning(warning.located) }
        let rotation = givenRotation ?? description.rotation ?? .r0
        let backlight = BacklightChoice.open(givenBacklight ?? description.screen.backlight, for: description, display: display,
                                             environment: environment, log: log)
        // Start-up's code pages and free heap go back before the frame buffer is allocated.
        StartupPages.release()
        let session = try PanelSession(description: directed(description, override: givenDirection, log: log), images: images, rotation: rotation,
                                       display: display, store: store, fonts: fonts, now: Int(time(nil)), log: log, values: state.document,
                                       scale: chosenScale(description, override: givenScale, display: display, log: log),
                                       backlight: backlight)
        try session.renderFullFrame(at: 0)

        let clock = MonotonicClock()
        let loop = try systemCall { () throws(SystemCallError) in try EventLoop(clock: clock) }
        // What waits for a stalled stderr goes out from the loop once it takes more.
        ErrorStream.standard.makeNonBlocking(loop: loop, journalPriorities: log.journalPriorities)
        defer { ErrorStream.standard.detach() }
        let actions = ActionRunner(loop: loop, log: log, environment: environment)
        // During a replay, changes happen on its virtual clock; afterwards on the loop's.
        var virtualClock = true
        let keeper = ValueKeeper(session: session, actions: actions, log: log,
                                 now: { virtualClock ? session.lastFrame ?? 0 : clock.now })
        let idleActions = IdleActions(loop: loop, log: log, environment: environment)
        keeper.idleObservers.append { [unowned keeper] state in
            if let action = keeper.session.model.description.screen.onIdle { idleActions.run(action, state: state) }
        }

        if let recorded {
            let replay = try Replay(recording: recorded.recording, path: recorded.path, screen: display.screenSize,
                                    calibration: description.calibration)
            try session.play(replay, shouldStop: { SignalFD.isTerminationPending })
            try waitForActions(actions, loop: loop, session: keeper.session, log: log)
            try waitForActions(idleActions.runner, loop: loop, session: keeper.session, log: log)
        }
        virtualClock = false
        var status = ExitStatus.success
        if holds { clock.continue(from: keeper.session.lastFrame ?? 0) }
        let mqtt = try mqttSettings.map { (settings) throws(CommandFailure) in
            try MQTTBridge.started(settings, loop: loop, keeper: keeper, log: log, now: { clock.now })
        }
        defer { mqtt?.finish(log: log) }
        if !holds, let mqtt { try systemCall { () throws(SystemCallError) in try mqtt.publishBeforeExit(loop: loop, log: log) } }
        if holds {
            let control = try openControlSocket(flags["socket"] ?? description.socketPath, environment: environment, loop: loop, log: log)
            defer { control?.close() }
            // Serving: saves are written on a thread of their own, so no fsync holds up the loop.
            // Started once the socket is bound (bind sets the umask for a moment), finished before
            // it closes (the last saves' replies go out), every exit included.
            let writer = StateWriter.started(loop: loop, environment: environment, log: log)
            defer { writer?.finish() }
            if let writer { keeper.session.saver = writer }
            let service = try systemCall { () throws(SystemCallError) in
                try PanelService(loop: loop, keeper: keeper, log: log, notifier: ServiceNotifier(environment: environment)) {
                    try reloadedSession(flags: flags, givenRotation: givenRotation, old: keeper.session, store: store, fonts: fonts,
                                        startTime: clock.now, environment: environment, log: log)
                }
            }
            let stats = flags.has("stats") ? TouchToScreen() : nil
            if let stats { service.attach(stats: stats) }
            do {
                try service.attach(signals: signals)
                if let live { try service.attach(input: live) }
            } catch {
                throw CommandFailure(message: "panel: \(error)", status: ExitStatus.failure)
            }
            if let control { service.attach(control: control) }
            let feed = ValueFeed(keeper: keeper, loop: loop, log: log, environment: environment, now: { clock.now })
            feed.start()
            defer { feed.stop() }
            log.info(recorded != nil ? "replay done, holding the last frame; stop with SIGTERM or Ctrl-C"
                : live != nil ? "showing \(description.controls.count) controls with input from \(flags["input"] ?? "libinput"); stop with SIGTERM or Ctrl-C"
                : "showing \(description.controls.count) controls; stop with SIGTERM or Ctrl-C")
            try systemCall { () throws(SystemCallError) in try service.run() }
            if let stats { log.info(stats.summary(source: service.touchToScreenSource)) }
            actions.terminateAll()
            idleActions.runner.terminateAll()
            if service.stopSignal == nil { status = ExitStatus.failure }
        }
        keeper.session.save()
        if let path = flags["screenshot"] {
            try Screenshot.write(keeper.session.frame, rotation: keeper.session.rotation, to: path)
        }
        if recorded != nil {
            console.out(keeper.session.savedDocument.serialized())
        }
        return status
    }

    /// A replay's last changes may still have actions running: wait for them (their
    /// results decide what is saved), then let any revert animation finish.
    static func waitForActions(_ actions: ActionRunner, loop: EventLoop, session: PanelSession, log: Log) throws {
        guard !actions.isIdle else { return }
        log.info("replay done; waiting for actions to finish")
        try systemCall { () throws(SystemCallError) in try loop.run(until: { actions.isIdle || SignalFD.isTerminationPending }) }
        try session.finishAnimations()
        // What the ends changed without animating (a spinner gone, a failure's badge) is drawn too.
        try session.renderFrame(at: session.lastFrame ?? 0)
    }

    /// The description read again for SIGHUP, shown with the values the panel has now.
    static func reloadedSession(flags: Arguments, givenRotation: Rotation?, old: PanelSession, store: StateStore, fonts: FontCache,
                                startTime: Double, environment: [String: String], log: Log) throws -> PanelSession {
        let description = try loadDescription(flags["config"])
        let images = try loadAssets(description, file: flags["config"] ?? DemoPanel.fileName)
        for warning in description.warnings { log.warning(warning.located) }
        for warning in missingGlyphs(description, file: flags["config"] ?? DemoPanel.fileName, fonts: fonts) { log.warning(warning.located) }
        // The old session's screen may be off; the new one starts active, so it is turned on first.
        if old.screen.isOff, !old.screen.offIsBacklight { try old.display.setPower(on: true) }
        let setting = try BacklightChoice.flag(flags["backlight"]) ?? description.screen.backlight
        let backlight = BacklightChoice.open(setting, for: description, display: old.display, environment: environment, log: log)
        if let backlight, old.screen.isOff { try? backlight.setPower(on: true) }
        let direction = try flags.direction(command: "run")
        return try PanelSession(description: directed(description, override: direction, log: log), images: images,
                                rotation: givenRotation ?? description.rotation ?? .r0,
                                display: old.display, store: store, fonts: fonts, now: Int(time(nil)), log: log,
                                values: old.savedDocument, startTime: startTime,
                                scale: chosenScale(description, override: try flags.scale(command: "run"), display: old.display, log: log),
                                backlight: backlight)
    }

    /// The factor the panel draws at (`--scale`, `scale:`, or `auto` from the display's or the
    /// description's millimetres), logged with why.
    static func chosenScale(_ description: PanelDescription, override: ScaleSetting?, display: any Display, log: Log) -> Double {
        let physical = description.physicalSize.map { ($0, "physical_size") } ?? display.physicalSize
        let choice = ScaleChoice.choose(setting: description.scale, override: override, screen: display.screenSize,
                                        physical: physical?.0, source: physical?.1 ?? "")
        log.info("scale: \(ScaleChoice.shown(choice.factor)) (\(choice.reason))")
        return choice.factor
    }

    /// The description with `--direction` over its `direction:`, the direction it reads in logged with why.
    static func directed(_ description: PanelDescription, override: DirectionSetting?, log: Log) -> PanelDescription {
        var directed = description
        if let override { directed.direction = override }
        log.info("direction: \(directed.layoutDirection.rawValue) (\(directed.directionReason(override: override != nil)))")
        return directed
    }

    /// `--socket`, else `socket:`, else `$RUNTIME_DIRECTORY/panel.sock`; none outside systemd without either.
    static func openControlSocket(_ given: String?, environment: [String: String], loop: EventLoop, log: Log) throws -> ControlServer? {
        let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first.map { "\($0)/panel.sock" }
        guard let path = given ?? runtime else {
            log.info("control socket: off (give --socket PATH or `socket:`; under systemd it is $RUNTIME_DIRECTORY/panel.sock)")
            return nil
        }
        do throws(SystemCallError) {
            return try ControlServer(path: path, loop: loop, log: log)
        } catch {
            // Another panel answering on the path is a mistake in how this one was started.
            throw CommandFailure(message: "panel: \(error)", status: error.errno == Errno(EADDRINUSE) ? ExitStatus.badInput : ExitStatus.failure)
        }
    }

    /// A system call that fails at start or in the loop stops panel with status 1 and its sentence.
    static func systemCall<T: ~Copyable>(_ body: () throws(SystemCallError) -> T) throws(CommandFailure) -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.failure)
        }
    }

    /// No `--display`: DRM when /dev/dri has a card, else an 800x480 screen in memory.
    static func automaticDisplay(log: Log) -> DisplaySpec {
        if DRMCard.devicePaths().isEmpty {
            log.info("display: no DRM device in /dev/dri; drawing headless at 800x480 (--display headless:WxH)")
            return .headless(DisplaySpec.defaultHeadlessSize)
        }
        log.info("display: DRM devices found; using --display drm")
        return .drm(DRMRequest())
    }

    static func openDisplay(_ spec: DisplaySpec, log: Log) throws(CommandFailure) -> any Display {
        switch spec {
        case .headless(let size, let dpi):
            return HeadlessDisplay(size: size, dpi: dpi)
        case .drm(let request):
            do {
                return try DRMDisplay(request: request, log: log)
            } catch {
                throw CommandFailure(message: "panel: display: \(error)", status: ExitStatus.failure)
            }
        }
    }
}
