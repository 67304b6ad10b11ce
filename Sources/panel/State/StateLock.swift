import Glibc

/// The state file can't be used at all: `panel run` stops with status 2 and this sentence,
/// having renamed, written and removed nothing in the state folder.
struct StateFileRefusal: Error, Equatable, CustomStringConvertible {
    var errno: Errno
    /// What is wrong, on which path, and what a person can do about it.
    var message: String

    var description: String { message }
}

/// One panel per state file: an exclusive flock(2) on `.state.json.lock` beside the state
/// file, held for as long as this value lives (a run, reloads included) and released when it
/// goes away or the process ends, however it ends (SIGKILL too: the kernel drops the lock
/// with the last descriptor). Without it, two panels on one file each save their own values
/// and the later save loses what the other acknowledged.
///
/// The lock file holds the holder's pid, for the message a second panel gives. It is never
/// removed (removing a lock file lets a third process lock a new file while the first still
/// holds the old one). The state folder may be one others can write, so the lock file is
/// created 0600 or, when it is there already, used only if it is a regular file with one name
/// that the panel's user owns (`openOwnedFile`): a symbolic link, a hard link to another file,
/// a FIFO, a device or another user's file at its name is refused, saying which, and nothing
/// is truncated or written before that is checked. The descriptor is close-on-exec, so
/// actions (child processes that may outlive the panel) never inherit the lock.
final class StateLock {
    /// The lock file: `.state.json.lock` for `state.json`.
    let path: String
    private let descriptor: FileDescriptor

    /// `.<name>.lock` in the state file's folder.
    static func lockPath(forState statePath: String) -> String {
        "\(parentFolder(of: statePath))/.\(fileName(of: statePath)).lock"
    }

    /// Takes the lock for `statePath` (whose folder must exist), or says why not: another
    /// panel holds it (its pid named), or the lock file can't be opened or isn't one to write.
    init(statePath: String) throws(StateFileRefusal) {
        let path = Self.lockPath(forState: statePath)
        self.path = path
        do throws(FileError) {
            descriptor = try openOwnedFile(path, flags: O_RDWR | O_NONBLOCK | O_NOCTTY, permissions: StateStore.permissions)
        } catch where error.errno == Errno(ELOOP) {
            throw StateFileRefusal(errno: error.errno, message: "the lock file \(path) of state file \(statePath) is a symbolic link; "
                + "panel does not follow links in its state folder (remove the link)")
        } catch where error.reason != nil {
            // Not a regular file, more than one name, or another user's.
            throw StateFileRefusal(errno: error.errno, message: "the lock file \(path) of state file \(statePath) can't be used: "
                + "\(error.reason!); panel writes no file in its state folder that a link or another user could have put there "
                + "(remove \(path); panel makes a new one)")
        } catch {
            throw StateFileRefusal(errno: error.errno, message: "cannot open the lock file \(path) of state file \(statePath): \(error.errno)")
        }
        do throws(Errno) {
            _ = try retryingInterrupts { flock(descriptor.rawValue, LOCK_EX | LOCK_NB) }
        } catch where error == Errno(EWOULDBLOCK) {
            let holder = Self.holder(descriptor.rawValue).map { "pid \($0)" } ?? "its pid not written yet"
            throw StateFileRefusal(errno: error, message: "state file \(statePath) is in use by another panel (\(holder), lock \(path)); "
                + "stop that one first, or give this one another --state")
        } catch {
            throw StateFileRefusal(errno: error, message: "cannot lock \(path) for state file \(statePath): \(error)")
        }
        // Ours now: the pid replaces an earlier holder's. Failing to write it only makes a
        // second panel's message vaguer, so it is not an error.
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor.rawValue, 0) == 0 {
            _ = text.withUnsafeBytes { pwrite(descriptor.rawValue, $0.baseAddress, $0.count, 0) }
        }
    }

    /// The pid in the lock file, if one is there.
    private static func holder(_ descriptor: CInt) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let digits = buffer[..<count].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return Int(String(decoding: digits, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
    }
}

/// The last component of `path`: "state.json" for "/var/lib/panel/state.json".
func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
