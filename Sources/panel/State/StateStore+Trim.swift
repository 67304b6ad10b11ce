import Glibc
import PanelUI

/// A state file holding more ids its description doesn't have than a panel keeps
/// (`UnknownIdLimit.standard`): the rest were dropped as it was read. Nothing already saved is
/// lost for that: the file as it was is kept beside the state file, and the state file is
/// written again at once with what was kept, so the next start reads the short one (a panel
/// restarted over and over before its first save does not make a copy each time).
extension StateStore {
    /// Keeps `original` (the file's bytes) as `state.json.trimmed-<now>` (`-1`, `-2`… when
    /// taken; nothing is replaced), then saves `reading.document`. Returns the warning for the
    /// log: how many ids were dropped, the limit, and where the whole file is. When the file
    /// can't be written again, the copy is removed: the original still holds everything.
    func trim(_ reading: StateReading, original: [UInt8], now: Int) -> String {
        let limit = UnknownIdLimit.standard
        let dropped = reading.droppedUnknown
        let total = reading.keptUnknown.ids + dropped.ids
        let what = "state file \(path) has \(total) ids the description doesn't have; a panel keeps \(limit.count) of them "
            + "and \(sizeText(limit.bytes)) at most: kept the first \(reading.keptUnknown.ids), dropped \(dropped.ids) "
            + "(\(sizeText(dropped.bytes)))"
        let copy: String
        do throws(FileError) {
            copy = try keepCopy(original, now: now)
        } catch {
            return "\(what); could not keep a copy of the file (\(error)): it still holds them until the next save"
        }
        do throws(StateStoreError) {
            try save(reading.document)
        } catch {
            _ = unlink(copy)
            return "\(what); could not write it again (\(error)): it still holds them until the next save"
        }
        return "\(what); the file as it was is kept at \(copy)"
    }

    /// Writes `bytes` to a new file in the state folder and gives it the first free
    /// `.trimmed-` name: created exclusively under an unguessable temporary name (0600), flushed,
    /// linked to its name (`moveAside`, which never replaces anything), the folder flushed.
    private func keepCopy(_ bytes: [UInt8], now: Int) throws(FileError) -> String {
        var temporary: String?
        do throws(FileError) {
            do throws(Errno) {
                let file = try createUniqueFile(in: folder, prefix: temporaryPrefix, permissions: Self.permissions, random: randomSuffix)
                temporary = file.path
                try file.descriptor.writeAll(bytes)
                try file.descriptor.sync()
                try file.descriptor.close()
            } catch {
                throw FileError(action: "keep a copy of \(path)", errno: error)
            }
            let kept = try moveAside(temporary!) { $0 == 0 ? "\(path).trimmed-\(now)" : "\(path).trimmed-\(now)-\($0)" }
            temporary = nil
            try syncFolder(folder)
            return kept
        } catch {
            if let temporary { _ = unlink(temporary) }
            throw error
        }
    }
}
