import Glibc
@testable import panel

/// A fresh folder under /tmp (from mkdtemp), removed with everything in it when the value goes away.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array("/tmp/panel-test-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
        path = String(cString: created)
    }

    deinit { removeTree(path) }

    /// Writes raw bytes to `name` inside the folder and returns the full path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) -> String {
        let file = "\(path)/\(name)"
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "cannot create \(file)")
        precondition(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
        return file
    }

    @discardableResult
    func write(_ text: String, to name: String) -> String { write(Array(text.utf8), to: name) }

    /// The full path of `name` inside the folder.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// The text of `name` inside the folder, or nil if it can't be read.
    func readText(_ name: String) -> String? { read(name).map { String(decoding: $0, as: UTF8.self) } }

    /// The bytes of `name` inside the folder, or nil if it can't be read.
    func read(_ name: String) -> [UInt8]? {
        let fd = open("\(path)/\(name)", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count <= 0 { return count == 0 ? bytes : nil }
            bytes += chunk[..<count]
        }
    }

    /// Names in the folder (or a subfolder), sorted, without . and ..
    func entries(_ subfolder: String? = nil) -> [String] {
        Self.entries(of: subfolder.map { "\(path)/\($0)" } ?? path)
    }

    private static func entries(of folder: String) -> [String] {
        folderEntries(folder).sorted()
    }

    private func removeTree(_ target: String) {
        chmod(target, 0o755)
        var info = stat()
        guard lstat(target, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in Self.entries(of: target) { removeTree("\(target)/\(name)") }
            rmdir(target)
        } else {
            unlink(target)
        }
    }
}
