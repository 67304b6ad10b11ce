import PanelUI

/// What `--display` asks for.
enum DisplaySpec: Equatable {
    /// No screen: frames go to memory (and to `--screenshot`); `dpi` gives it a physical size.
    case headless(Size, dpi: Double? = nil)
    /// A real screen through DRM/KMS.
    case drm(DRMRequest)

    static let defaultHeadlessSize = Size(width: 800, height: 480)

    /// Parses `headless[:WxH[@DPI]]` or `drm[:/dev/dri/cardN][,connector=NAME][,mode=WxH[@HZ]][,format=rgb565][,buffers=1]`.
    init(parsing text: String) throws(UsageError) {
        if text == "headless" {
            self = .headless(Self.defaultHeadlessSize)
        } else if text.hasPrefix("headless:") {
            let parts = text.dropFirst("headless:".count).split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let size = Self.parseSize(parts[0]) else {
                throw UsageError(message: "--display headless:WxH needs a size like 800x480 (1 to 8192 each), not '\(parts[0])'")
            }
            var dpi: Double?
            if parts.count == 2 {
                guard let value = Double(parts[1]), value.isFinite, (20...2000).contains(value) else {
                    throw UsageError(message: "--display headless:WxH@DPI needs dots per inch from 20 to 2000, like 800x480@133, not '\(parts[1])'")
                }
                dpi = value
            }
            self = .headless(size, dpi: dpi)
        } else if text == "drm" || text.hasPrefix("drm:") || text.hasPrefix("drm,") {
            self = .drm(try Self.parseDRM(String(text.dropFirst(3))))
        } else {
            throw UsageError(message: "--display must be headless[:WxH[@DPI]] or drm[:DEVICE][,connector=NAME][,mode=WxH[@HZ]][,format=rgb565], not '\(text)'")
        }
    }

    private static func parseDRM(_ text: String) throws(UsageError) -> DRMRequest {
        var request = DRMRequest()
        var options = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let device = options.removeFirst()
        if device.hasPrefix(":") {
            guard device.count > 1 else { throw UsageError(message: "--display drm: needs a device after ':', like drm:/dev/dri/card0") }
            request.devicePath = String(device.dropFirst())
        }
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                throw UsageError(message: "--display drm: options are connector=NAME, mode=WxH[@HZ], format=xrgb8888|rgb565 and buffers=1|2, not '\(option)'")
            }
            switch parts[0] {
            case "connector":
                request.connector = parts[1]
            case "mode":
                let sizeAndRate = parts[1].split(separator: "@", maxSplits: 1).map(String.init)
                guard let size = parseSize(sizeAndRate[0]),
                      sizeAndRate.count == 1 || Int(sizeAndRate[1]).map({ $0 > 0 }) == true else {
                    throw UsageError(message: "--display drm: mode must be WxH or WxH@HZ, like 800x480@60, not '\(parts[1])'")
                }
                request.size = size
                request.refresh = sizeAndRate.count == 2 ? Int(sizeAndRate[1]) : nil
            case "format":
                guard let format = DRMRequest.Format(rawValue: parts[1]) else {
                    throw UsageError(message: "--display drm: format must be xrgb8888 or rgb565, not '\(parts[1])'")
                }
                request.format = format
            case "buffers":
                guard let count = Int(parts[1]), count == 1 || count == 2 else {
                    throw UsageError(message: "--display drm: buffers must be 1 or 2, not '\(parts[1])'")
                }
                request.buffers = count
            default:
                throw UsageError(message: "--display drm: unknown option '\(parts[0])' (connector, mode, format, buffers)")
            }
        }
        return request
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...8192).contains(w), (1...8192).contains(h) else { return nil }
        return Size(width: w, height: h)
    }
}
