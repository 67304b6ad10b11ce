import Glibc
import PanelUI

/// Saving failed; the old state file, if any, is untouched.
struct StateStoreError: Error, Equatable, CustomStringConvertible {
    var errno: Errno
    /// A sentence for the log: what failed, on which path, and why.
    var message: String

    var description: String { message }
}

/// The state file: where control values survive restarts and power cuts.
struct StateStore {
    let path: String

    /// systemd's `$STATE_DIRECTORY` (its first entry), else the XDG state folder, else nil.
    static func defaultPath(environment: [String: String]) -> String? {
        if let directories = environment["STATE_DIRECTORY"],
           let first = directories.split(separator: ":").first {
            return "\(first)/state.json"
        }
        // XDG says relative values are invalid and must be ignored.
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            return "\(stateHome)/panel/state.json"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return "\(home)/.local/state/panel/state.json"
        }
        return nil
    }

    /// The saved values. A missing file is a first start; a file that can't be read or
    /// parsed is moved aside (kept for a person to look at) and replaced by an empty document.
    /// Temporary files left by a panel killed in the middle of a save are removed first.
    func load(now: Int) -> (document: StateDocument, warning: String?) {
        removeStaleTemporaryFiles()
        let problem: String
        do throws(FileError) {
            let text = try readFile(path)
            do throws(JSONError) {
                return (try StateDocument.parse(text), nil)
            } catch {
                problem = "state file \(path) is damaged at \(error.location): \(error.message)"
            }
        } catch where error.errno == Errno(ENOENT) {
            return (StateDocument(), nil)
        } catch {
            problem = error.description
        }
        let aside = corruptPath(now: now)
        do throws(FileError) {
            try renameFile(path, to: aside)
            return (StateDocument(), "\(problem); moved it to \(aside) and started from the description's defaults")
        } catch {
            return (StateDocument(), "\(problem); could not move it aside (\(error)), so it will be replaced on the next save")
        }
    }

    /// `<path>.corrupt-<now>`, with -1, -2… when that already exists, so earlier evidence is never overwritten.
    private func corruptPath(now: Int) -> String {
        let base = "\(path).corrupt-\(now)"
        var candidate = base
        var counter = 0
        while pathExists(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        return candidate
    }

    /// `.state.json.tmp-<pid>` files of earlier processes: each SIGKILL or power cut during a save
    /// leaves one (under a new pid each start), so without this they pile up. One panel owns a
    /// state file; a second one on the same file would only lose a save, which it retries.
    private func removeStaleTemporaryFiles() {
        let folder = parentFolder(of: path)
        let prefix = ".\(fileName).tmp-"
        for name in folderEntries(folder) where name.hasPrefix(prefix) {
            try? removeFile("\(folder)/\(name)")
        }
    }

    private var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Replaces the state file atomically: after a power cut it holds either the old
    /// document or this one, never a mix. On failure the old file is left as it was.
    func save(_ document: StateDocument) throws(StateStoreError) {
        let folder = parentFolder(of: path)
        let temporary = "\(folder)/.\(fileName).tmp-\(getpid())"
        do throws(FileError) {
            try createFolders(folder)
            do throws(Errno) {
                try writeDurably(document.serialized(), to: temporary)
            } catch {
                // Name the state file: the temporary one means nothing to the person reading the log.
                throw FileError(action: "write \(path)", errno: error)
            }
            try renameFile(temporary, to: path)
            try syncFolder(folder)
        } catch {
            try? removeFile(temporary)
            throw StateStoreError(errno: error.errno, message: "\(error); the panel keeps running and will retry")
        }
    }

    /// Writes `text` to a new file and flushes it to the disk before returning.
    private func writeDurably(_ text: String, to file: String) throws(Errno) {
        let descriptor = try FileDescriptor(opening: file, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o644)
        try descriptor.writeAll(Array(text.utf8))
        try descriptor.sync()
        try descriptor.close()
    }
}
