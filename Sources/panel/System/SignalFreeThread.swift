import Glibc

/// Starts a thread with every signal blocked (a thread inherits the mask it is created with),
/// so SIGTERM, SIGINT and SIGHUP stay for the loop's signalfd whatever the thread does: the
/// state writer's, and a background call's (MQTT's name lookup).
enum SignalFreeThread {
    /// Runs `body` on a new thread: joinable (returned, for pthread_join), or detached (nil is
    /// returned). `what` names the thread in the error when it can't be started.
    @discardableResult
    static func start(_ what: String, detached: Bool, _ body: @escaping () -> Void) throws(SystemCallError) -> pthread_t? {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if detached { pthread_attr_setdetachstate(&attributes, CInt(PTHREAD_CREATE_DETACHED)) }
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(ThreadBody(body))
        let status = pthread_create(&thread, &attributes, { pointer in
            Unmanaged<ThreadBody>.fromOpaque(pointer!).takeRetainedValue().body()
            return nil
        }, retained.toOpaque())
        guard status == 0 else {
            retained.release()
            throw SystemCallError("start \(what)", Errno(status), advice: "raise the service's task limit (TasksMax=)")
        }
        return detached ? nil : thread
    }
}

/// A closure carried to a C thread function through its one pointer.
private final class ThreadBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
