import Glibc
import PanelUI

/// `panel calibrate --write FILE`: the `calibration:` key of a description set in place.
enum CalibrationWrite {
    /// The description is checked before the screen is touched: it must be a regular file
    /// (not a link: the file replaced would be the link, not what it points to) that loads.
    static func check(_ path: String) throws(CommandFailure) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw refusal("cannot use --write \(path): \(Errno.current) (it must be an existing panel description)")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK:
            throw refusal("refusing --write \(path): it is a symbolic link; give the file it points to (\(linkTarget(path)))")
        default:
            throw refusal("refusing --write \(path): it is not a regular file")
        }
        let text: String
        do {
            text = try readFile(path, limits: ReadLimits(maxBytes: Commands.descriptionLimits.maxBytes, followLinks: false))
        } catch {
            throw refusal("panel: \(error)")
        }
        do {
            _ = try PanelDescription.parse(text, file: path, fileExists: Commands.fileExists, fontFamily: Commands.fontFamilyFile)
        } catch {
            throw refusal("\(error.description) (--write changes only a description that loads)")
        }
        return text
    }

    /// Replaces `path` with `text` whose `calibration:` is `matrix`, atomically: a new file
    /// under an unpredictable name in the same folder (O_EXCL | O_NOFOLLOW), the old file's
    /// mode (and owner, where allowed), flushed, renamed over the old one, the folder flushed.
    /// The file is read and checked again (a calibration takes minutes; it may have been
    /// edited meanwhile), and the new text must load and carry exactly the matrix printed, or
    /// nothing is written.
    static func write(_ matrix: CalibrationMatrix, to path: String) throws(CommandFailure) {
        let text = try check(path)
        let edited = CalibrationKeyEdit.setting(matrix, in: text)
        let expected = matrix.shownValues.map { Double($0) ?? .nan }
        do {
            let parsed = try PanelDescription.parse(edited, file: path, fileExists: Commands.fileExists, fontFamily: Commands.fontFamilyFile)
            guard parsed.calibration == expected else {
                throw refusal("panel calibrate: \(path): could not set its calibration: key (it reads back as \(parsed.calibration.map { "\($0)" } ?? "none")); the file is unchanged")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw refusal("panel calibrate: \(path): with the new calibration: it would not load (\(error)); the file is unchanged")
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw refusal("refusing --write \(path): it is no longer a regular file; the file is unchanged")
        }
        let folder = parentFolder(of: path)
        let name = String(path.split(separator: "/").last ?? "description")
        do throws(FileError) {
            try replaceFile(path, in: folder, with: Array(edited.utf8), prefix: ".\(name).", permissions: info.st_mode & 0o777,
                            prepare: { (descriptor) throws(Errno) in
                // Root writing someone's file keeps it theirs; anyone else can only keep their own.
                if info.st_uid != geteuid() || info.st_gid != getegid() {
                    guard fchown(descriptor, info.st_uid, info.st_gid) == 0 else { throw Errno.current }
                }
            })
        } catch {
            throw CommandFailure(message: "panel calibrate: \(error); the file is unchanged", status: ExitStatus.failure)
        }
    }

    private static func refusal(_ message: String) -> CommandFailure {
        CommandFailure(message: message, status: ExitStatus.badInput)
    }

    private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "unreadable" }
        return "→ " + String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
