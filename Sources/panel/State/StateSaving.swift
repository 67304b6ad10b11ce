import PanelUI

/// How one write of the state file went, told to every save it held.
struct SaveOutcome: Equatable, Sendable {
    /// nil: the file holds the document on the disk (written, fsync'd, renamed over the old
    /// one, the folder fsync'd); otherwise the old file is as it was.
    var error: StateStoreError?
    /// Numbers the writes. Saves that a later one replaced before they were written are told
    /// that later one's outcome, with its number: one write, however many saves it held.
    var write: UInt64
    /// The loop clock's time when the loop heard of it; nil when the save ran on the caller's
    /// thread, before `save` returned.
    var time: Double?
}

/// Where a session's saves go: written on the caller's thread (`ImmediateSaver`) or handed
/// to a thread of their own (`StateWriter`), so the event loop doesn't wait for the disk.
protocol StateSaving: AnyObject {
    /// Saves `document` to `store`'s file. `finished` is called exactly once, on the calling
    /// (loop's) thread, and the saves of one saver finish in the order they were asked for.
    func save(_ document: StateDocument, to store: StateStore, finished: @escaping (SaveOutcome) -> Void)
}

/// Saves before `save` returns, on the caller's thread: replays (on their virtual clock a
/// save takes no time), tests and benches, and whatever saves after a `StateWriter` finished.
final class ImmediateSaver: StateSaving {
    private var writes: UInt64 = 0

    func save(_ document: StateDocument, to store: StateStore, finished: @escaping (SaveOutcome) -> Void) {
        writes += 1
        do throws(StateStoreError) {
            try store.save(document)
            finished(SaveOutcome(error: nil, write: writes, time: nil))
        } catch {
            finished(SaveOutcome(error: error, write: writes, time: nil))
        }
    }
}
