import PanelUI

/// A session's saves of its accepted values: whether some wait for the next save, who waits
/// to hear that theirs are on the disk, the saves handed to the saver and not finished yet,
/// and the retries after a failure (`SaveRetry`).
///
/// A waiter (`whenSaved`) is told the outcome of the first save handed over after it asked,
/// or of the one being written when that one already holds every accepted value: a socket
/// `set` is answered only once a file holding its value has been written, fsync'd and renamed.
final class SessionSaves {
    /// Where saves go: on this thread (replays, tests) unless a `StateWriter` is given.
    var saver: any StateSaving = ImmediateSaver()
    let store: StateStore
    private let log: Log
    /// Accepted values wait for the next save (made after the next frame is presented).
    private(set) var isPending = false
    private(set) var retry = SaveRetry()
    /// Saves handed to `saver` and not finished yet.
    private(set) var inFlight = 0
    /// Told the outcome of the next save handed over.
    private var nextWaiters: [(StateStoreError?) -> Void] = []
    /// Who waits for the last save handed over; nil once it finished.
    private var lastHandedOver: Waiters?
    /// The last write whose outcome was recorded: saves one write held share its number.
    private var lastWrite: UInt64?

    /// The waiters of one save handed over; more join while it is being written.
    private final class Waiters {
        var list: [(StateStoreError?) -> Void]
        init(_ list: [(StateStoreError?) -> Void]) { self.list = list }
    }

    init(store: StateStore, log: Log) {
        self.store = store
        self.log = log
    }

    /// The next frame's save happens even if nothing changed.
    func request() { isPending = true }

    /// Accepted values wait for a save, one is being written, or the last one failed.
    var hasUnsaved: Bool { isPending || inFlight > 0 || retry.due != nil }

    /// When a timed retry is due; none while a save is being written (its end decides).
    var retryDeadline: Double? { inFlight == 0 ? retry.due : nil }

    /// Calls `waiter` once the values accepted so far are on the disk (nil), or with the
    /// failure of the save that held them; at once when nothing is unsaved.
    func whenSaved(_ waiter: @escaping (StateStoreError?) -> Void) {
        if isPending {
            nextWaiters.append(waiter)
        } else if inFlight > 0, let last = lastHandedOver {
            // Nothing accepted since it was handed over: it holds them all.
            last.list.append(waiter)
        } else if retry.due != nil {
            nextWaiters.append(waiter)
            isPending = true
        } else {
            waiter(nil)
        }
    }

    /// Hands `document` to the saver; the waiters so far hear how it went.
    func save(_ document: StateDocument, at now: Double) {
        isPending = false
        let waiters = Waiters(nextWaiters)
        nextWaiters = []
        lastHandedOver = waiters
        inFlight += 1
        // Strong: a session replaced by a reload still answers the waiters of its saves.
        saver.save(document, to: store) { [self] outcome in
            inFlight -= 1
            if inFlight == 0 { lastHandedOver = nil }
            if outcome.write != lastWrite {
                lastWrite = outcome.write
                record(outcome.error, at: outcome.time ?? now)
            }
            for waiter in waiters.list { waiter(outcome.error) }
        }
    }

    /// After a reload: this session takes over the old one's saver, its waiters not yet handed
    /// over, and saves what it had not saved yet.
    func takeOver(from old: SessionSaves) {
        saver = old.saver
        nextWaiters = old.nextWaiters + nextWaiters
        old.nextWaiters = []
        if old.hasUnsaved || !nextWaiters.isEmpty { isPending = true }
    }

    private func record(_ error: StateStoreError?, at now: Double) {
        if let error {
            retry.failed(at: now)
            log.error("\(error) (next try on a change or in \(Int(clamping: retry.due! - now)) s)")
        } else {
            if retry.due != nil { log.info("saved \(store.path) again; no change was lost") }
            retry.succeeded()
        }
    }
}
