import Glibc
import PanelUI

/// What `--input` asks for.
enum InputSpec: Equatable {
    /// Replays a recording (evemu or `libinput record`) on a virtual clock, then exits.
    case replay(path: String)
    /// Every input device of a seat, found through udev and followed as they come and go.
    case libinput(seat: String)
    /// The named event devices only, through libinput's path backend (no udev needed).
    case paths([String])
    /// Reads no input; runs until a signal.
    case none

    static let defaultSeat = "seat0"

    init(parsing text: String) throws(UsageError) {
        if text == "none" {
            self = .none
        } else if text == "libinput" {
            self = .libinput(seat: Self.defaultSeat)
        } else if text.hasPrefix("libinput:"), text.count > "libinput:".count {
            self = .libinput(seat: String(text.dropFirst("libinput:".count)))
        } else if text.hasPrefix("path:") {
            let paths = text.dropFirst("path:".count).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !paths.isEmpty, paths.allSatisfy({ $0.hasPrefix("/") }) else {
                throw UsageError(message: "--input path: takes absolute device paths, like path:/dev/input/event4[,/dev/input/event5], not '\(text)'")
            }
            self = .paths(paths)
        } else if text.hasPrefix("replay:"), text.count > "replay:".count {
            self = .replay(path: String(text.dropFirst("replay:".count)))
        } else {
            throw UsageError(message: "--input must be libinput[:SEAT], path:/dev/input/eventN[,…], replay:FILE or none, not '\(text)'")
        }
    }

    /// No `--input`: the seat's devices where the kernel has input devices, else none.
    static func automatic(log: Log) -> InputSpec {
        if access("/dev/input", F_OK) == 0 {
            log.info("input: /dev/input exists; using --input libinput:\(defaultSeat)")
            return .libinput(seat: defaultSeat)
        }
        log.info("input: no /dev/input; reading no input (--input none)")
        return .none
    }
}
