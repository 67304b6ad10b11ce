import Glibc
import PanelUI
@testable import panel

/// Runs `panel` in-process with its output collected.
/// Used from the one thread that runs the command; the console closures only need to be Sendable by type.
final class CommandRunner: @unchecked Sendable {
    private(set) var out: [String] = []
    private(set) var err: [String] = []

    var console: Console {
        Console(out: { [unowned self] in out.append($0) }, err: { [unowned self] in err.append($0) })
    }

    static func run(_ args: [String]) -> (status: Int32, out: String, err: String) {
        let runner = CommandRunner()
        let status = Commands.main(args, console: runner.console)
        return (status, runner.out.joined(separator: "\n"), runner.err.joined(separator: "\n"))
    }
}

/// Files of the repository, found from this source file's path (no Foundation bundles).
enum RepositoryFile {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Tests/panelTests/Support/CommandRunner.swift
        return parts.joined(separator: "/")
    }()

    static func path(_ relative: String) -> String { "\(root)/\(relative)" }

    /// The shared real-device recordings beside the checkout (or where PANEL_SHARED_DIR says).
    static func sharedRecording(_ name: String) -> String {
        if let dir = getenv("PANEL_SHARED_DIR") { return "\(String(cString: dir))/recordings/\(name)" }
        return "\(root)/../shared/recordings/\(name)"
    }
}
