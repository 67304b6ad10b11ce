import Glibc
import PanelUI

/// Finds and reads the shared real-device recordings for tests.
///
/// They live outside the package: `$PANEL_SHARED_DIR/recordings` when that is set,
/// otherwise `shared/recordings` beside the package root (CI clones the package next
/// to `shared/`). A missing folder is a test failure, not a skip: these tests are the
/// only check of the decoders against real hardware.
enum RecordingFiles {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    static func directory(filePath: String = #filePath) throws -> String {
        if let shared = getenv("PANEL_SHARED_DIR") {
            let dir = String(cString: shared) + "/recordings"
            guard isDirectory(dir) else { throw Missing(description: "PANEL_SHARED_DIR is set but \(dir) is not a folder") }
            return dir
        }
        // #filePath is <root>/Tests/PanelUITests/Input/RecordingFiles.swift.
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let dir = parts.joined(separator: "/") + "/../shared/recordings"
        guard isDirectory(dir) else {
            throw Missing(description: "recordings folder \(dir) is missing: check out `shared/` beside the package or set PANEL_SHARED_DIR")
        }
        return dir
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func names(in dir: String) -> [String] {
        guard let handle = opendir(dir) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasSuffix(".evemu") { names.append(name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) throws -> String {
        guard let file = fopen(path, "rb") else { throw Missing(description: "cannot open \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A recording as one self-contained text: a split `.events.evemu` file gets its
    /// device's `.desc.evemu` put in front, as SOURCES.md says.
    static func text(of name: String, in dir: String) throws -> String {
        guard name.hasSuffix(".events.evemu") else { return try read(dir + "/" + name) }
        let device = try descriptionName(for: name, in: dir)
        return try read(dir + "/" + device) + read(dir + "/" + name)
    }

    /// The `.desc.evemu` whose name (less the suffix) starts the events file's name.
    static func descriptionName(for events: String, in dir: String) throws -> String {
        let candidates = names(in: dir).filter { $0.hasSuffix(".desc.evemu") }
            .filter { events.hasPrefix(String($0.dropLast(".desc.evemu".count)) + "-") }
        guard let best = candidates.max(by: { $0.count < $1.count }) else {
            throw Missing(description: "no .desc.evemu for \(events)")
        }
        return best
    }

    static func recording(_ name: String) throws -> Recording {
        let dir = try directory()
        return try RecordingReader.parse(try text(of: name, in: dir), file: name)
    }
}
