import CLinux
import Glibc
import PanelUI

/// The control socket: accepts clients, reads one JSON request per line, queues one
/// reply line for each (in request order, some held until their `set` is saved), and
/// sends change lines to subscribers, all on the event loop and without blocking.
///
/// No client can hold the loop: each wake-up takes at most `acceptsPerWake` clients and a
/// bounded share of each ready client's requests (see `ControlConnection`), and stops
/// reading requests once `timePerWake` has gone on them, however many clients are ready
/// (the others' bytes wait in their sockets for the next wake-up), so signals, touches and
/// frames come between; a client's replies wait in its queue, and a subscriber that lets
/// change lines pile up is dropped.
final class ControlServer {
    let path: String
    /// Answers one request line from a connection (which a subscribe request marks): the
    /// reply now, or nil when `later` will be called with it.
    var respond: (_ line: [UInt8], _ connection: ControlConnection, _ later: @escaping (JSONValue) -> Void) -> JSONValue? = { _, _, _ in .null }
    /// A reply already serialized (the whole-panel `get`, kept between changes), asked first;
    /// nil hands the line to `respond`.
    var respondSerialized: (_ line: [UInt8]) -> String? = { _ in nil }
    private let listener: FileDescriptor
    private let loop: EventLoop
    private let log: Log
    private var listenerWatch: EventLoop.Watch?
    /// Set while the listener is not watched for lack of descriptors: a timer that tries again.
    private var listenerRetry: EventLoop.Timer?
    private var admission = ClientAdmission()
    private var clients: [Int: ControlConnection] = [:]
    private var nextNumber = 1
    /// The buffer each client's bytes are looked at in, shared: the loop has one thread.
    private var scratch: [UInt8] = []

    static let acceptsPerWake = 64
    /// Time a wake-up may spend reading requests (one request, however costly, is finished).
    static let timePerWake = 0.005
    /// The wake-up (`EventLoop.wakeCount`) whose time is being counted, and when it began here.
    private var countedWake = -1
    private var countedSince = 0.0

    /// Whether this wake-up still has time for requests.
    private var hasTimeLeft: Bool {
        let now = MonotonicClock.monotonicSeconds()
        if loop.wakeCount != countedWake {
            countedWake = loop.wakeCount
            countedSince = now
        }
        return now - countedSince < Self.timePerWake
    }

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

    /// Refuses a Linux abstract socket name ("@name"): it has no file, so no mode keeps other
    /// users out, and any local user could connect to it and change the panel's values. The
    /// socket is a file of mode 0660, panel's user and group (see `UnixSocket.listen`).
    static func refuseAbstract(_ path: String, command: String) throws(UsageError) {
        guard path.hasPrefix("@") else { return }
        throw UsageError(message: "panel \(command): --socket \(path): abstract socket names are refused, since any local user "
            + "could connect to one (file modes don't apply to it); give a file path, like /run/panel/panel.sock, "
            + "whose mode 0660 keeps it to panel's user and group")
    }

    /// Sends `line` to every subscribed client. `key` names what the line tells the newest
    /// of ("changed wifi"): behind a held reply, a newer line of the same key replaces it.
    func broadcast(_ line: String, key: String? = nil) {
        for client in clients.values where client.isSubscribed && !client.peerGone {
            client.enqueue(line, key: key)
            // Only lines it could be sent count as not reading; those behind its held reply don't.
            guard client.backlog <= ControlConnection.maxQueued else {
                log.warning("control socket: client \(client.number) is not reading (over \(ControlConnection.maxQueued / 1024) KiB waiting); dropping it")
                drop(client)
                continue
            }
            guard client.waitingChanges <= ControlConnection.maxWaitingChanges else {
                log.warning("control socket: client \(client.number) has over \(ControlConnection.maxWaitingChanges / 1024 / 1024) MiB of change lines "
                            + "waiting behind a reply not known yet (a set's action or save); dropping it")
                drop(client)
                continue
            }
            guard client.flush() else { drop(client); continue }
            settle(client)
        }
    }

    /// Stops listening and removes the socket file.
    func close() {
        if let listenerWatch { loop.unwatch(listenerWatch) }
        listenerWatch = nil
        loop.cancel(listenerRetry)
        listenerRetry = nil
        for client in Array(clients.values) { drop(client) }
        unlink(path)
    }

    // MARK: clients coming

