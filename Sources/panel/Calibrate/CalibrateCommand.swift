import Glibc
import PanelUI

extension ExitStatus {
    /// `panel calibrate` waited `--timeout` seconds for a touch that never came.
    static let timedOut: Int32 = 3
}

extension Commands {
    /// Seconds `panel calibrate` waits for a touch before it gives up.
    static let calibrationTimeout = 60.0

    /// `panel calibrate`: crosshairs on the screen, presses from uncalibrated touches, the
    /// matrix fitted, checked at the centre, printed as a udev rule and a `calibration:` line,
    /// and written into a description with `--write`.
    static func calibrate(_ args: ArraySlice<String>, console: Console, log: Log) throws -> Int32 {
        let flags = try Arguments(args, help: Help.calibrate)
        if flags.wantsHelp { console.out(Help.calibrate.text); return ExitStatus.success }
        // Everything that can be refused is refused before the screen is touched.
        if let path = flags["write"] { _ = try CalibrationWrite.check(path) }
        let description = try (flags["config"] ?? flags["write"]).map { try loadDescription($0) }
        let rotation = try flags.rotation(command: "calibrate") ?? description?.rotation ?? .r0
        let timeout = try flags.positiveNumber("timeout", command: "calibrate") ?? calibrationTimeout
        let input = try flags["input"].map { (text) throws(UsageError) in try InputSpec(parsing: text) } ?? .libinput(seat: InputSpec.defaultSeat)
        var recorded: (path: String, recording: Recording)?
        switch input {
        case .replay(let path): recorded = (path, try Replay.read(path: path, calibration: nil))
        case .none: throw UsageError(message: "panel calibrate: --input none gives no touches to calibrate with")
        case .libinput, .paths: break
        }
        let givenSpec = try flags["display"].map { (text) throws(UsageError) in try DisplaySpec(parsing: text) }
        let signals = try systemCall { () throws(SystemCallError) in try SignalFD() }
        let display = try openDisplay(givenSpec ?? automaticDisplay(log: log), log: log)
        defer { (display as? DRMDisplay)?.close() }
        let targets = CalibrationTargets(screen: display.screenSize, rotation: rotation)
        let run = try CalibrationRun(targets: targets, display: display, log: log)
        let deviceNames: [String]
        if let recorded {
            deviceNames = [recorded.recording.device.name]
            try replayCalibration(run, recording: recorded.recording, path: recorded.path, screen: display.screenSize)
        } else {
            // Identity on every touchscreen for the run: a udev LIBINPUT_CALIBRATION_MATRIX (or
            // the description's) must not bias the presses the new matrix is fitted to.
            let live = try openLiveInput(input, screen: display.screenSize, calibration: CalibrationMatrix.identity.values,
                                         calibrationOrigin: "panel calibrate (identity for the run, over udev's)", log: log)!
            try liveCalibration(run, input: live, signals: signals, timeout: timeout)
            deviceNames = live.touchscreenNames
        }
        guard let result = run.result else { return ExitStatus.failure }
        for line in CalibrationReport.lines(result.matrix, devices: deviceNames) { console.out(line) }
        if let path = flags["write"] {
            try CalibrationWrite.write(result.matrix, to: path)
            log.info("calibrate: wrote calibration: [\(result.matrix.shownValues.joined(separator: ", "))] into \(path)")
        }
        if recorded == nil {
            // Long enough to read the result before the screen goes back to what it showed.
            usleep(1_500_000)
        }
        return ExitStatus.success
    }

    /// Plays the recording's touches into `run`; a recording that ends first is an error
    /// naming the crosshair still waiting for its press.
    static func replayCalibration(_ run: CalibrationRun, recording: Recording, path: String, screen: Size) throws(CommandFailure) {
        let replay = try Replay(recording: recording, path: path, screen: screen, calibration: nil)
        for timed in replay.touches where try run.feed(timed.touch) { return }
        let taken = run.procedure.cornersTaken
        let pressing = run.isPressing ? " (it ends with a finger still down)" : ""
        throw CommandFailure(message: "\(path): the recording ended before a good press at \(CalibrationRun.name(run.procedure.place))\(pressing); "
            + "\(taken) of 4 corners taken, nothing written", status: ExitStatus.badInput)
    }

    /// Reads libinput until the procedure finishes, SIGTERM/SIGINT, or `timeout` seconds
    /// without any touch.
    static func liveCalibration(_ run: CalibrationRun, input: LibinputInput, signals: borrowing SignalFD, timeout: Double) throws(CommandFailure) {
        var waits = [pollfd(fd: input.fd, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: signals.descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
        let clock = MonotonicClock()
        var lastTouch = clock.now
        for touch in input.drain(at: clock.now) where try run.feed(touch) { return }
        while !SignalFD.isTerminationPending {
            let left = lastTouch + timeout - clock.now
            if left <= 0 {
                throw CommandFailure(message: "panel calibrate: no touch for \(CalibrationMatrix.shown(timeout)) s while waiting for \(CalibrationRun.name(run.procedure.place)); "
                    + "giving up, nothing written (is the touchscreen on this seat? `panel touches --input libinput` shows what arrives)",
                    status: ExitStatus.timedOut)
            }
            _ = poll(&waits, nfds_t(waits.count), TimeConversion.pollMilliseconds(left))
            // SIGHUP would keep the signalfd readable: read it (TERM and INT stay pending).
            if waits[1].revents != 0 { _ = signals.drain() }
            let touches = input.drain(at: clock.now)
            if touches.contains(where: { $0.phase != .frame }) { lastTouch = clock.now }
            for touch in touches where try run.feed(touch) { return }
        }
        throw CommandFailure(message: "panel calibrate: stopped by a signal at \(CalibrationRun.name(run.procedure.place)); nothing written",
                             status: ExitStatus.failure)
    }
}

/// The lines `panel calibrate` prints on stdout.
enum CalibrationReport {
    static let rulesFile = "/etc/udev/rules.d/99-panel-touchscreen-calibration.rules"

    /// A comment saying where the rule goes, the udev rule, and the description's line.
    static func lines(_ matrix: CalibrationMatrix, devices: [String]) -> [String] {
        let match: String
        var note = ""
        if devices.count == 1, !devices[0].isEmpty {
            match = "ATTRS{name}==\"\(udevPattern(devices[0]))\", "
        } else {
            match = ""
            note = devices.isEmpty ? " (no touchscreen name known: the rule matches every touchscreen)"
                : " (several touchscreens: \(devices.joined(separator: ", ")); the rule matches every one; add ATTRS{name}==\"…\" for one)"
        }
        return [
            "# udev: put the next line in \(rulesFile), then run udevadm control --reload && udevadm trigger --subsystem-match=input\(note)",
            "ACTION==\"add|change\", SUBSYSTEM==\"input\", KERNEL==\"event[0-9]*\", ENV{ID_INPUT_TOUCHSCREEN}==\"1\", \(match)"
                + "ENV{LIBINPUT_CALIBRATION_MATRIX}=\"\(matrix)\"",
            "calibration: [\(matrix.shownValues.joined(separator: ", "))]",
        ]
    }

    /// A device name as a udev match: its glob characters, quotes, backslashes and the
    /// alternation bar each become `?` (any one character), so the pattern still matches it.
    static func udevPattern(_ name: String) -> String {
        String(name.map { "*?[]|\"\\".contains($0) || $0.asciiValue.map { $0 < 0x20 } == true ? "?" : $0 })
    }
}
