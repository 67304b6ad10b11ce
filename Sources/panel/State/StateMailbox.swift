import Glibc
import PanelUI

/// One document for the writer's thread to save: a value, whole (the thread never sees the
/// session or the store it came from, only the path).
struct SaveJob: Sendable {
    var id: UInt64
    var document: StateDocument
    var path: String
}

/// How the writer's thread's save of job `id` went.
struct SaveResult: Sendable, Equatable {
    var id: UInt64
    var error: StateStoreError?
}

/// What the event loop and the writer's thread share: the job waiting to be written (at most
/// one), the results the loop hasn't taken yet, and whether to stop.
///
/// `@unchecked Sendable` because the compiler can't see the lock: every stored `var` is read
/// and written only with `mutex` held (the condition variable waits on it), and what goes in
/// and out are values (`SaveJob`, `SaveResult`), copied, never shared. The two pointers are
/// set once in `init` and freed in `deinit`, after the thread has been joined.
final class StateMailbox: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: SaveJob?
    private var results: [SaveResult] = []
    private var stopping = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    // MARK: the loop's side

    /// Puts `job` in the pending place; returns the id of the job it replaced there, which
    /// was never started (the one being written, if any, goes on).
    func put(_ job: SaveJob) -> UInt64? {
        locked {
            let replaced = pending?.id
            pending = job
            pthread_cond_signal(condition)
            return replaced
        }
    }

    /// The results since the last call, in the order the jobs were written.
    func takeResults() -> [SaveResult] {
        locked {
            defer { results = [] }
            return results
        }
    }

    /// Tells the thread to end once nothing is pending; what is pending is still written.
    func stop() {
        locked {
            stopping = true
            pthread_cond_signal(condition)
        }
    }

    // MARK: the thread's side

    /// The next job, waiting (asleep, no timer) until there is one; nil once `stop()` was
    /// called and nothing is pending.
    func nextJob() -> SaveJob? {
        locked {
            while pending == nil && !stopping { pthread_cond_wait(condition, mutex) }
            guard let job = pending else { return nil }
            pending = nil
            return job
        }
    }

    func finished(_ result: SaveResult) {
        locked {
            results.append(result)
        }
    }
}
