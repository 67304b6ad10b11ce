import CLinux
import Glibc
import PanelUI

/// Saves the state file on a thread of its own, so the event loop never waits for the disk
/// (an fsync takes 70-100 ms on a VM's disk, more on an SD card): touches, frames and socket
/// replies go on while the file is written.
///
/// The loop hands documents over (`save`); the thread writes one at a time with
/// `StateStore.save`. A document handed over while another is being written waits as the
/// pending one, and a later one replaces it: at most one waits, and the saves it replaced are
/// told the outcome of the one that replaced them, which holds their values (a session's
/// accepted values are only ever replaced by newer ones). The end of each write reaches the
/// loop through an eventfd it watches, and each save's `finished` then runs on the loop's
/// thread, in order. Nothing else wakes the loop: an idle panel stays asleep, and the thread
/// sleeps on a condition variable until there is something to write.
///
/// `finish()` (every exit, SIGTERM included) lets the write under way and the pending one end,
/// joins the thread and tells their outcomes; saves asked for after it run on the caller's thread.
final class StateWriter: StateSaving {
    /// Test hook: each write waits this many milliseconds first (at most a minute), a slow
    /// disk without one. Read here only.
    static let delayVariable = "PANEL_TEST_SAVE_DELAY_MS"

    private let loop: EventLoop
    private let mailbox = StateMailbox()
    /// Readable once the thread has ended a write the loop hasn't heard of.
    private let wakeUp: FileDescriptor
    private var watch: EventLoop.Watch?
    private var thread: pthread_t?
    /// The jobs handed over and not heard of yet, oldest first, with who waits for each.
    private var waiting: [(job: UInt64, finished: [(SaveOutcome) -> Void])] = []
    private var nextJob: UInt64 = 1
    /// Saves after `finish()`.
    private let immediate = ImmediateSaver()

    /// Starts the thread; when it can't, says why and returns nil (the panel then saves on its loop).
    static func started(loop: EventLoop, environment: [String: String], log: Log) -> StateWriter? {
        let delay = environment[delayVariable].flatMap { Int($0) }.map { min(max($0, 0), 60_000) } ?? 0
        if delay > 0 { log.warning("\(delayVariable)=\(delay): every save of the state file waits \(delay) ms first (a test hook)") }
        do throws(SystemCallError) {
            return try StateWriter(loop: loop, delayMilliseconds: delay)
        } catch {
            log.warning("state: \(error); saving on the event loop, which waits for each fsync")
            return nil
        }
    }

    private init(loop: EventLoop, delayMilliseconds: Int) throws(SystemCallError) {
        self.loop = loop
        do {
            wakeUp = FileDescriptor(owning: try retryingInterrupts { eventfd(0, CInt(EFD_CLOEXEC) | CInt(EFD_NONBLOCK)) })
        } catch {
            throw SystemCallError("create the state writer's eventfd", error, advice: "raise the process's file limit (LimitNOFILE=)")
        }
        let context = WriterThreadContext(mailbox: mailbox, wakeUp: wakeUp.rawValue, delayMilliseconds: delayMilliseconds)
        thread = try SignalFreeThread.start("the state writer's thread", detached: false) { StateWriter.write(context) }
        do {
            watch = try loop.watch(wakeUp.rawValue) { [unowned self] _ in heard() }
        } catch {
            finish()
            throw error
        }
    }

    deinit {
        // The thread writes to `wakeUp`: it is joined before the descriptor closes.
        finish()
    }

    func save(_ document: StateDocument, to store: StateStore, finished: @escaping (SaveOutcome) -> Void) {
        guard thread != nil else { return immediate.save(document, to: store, finished: finished) }
        let id = nextJob
        nextJob += 1
        var finishing = [finished]
        if let replaced = mailbox.put(SaveJob(id: id, document: document, path: store.path)),
           let index = waiting.firstIndex(where: { $0.job == replaced }) {
            // Never started: its saves wait for this one, which holds their values too.
            finishing = waiting.remove(at: index).finished + finishing
        }
        waiting.append((id, finishing))
    }

    /// Lets the write under way and the pending one end, joins the thread and tells their
    /// outcomes. Later saves run on the caller's thread. Calling it again does nothing.
    func finish() {
        guard let running = thread else { return }
        mailbox.stop()
        pthread_join(running, nil)
        thread = nil
        if let watch { loop.unwatch(watch) }
        watch = nil
        deliver(mailbox.takeResults())
    }

    /// The eventfd is readable: reading it resets its count, then every result waiting is told.
    private func heard() {
        var count: UInt64 = 0
        _ = Glibc.read(wakeUp.rawValue, &count, MemoryLayout<UInt64>.size)
        deliver(mailbox.takeResults())
    }

    private func deliver(_ results: [SaveResult]) {
        let now = loop.clock.now
        for result in results {
            // Writes end in the order they were handed over: this is the first one waiting.
            guard let index = waiting.firstIndex(where: { $0.job == result.id }) else { continue }
            let entry = waiting.remove(at: index)
            let outcome = SaveOutcome(error: result.error, write: result.id, time: now)
            for finished in entry.finished { finished(outcome) }
        }
    }

    // MARK: the thread

    /// The thread's life: each job written, its result posted, the loop woken; until `stop()`.
    private static func write(_ context: WriterThreadContext) {
        while let job = context.mailbox.nextJob() {
            if context.delayMilliseconds > 0 {
                var wait = timespec(tv_sec: context.delayMilliseconds / 1000, tv_nsec: (context.delayMilliseconds % 1000) * 1_000_000)
                var left = timespec()
                while nanosleep(&wait, &left) == -1 && errno == EINTR { wait = left }
            }
            var error: StateStoreError?
            do throws(StateStoreError) {
                try StateStore(path: job.path).save(job.document)
            } catch let failure {
                error = failure
            }
            context.mailbox.finished(SaveResult(id: job.id, error: error))
            var one: UInt64 = 1
            _ = Glibc.write(context.wakeUp, &one, MemoryLayout<UInt64>.size)
        }
    }
}

/// What the writer's thread is started with: all constant, the mailbox its only link to the loop.
private final class WriterThreadContext: Sendable {
    let mailbox: StateMailbox
    /// The loop's eventfd, open until the thread has been joined.
    let wakeUp: CInt
    let delayMilliseconds: Int

    init(mailbox: StateMailbox, wakeUp: CInt, delayMilliseconds: Int) {
        self.mailbox = mailbox
        self.wakeUp = wakeUp
        self.delayMilliseconds = delayMilliseconds
    }
}
