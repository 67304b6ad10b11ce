import Glibc
import PanelUI
@testable import panel

/// Runs `panel` in-process with its output collected.
final class CommandRunner {
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

/// A fresh folder under /tmp, removed with everything in it when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/panel-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        _ = system("rm -rf '\(path)'")
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let p = file(name)
        let f = fopen(p, "w")!
        fputs(text, f)
        fclose(f)
        return p
    }

    func read(_ name: String) -> String? {
        guard let f = fopen(file(name), "r") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        while true {
            let c = fgetc(f)
            if c == EOF { break }
            bytes.append(UInt8(c))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func list() -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
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
