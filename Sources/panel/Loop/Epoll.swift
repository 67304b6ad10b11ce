import CLinux
import Glibc

/// An epoll instance: descriptors registered with a token, ready ones returned by `wait`.
/// Level-triggered, so a source that is not drained completely is reported again.
struct Epoll: ~Copyable {
    private let descriptor: FileDescriptor

    init() throws(SystemCallError) {
        do {
            descriptor = FileDescriptor(owning: try retryingInterrupts { epoll_create1(CInt(EPOLL_CLOEXEC)) })
        } catch {
            throw SystemCallError("create the event loop's epoll instance", error, advice: "raise the process's file limit (LimitNOFILE=)")
        }
    }

    func add(_ fd: CInt, events: UInt32, token: UInt64) throws(SystemCallError) {
        try control(EPOLL_CTL_ADD, fd, events: events, token: token, "watch descriptor \(fd)")
    }

    func modify(_ fd: CInt, events: UInt32, token: UInt64) throws(SystemCallError) {
        try control(EPOLL_CTL_MOD, fd, events: events, token: token, "change the events watched on descriptor \(fd)")
    }

    /// Stops watching; a descriptor already closed has left the set by itself.
    func remove(_ fd: CInt) {
        _ = epoll_ctl(descriptor.rawValue, EPOLL_CTL_DEL, fd, nil)
    }

    private func control(_ operation: CInt, _ fd: CInt, events: UInt32, token: UInt64, _ action: String) throws(SystemCallError) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        do {
            _ = try retryingInterrupts { epoll_ctl(descriptor.rawValue, operation, fd, &event) }
        } catch {
            throw SystemCallError(action, error)
        }
    }

    /// Waits up to `milliseconds` (-1: until something is ready); returns (token, events) pairs.
    func wait(milliseconds: CInt, capacity: Int = 32) throws(SystemCallError) -> [(token: UInt64, events: UInt32)] {
        var events = [epoll_event](repeating: epoll_event(), count: capacity)
        let count: CInt
        do {
            count = try retryingInterrupts { epoll_wait(descriptor.rawValue, &events, CInt(capacity), milliseconds) }
        } catch {
            throw SystemCallError("wait for events", error)
        }
        return events.prefix(Int(count)).map { ($0.data.u64, $0.events) }
    }
}
