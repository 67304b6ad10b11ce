import Glibc
import PanelUI

/// Live input for `run` and `touches`: opening libinput as `--input` asks, and the
/// `touches` printing loop.
extension Commands {
    /// libinput for `libinput[:SEAT]` and `path:…`; nil for the other inputs.
    static func openLiveInput(_ spec: InputSpec, screen: Size, calibration: [Double]?, calibrationOrigin: String = "the description",
                              log: Log) throws(CommandFailure) -> LibinputInput? {
        let devices: LibinputInput.Devices
        switch spec {
        case .libinput(let seat): devices = .seat(seat)
        case .paths(let paths): devices = .paths(paths)
        case .replay, .none: return nil
        }
        do {
            return try LibinputInput(devices, screen: screen, calibration: calibration, calibrationOrigin: calibrationOrigin, log: log)
        } catch {
            throw CommandFailure(message: "panel: input: \(error)", status: ExitStatus.failure)
        }
    }

    /// Prints each touch as a JSON line until SIGTERM/SIGINT, `count` lines, or `timeout`
    /// seconds without input, whichever comes first.
    static func printLiveTouches(_ input: LibinputInput, rotation: Rotation, logical: Size, count: Int?, timeout: Double?,
                                 console: Console) throws(CommandFailure) {
        let signals = try systemCall { () throws(SystemCallError) in try SignalFD() }
        var waits = [pollfd(fd: input.fd, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: signals.rawValue, events: Int16(POLLIN), revents: 0)]
        var printed = 0
        let clock = MonotonicClock()
        while !SignalFD.isTerminationPending {
            let woke = poll(&waits, nfds_t(waits.count), TimeConversion.pollMilliseconds(timeout))
            if woke == 0 { return }
            for touch in input.drain(at: clock.now) {
                console.out(TouchReport.json(touch, rotation: rotation, logical: logical).serialized())
                printed += 1
                if let count, printed >= count { return }
            }
        }
    }
}
