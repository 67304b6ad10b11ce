import PanelUI

/// What `--input` asks for.
enum InputSpec: Equatable {
    /// Replays a recording (evemu or `libinput record`) on a virtual clock, then exits.
    case replay(path: String)
    /// Reads no input; runs until a signal.
    case none

    init(parsing text: String) throws(UsageError) {
        if text == "none" {
            self = .none
        } else if text.hasPrefix("replay:"), text.count > "replay:".count {
            self = .replay(path: String(text.dropFirst("replay:".count)))
        } else {
            throw UsageError(message: "--input must be replay:FILE or none, not '\(text)'")
        }
    }
}
