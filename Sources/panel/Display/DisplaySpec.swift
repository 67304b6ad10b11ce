import PanelUI

/// What `--display` asks for.
enum DisplaySpec: Equatable {
    /// No screen: frames go to memory (and to `--screenshot`).
    case headless(Size)

    static let defaultHeadlessSize = Size(width: 800, height: 480)

    /// Parses `headless` or `headless:WxH`.
    init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        switch parts.first {
        case "headless":
            guard parts.count == 2 else {
                self = .headless(Self.defaultHeadlessSize)
                return
            }
            guard let size = Self.parseSize(parts[1]) else {
                throw UsageError(message: "--display headless:WxH needs a size like 800x480 (1 to 8192 each), not '\(parts[1])'")
            }
            self = .headless(size)
        case "drm":
            throw UsageError(message: "--display drm is not available in this build yet; use --display headless:WxH")
        default:
            throw UsageError(message: "--display must be headless[:WxH], not '\(text)'")
        }
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...8192).contains(w), (1...8192).contains(h) else { return nil }
        return Size(width: w, height: h)
    }
}