    private func acceptClients() {
        for _ in 0..<Self.acceptsPerWake {
            // accept4 is out of reach (declared only under _GNU_SOURCE); children are spawned on this
            // thread only, so setting the flags right after accept leaves no window for a spawn to inherit it.
            let fd = accept(listener.rawValue, nil, nil)
            guard fd >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EAGAIN, EWOULDBLOCK: return
                case EMFILE, ENFILE:
                    if admission.refuseWithSpare(listener: listener.rawValue, log: log) { continue }
                    return pauseListener(Errno.current)
                default:
                    return pauseListener(Errno.current)
                }
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            guard admission.admits(fd) else {
                admission.refuse(FileDescriptor(owning: fd), log: log)
                continue
            }
            admission.admitted(log: log)
            let client = ControlConnection(socket: FileDescriptor(owning: fd), number: nextNumber)
            nextNumber += 1
            do throws(SystemCallError) {
                client.watch = try loop.watch(fd) { [unowned self, unowned client] events in serve(client, events) }
                client.watchedEvents = EPOLLIN.rawValue
                clients[client.number] = client
            } catch {
                log.warning("control socket: \(error)")
            }
        }
    }

    /// Stops watching the listener (it would stay readable with nobody able to take its
    /// clients) until a client leaves or a second has passed.
    private func pauseListener(_ error: Errno) {
        guard let watch = listenerWatch else { return }
        log.warning("control socket: cannot accept clients: \(error); trying again when a client leaves or in a second")
        loop.unwatch(watch)
        listenerWatch = nil
        listenerRetry = loop.schedule(at: loop.clock.now + 1) { [unowned self] in resumeListener() }
    }

    private func resumeListener() {
        loop.cancel(listenerRetry)
        listenerRetry = nil
        guard listenerWatch == nil else { return }
        listenerWatch = try? loop.watch(listener.rawValue) { [unowned self] _ in acceptClients() }
        if listenerWatch == nil { listenerRetry = loop.schedule(at: loop.clock.now + 1) { [unowned self] in resumeListener() } }
    }

    // MARK: serving

    private func serve(_ client: ControlConnection, _ events: UInt32) {
        if events & EPOLLERR.rawValue != 0 { return drop(client) }
        if events & EPOLLHUP.rawValue != 0 { client.peerClosed() }
        if events & EPOLLOUT.rawValue != 0, !client.flush() { return drop(client) }
        if events & (EPOLLIN.rawValue | EPOLLHUP.rawValue) != 0, client.wantsRequests, hasTimeLeft {
            guard readRequests(of: client) else { return }
            // Gone: no reply can reach it, so what it left beyond this share isn't worth the work.
            if client.peerGone { return drop(client) }
        }
        settle(client)
    }

    /// This wake-up's share of a client's requests; false when the client was dropped.
    private func readRequests(of client: ControlConnection) -> Bool {
        var handled = 0
        let result = client.readRequests(scratch: &scratch) { line in
            answer(line, from: client)
            handled += 1
            return handled < ControlConnection.requestsPerWake && clients[client.number] === client && client.wantsRequests && hasTimeLeft
        }
        guard clients[client.number] === client else { return false }
        switch result {
        case .more, .ended:
            guard client.flush() else { drop(client); return false }
            return true
        case .lineTooLong:
            client.enqueue(JSONValue.object([("error", .string(
                "request line longer than \(ControlConnection.maxLine) bytes; closing the connection"))]).serialized())
            _ = client.flush()
            drop(client)
            return false
        case .failed:
            drop(client)
            return false
        }
    }

    /// Queues the reply to one request in its place; a reply that comes later fills it.
    private func answer(_ line: [UInt8], from client: ControlConnection) {
        let ticket = client.reserveReply()
        if let text = respondSerialized(line) {
            client.fillReply(ticket, with: text)
            return
        }
        let reply = respond(line, client) { [weak self, weak client] reply in
            guard let self, let client, clients[client.number] === client else { return }
            client.fillReply(ticket, with: reply.serialized())
            guard client.flush() else { return drop(client) }
            settle(client)
        }
        if let reply { client.fillReply(ticket, with: reply.serialized()) }
    }

    /// After anything happened to a client: ends a finished one, else watches for what it needs.
    private func settle(_ client: ControlConnection) {
        guard !client.isFinished else { return drop(client) }
        guard let watch = client.watch else { return }
        // Readable only while its requests are wanted, writable only while output can go:
        // an idle or held client never wakes the loop.
        let events = (client.wantsRequests ? EPOLLIN.rawValue : 0) | (client.canSend ? EPOLLOUT.rawValue : 0)
        guard events != client.watchedEvents else { return }
        do throws(SystemCallError) {
            try loop.change(watch, events: events)
            client.watchedEvents = events
        } catch {
            log.warning("control socket: \(error); dropping client \(client.number)")
            drop(client)
        }
    }

    private func drop(_ client: ControlConnection) {
        guard clients[client.number] === client else { return }
        if let watch = client.watch { loop.unwatch(watch) }
        client.watch = nil
        clients[client.number] = nil
        if listenerWatch == nil, listenerRetry != nil { resumeListener() }
    }
}
