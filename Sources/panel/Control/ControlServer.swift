import CLinux
import Glibc
import PanelUI

/// The control socket: accepts clients, reads one JSON request per line, queues one
/// reply line for each, and sends change lines to subscribers, all on the event loop and
/// without blocking (sockets are non-blocking, output waits in each client's bounded queue).
final class ControlServer {
    let path: String
    /// Answers one request line from a connection (which a subscribe request marks).
    var respond: (_ line: [UInt8], _ connection: ControlConnection) -> JSONValue = { _, _ in .null }
    private let listener: FileDescriptor
    private let loop: EventLoop
    private let log: Log
    private var listenerWatch: EventLoop.Watch?
    private var clients: [Int: ControlConnection] = [:]
    private var nextNumber = 1

    /// Listens at `path` with mode 0660.
    init(path: String, loop: EventLoop, log: Log) throws(SystemCallError) {
        self.path = path
        self.loop = loop
        self.log = log
        listener = try UnixSocket.listen(at: path, mode: 0o660)
        listenerWatch = try loop.watch(listener.rawValue) { [unowned self] _ in acceptClients() }
        log.info("control socket: \(path)")
    }

    var clientCount: Int { clients.count }

    /// Sends `line` to every subscribed client.
    func broadcast(_ line: String) {
        for client in clients.values where client.isSubscribed {
            send(line, to: client)
        }
    }

    /// Stops listening and removes the socket file.
    func close() {
        if let listenerWatch { loop.unwatch(listenerWatch) }
        listenerWatch = nil
        for client in Array(clients.values) { drop(client) }
        unlink(path)
    }

    private func acceptClients() {
        while true {
            // accept4 is out of reach (declared only under _GNU_SOURCE); with one thread,
            // setting the flags right after accept leaves no window for a spawn to inherit it.
            let fd = accept(listener.rawValue, nil, nil)
            if fd >= 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            }
            guard fd >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK {
                    log.warning("control socket: cannot accept a client: \(Errno.current)")
                }
                return
            }
            let client = ControlConnection(socket: FileDescriptor(owning: fd), number: nextNumber)
            nextNumber += 1
            do throws(SystemCallError) {
                client.watch = try loop.watch(fd) { [unowned self, unowned client] events in serve(client, events) }
                clients[client.number] = client
            } catch {
                log.warning("control socket: \(error)")
            }
        }
    }

    private func serve(_ client: ControlConnection, _ events: UInt32) {
        if events & EPOLLOUT.rawValue != 0 {
            guard client.flush() else { return drop(client) }
            updateInterest(client)
        }
        guard events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0, clients[client.number] != nil else { return }
        switch client.readLines() {
        case .closed:
            drop(client)
        case .lineTooLong:
            _ = client.enqueue(JSONValue.object([("error", .string("request line longer than \(ControlConnection.maxLine) bytes"))]).serialized())
            _ = client.flush()
            drop(client)
        case .lines(let lines):
            for line in lines where clients[client.number] != nil {
                send(respond(line, client).serialized(), to: client)
            }
        }
    }

    private func send(_ line: String, to client: ControlConnection) {
        guard client.enqueue(line) else {
            log.warning("control socket: client \(client.number) is not reading (over \(ControlConnection.maxQueued / 1024) KiB waiting); dropping it")
            return drop(client)
        }
        guard client.flush() else { return drop(client) }
        updateInterest(client)
    }

    /// Watches for writability only while output waits, so an idle client never wakes the loop.
    private func updateInterest(_ client: ControlConnection) {
        guard let watch = client.watch else { return }
        let events = EPOLLIN.rawValue | (client.hasPendingOutput ? EPOLLOUT.rawValue : 0)
        try? loop.change(watch, events: events)
    }

    private func drop(_ client: ControlConnection) {
        if let watch = client.watch { loop.unwatch(watch) }
        client.watch = nil
        clients[client.number] = nil
    }
}
