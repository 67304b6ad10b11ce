import Glibc

/// Runs `panel-bench-cairo` (built beside `panel`) for the same sizes and repeats: the demo
/// scene drawn by cairo, so the product binary itself never links cairo.
enum CairoBench {
    static let helperName = "panel-bench-cairo"

    /// Median milliseconds per size ("WxH"), or nil when the helper isn't there (a product-only build).
    static func measure(executable: String, sizes: [String], repeats: Int) throws -> [String: Double]? {
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let helper = "\(folder)/\(helperName)"
        guard access(helper, X_OK) == 0 else { return nil }
        let child = try BenchChild(path: helper, arguments: ["--repeat", "\(repeats)"] + sizes, stream: STDOUT_FILENO)
        var figures: [String: Double] = [:]
        while let line = child.readLine() {
            let parts = line.split(separator: " ")
            if parts.count == 2, let ms = Double(parts[1]) { figures[String(parts[0])] = ms }
        }
        guard child.waitForSuccess(), figures.count == sizes.count else {
            throw CommandFailure(message: "panel bench: \(helper) failed", status: ExitStatus.failure)
        }
        return figures
    }
}
