import CLinux
import Glibc
import PanelUI

/// The panel as a long-running service on the event loop: touches in, frames out, signals,
/// the systemd watchdog, and idle blanking.
///
/// Frames are drawn after each wake-up's input has all been handled, so a burst of
/// touches costs one frame. While something animates, the next frame comes from the page
/// flip's completion on DRM (never drawing into a buffer still being scanned out, never
/// blocking on a flip) or from a 60 Hz timer elsewhere; when nothing moves, no timer is
/// armed and the process sleeps until a descriptor wakes it.
final class PanelService {
    let loop: EventLoop
    let keeper: ValueKeeper
    private let log: Log
    private let notifier: ServiceNotifier
    /// Reads the description again (SIGHUP); throws when it has a mistake.
    private let reload: () throws -> PanelSession
    private var signals: SignalFD?
    private var frameTimer: EventLoop.Timer?
    private var deadlineTimer: (timer: EventLoop.Timer, deadline: Double)?
    private var hotplugMonitor: DRMHotplugMonitor?
    /// The signal that stopped the loop.
    private(set) var stopSignal: CInt?

    init(loop: EventLoop, keeper: ValueKeeper, log: Log, notifier: ServiceNotifier,
         reload: @escaping () throws -> PanelSession) throws(SystemCallError) {
        self.loop = loop
        self.keeper = keeper
        self.log = log
        self.notifier = notifier
        self.reload = reload
        loop.afterWake = { [unowned self] in drawAndScheduleFrames() }
        if let drm = session.display as? DRMDisplay {
            try loop.watch(drm.fileDescriptor) { [unowned self, unowned drm] _ in flipEvents(drm) }
            watchHotplug(of: drm)
        }
    }

    /// Connectors come and go (a cable, a panel's power): re-probe on each udev hotplug
    /// event; a new or returning output is modeset and drawn whole, a lost one waited for.
    private func watchHotplug(of drm: DRMDisplay) {
        do {
            let monitor = try DRMHotplugMonitor()
            try loop.watch(monitor.fd) { [unowned self, unowned drm] _ in
                guard monitor.drainHotplugs(of: drm.card.path) else { return }
                connectorsChanged(drm)
            }
            hotplugMonitor = monitor
        } catch {
            log.warning("display: no hotplug events (\(error)); a display plugged in later needs a restart")
        }
    }

    private func connectorsChanged(_ drm: DRMDisplay) {
        do throws(DisplayError) {
            if case .modeset = try drm.reprobe() { try session.renderFullFrame(at: now) }
        } catch {
            log.error("\(error)")
        }
    }

    private var session: PanelSession { keeper.session }
    private var now: Double { loop.clock.now }

    // MARK: sources

    /// SIGTERM/SIGINT stop the loop; SIGHUP reloads the description.
    func attach(signals: consuming SignalFD) throws(SystemCallError) {
        let fd = signals.descriptor.rawValue
        self.signals = consume signals
        try loop.watch(fd) { [unowned self] _ in handleSignals() }
    }

    func attach(input: any InputSource) throws(SystemCallError) {
        try loop.watch(input.fd) { [unowned self, unowned input] _ in
            let now = self.now
            for touch in input.drain(at: now) {
                if touch.phase == .down, let stats = touchToScreen, let time = input.kernelMicroseconds(of: touch) {
                    stats.touched(atMicroseconds: time)
                }
                do throws(DisplayError) {
                    try session.deliver(touch, at: now)
                } catch {
                    log.error("\(error)")
                }
            }
        }
    }

    /// `panel run --stats`: times every touch to the frame that shows it on screen (page-flip
    /// events on DRM, the present elsewhere).
    private(set) var touchToScreen: TouchToScreen?

    func attach(stats: TouchToScreen) {
        touchToScreen = stats
        (session.display as? DRMDisplay)?.onFlip = { [unowned stats] time in stats.flipped(atMicroseconds: time) }
    }

    /// What `--stats` counted touches to: the page flip when this display flips.
    var touchToScreenSource: String {
        (session.display as? DRMDisplay)?.path == .pageFlip ? "the page-flip event of the frame showing it"
            : "the frame showing it handed to the display"
    }

    /// Serves the control socket: requests, and a change line to subscribers for every change
    /// (keyed, so that behind a held reply a control's newer line replaces its older one).
    func attach(control: ControlServer) {
        let requests = ControlRequests(keeper: keeper, now: { [unowned self] in now })
        control.respond = { line, connection, later in
            requests.respond(to: line, subscribe: { connection.isSubscribed = true }, later: later)
        }
        let whole = WholePanelReply()
        control.respondSerialized = { [unowned self] line in
            whole.reply(to: line, session: keeper.session) { requests.everyValue() }
        }
        keeper.observers.append { [unowned control] change, source in
            control.broadcast(ControlRequests.changeEvent(change, source: source).serialized(), key: "changed \(change.id)")
        }
        keeper.pressObservers.append { [unowned control, unowned keeper] index, source in
            let id = keeper.session.model.description.controls[index].id
            control.broadcast(ControlRequests.pressEvent(id, source: source).serialized())
        }
        keeper.updateObservers.append { [unowned control, unowned self] index in
            let described = session.model.description.controls[index]
            control.broadcast(ControlRequests.updateEvent(described).serialized(), key: "updated \(described.id)")
        }
        keeper.idleObservers.append { [unowned control] state in
            control.broadcast(ControlRequests.idleEvent(state).serialized(), key: "idle")
        }
    }

    // MARK: running

    /// Tells systemd the panel is up (its first frame is on screen), then runs until
    /// SIGTERM or SIGINT. The caller saves and restores the display afterwards.
    func run() throws(SystemCallError) {
        notifier.notify("READY=1\nSTATUS=showing \(session.model.description.controls.count) controls")
        if let interval = notifier.watchdogInterval { scheduleWatchdog(every: interval) }
        drawAndScheduleFrames()
        try loop.run()
        notifier.notify("STOPPING=1")
    }

    private func scheduleWatchdog(every interval: Double) {
        // systemd's watchdog is the one wake-up an idle panel makes, only when WatchdogSec= asks for it.
        loop.schedule(at: now + interval) { [unowned self] in
            notifier.notify("WATCHDOG=1")
            scheduleWatchdog(every: interval)
        }
    }

    private func handleSignals() {
        for signal in signals?.drain() ?? [] {
            switch signal {
            case SIGHUP:
                reloadDescription()
            default:
                log.info("stopping (\(signal == SIGTERM ? "SIGTERM" : "SIGINT"))")
                stopSignal = signal
                loop.stop()
            }
        }
    }

    private func reloadDescription() {
        notifier.notify("RELOADING=1")
        defer { notifier.notify("READY=1") }
        let old = session
        let next: PanelSession
        do {
            next = try reload()
        } catch {
            log.error("reload: \(error); keeping the panel as it was")
            return
        }
        next.keepShownValues(of: old)
        keeper.session = next
        do throws(DisplayError) {
            try next.renderFullFrame(at: now)
            log.info("reloaded the description: \(next.model.description.controls.count) controls")
        } catch {
            log.error("\(error)")
        }
    }

    // MARK: frames

    private func flipEvents(_ drm: DRMDisplay) {
        do throws(DRMError) {
            try drm.handleEvents()
        } catch {
            log.error("display: \(error)")
        }
    }

    /// After every wake-up: blank when due, draw what changed unless a flip is still
    /// pending (its completion wakes the loop again), and arm only the timers needed.
    private func drawAndScheduleFrames() {
        let now = self.now
        let flipPending = { (self.session.display as? DRMDisplay)?.isFlipPending ?? false }
        do throws(DisplayError) {
            try session.idle(until: now)
            if !flipPending() {
                let previous = session.lastFrame
                try session.renderFrame(at: now)
                if let touchToScreen, session.lastFrame != previous {
                    touchToScreen.presented(atMicroseconds: LibinputInput.monotonicMicroseconds(), flipQueued: flipPending())
                }
            }
        } catch {
            log.error("\(error)")
        }
        // Changes accepted without a frame (an action finished, a flip still pending).
        session.saveIfPending(at: now)
        loop.cancel(frameTimer)
        frameTimer = nil
        if session.isAnimating(at: now), !flipPending() {
            frameTimer = loop.schedule(at: now + PanelSession.frameInterval) {}
        }
        // Blanking and save retries: `idle(until:)` does the work when the timer wakes the loop.
        let deadline = session.nextDeadline
        if deadline != deadlineTimer?.deadline {
            loop.cancel(deadlineTimer?.timer)
            deadlineTimer = deadline.map { (loop.schedule(at: $0) {}, $0) }
        }
    }
}
