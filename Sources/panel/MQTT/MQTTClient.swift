import CLinux
import CMosquitto
import Glibc

/// One libmosquitto client driven by the panel's own event loop: its socket is watched for
/// reading, and for writing only while libmosquitto has bytes queued (`mosquitto_want_write`);
/// a timer runs `mosquitto_loop_misc` for keep-alive pings.
///
/// Nothing that can block runs on the loop (where SIGTERM is handled): the TLS files are
/// opened as regular files only (`MQTTTLSFiles`), the TCP connect and the TLS handshake are
/// non-blocking, and a host *name* is looked up, with libmosquitto's whole connect, on a thread
/// of its own (`BackgroundCall`; an address needs no lookup). An attempt that gets nowhere is
/// dropped after `attemptTimeout`, and a lost connection is retried with `ReconnectBackoff`,
/// started over only once a connection has held `heldLongEnough`. The first failure of a run
/// of them is logged, the retries are not; a connection the broker keeps dropping is logged
/// once per episode (MQTTConnecting.swift).
final class MQTTClient {
    /// The largest payload taken: the longest option is 1000 characters (4000 bytes of UTF-8).
    static let longestPayload = 4096
    /// What a warning shows of a payload.
    static let shownBytes = 64

    let settings: MQTTSettings
    let library: MosquittoLibrary
    let loop: EventLoop
    let log: Log
    let handle: OpaquePointer
    var watch: (fd: CInt, watch: EventLoop.Watch, writing: Bool)?
    var miscTimer: EventLoop.Timer?
    var retryTimer: EventLoop.Timer?
    var attemptTimer: EventLoop.Timer?
    /// Pending from CONNACK until the connection has held `heldLongEnough`.
    var heldTimer: EventLoop.Timer?
    /// Pending from CONNACK until the connection has held `steadyAfter`.
    var steadyTimer: EventLoop.Timer?
    var connectedAt = 0.0
    var backoff = ReconnectBackoff()
    var reportedDown = false
    /// Connections dropped before they held, since the last one that did: from the second an
    /// episode, logged when it starts and when it ends, nothing in between.
    var drops = 0
    /// Why the first of them was lost, reported if the next attempt fails (an outage after all).
    var firstDrop = ""
    var stopped = false
    /// The broker answered this attempt's CONNECT with a refusal (a wrong password, say).
    var refused = false
    /// A connect with a name lookup under way on its thread: the handle is its until it ends.
    var connecting: BackgroundCall<ConnectResult>?
    /// The TLS files of the last attempt, open while libmosquitto may read them.
    var tlsFiles: MQTTTLSFiles?
    /// Connection attempts so far (tests count them).
    var attempts = 0
    /// Between CONNACK and the connection's loss.
    var isConnected = false
    /// After CONNACK: subscribe and publish everything.
    var onConnect: () -> Void = {}
    var onMessage: (Message) -> Void = { _ in }

    /// What libmosquitto's callbacks reported during its last call.
    enum Noted {
        case connack(CInt)
        case disconnected(CInt)
        case message(Message)
    }
    var noted: [Noted] = []

    /// Handles what the callbacks noted, outside libmosquitto.
    func handleNoted() {
        while !noted.isEmpty {
            let next = noted.removeFirst()
            switch next {
            case .connack(let code): connected(code: code)
            case .disconnected(let code): lost("disconnected (\(code == 0 ? "asked to" : library.describe(code)))")
            case .message(let message): if isConnected { onMessage(message) }
            }
        }
    }

    static let keepAlive: CInt = 30
    /// libmosquitto pings when the keep-alive has passed since the last packet; checking every
    /// 10 s pings within 40 s, well inside the broker's 1.5 × keep-alive.
    static let miscInterval = 10.0
    static let attemptTimeout = 15.0
    /// A connection lost sooner than this after CONNACK was dropped, not lost: the backoff goes on.
    static let heldLongEnough = 30.0
    /// An episode of drops ends (and is logged again when another starts) once a connection
    /// holds this long: the loser of two clients with one id waits up to 60 s before it takes
    /// the id back, so the winner's connections hold 30-60 s at each round.
    static let steadyAfter = 300.0

    init(settings: MQTTSettings, loop: EventLoop, log: Log) throws(MQTTError) {
        library = try MosquittoLibrary.shared()
        self.settings = settings
        self.loop = loop
        self.log = log
        guard let handle = library.new(settings.clientID, true, nil) else {
            throw .setup("cannot create a client (\(String(cString: strerror(errno))))")
        }
        self.handle = handle
        let version = settings.protocolVersion == .v5 ? 5 : 4  // MQTT_PROTOCOL_V5, MQTT_PROTOCOL_V311
        _ = library.intOption(handle, MOSQ_OPT_PROTOCOL_VERSION, CInt(version))
        _ = library.intOption(handle, MOSQ_OPT_TCP_NODELAY, 1)
        let offline = Array("offline".utf8)
        try check(library.willSet(handle, settings.topics.availability, CInt(offline.count), offline, 1, true), "set the last will")
        if let username = settings.username {
            try check(library.usernamePasswordSet(handle, username, settings.password), "set the user name and password")
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        library.userDataSet(handle, me)
        // libmosquitto holds a lock of its own while a callback runs, and writing from one
        // takes it again (a deadlock): callbacks only note what happened, handled afterwards.
        library.connectCallbackSet(handle) { _, object, code in
            guard let object else { return }
            Unmanaged<MQTTClient>.fromOpaque(object).takeUnretainedValue().noted.append(.connack(code))
        }
        library.disconnectCallbackSet(handle) { _, object, code in
            guard let object else { return }
            Unmanaged<MQTTClient>.fromOpaque(object).takeUnretainedValue().noted.append(.disconnected(code))
        }
        library.messageCallbackSet(handle) { _, object, message in
            guard let object, let message else { return }
            let topic = message.pointee.topic.map { String(cString: $0) } ?? ""
            // The size first: a payload over the limit is never copied whole (libmosquitto holds
            // the packet it read and its own copy of the payload, freed when this returns).
            let size = Int(max(0, message.pointee.payloadlen))
            let kept = size <= MQTTClient.longestPayload ? size : MQTTClient.shownBytes
            let payload = message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: kept)) } ?? []
            Unmanaged<MQTTClient>.fromOpaque(object).takeUnretainedValue()
                .noted.append(.message(Message(topic: topic, payload: payload, size: size, retained: message.pointee.retain)))
        }
    }

    deinit {
        cancelTimers()
        if let watch { loop.unwatch(watch.watch) }
        // A connect still looking a name up holds the handle and reads the TLS files through
        // their descriptors: both are left to it (this happens only as the process ends),
        // never freed or closed under it.
        guard connecting == nil else {
            if let tlsFiles { _ = Unmanaged.passRetained(tlsFiles) }
            return
        }
        library.destroy(handle)
    }

    var broker: String { "\(settings.host):\(settings.port)" }

    private func check(_ code: CInt, _ what: String) throws(MQTTError) {
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return }
        throw .setup("cannot \(what): \(library.describe(code))")
    }

    // MARK: the socket

    func watchSocket() {
        let fd = library.socket(handle)
        guard fd >= 0 else { return }
        if let watch, watch.fd == fd { updateInterest(); return }
        if let watch { loop.unwatch(watch.watch) }
        let writing = library.wantWrite(handle)
        do {
            let token = try loop.watch(fd, events: events(writing: writing)) { [unowned self] events in handle(events) }
            watch = (fd, token, writing)
        } catch {
            log.error("mqtt: \(error)")
            return
        }
        if miscTimer == nil { scheduleMisc() }
    }

    private func events(writing: Bool) -> UInt32 {
        EPOLLIN.rawValue | (writing ? EPOLLOUT.rawValue : 0)
    }

    private func handle(_ events: UInt32) {
        defer { handleNoted() }
        if events & (EPOLLIN.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 {
            guard step(library.loopRead(handle, 1), "read") else { return }
        }
        if events & EPOLLOUT.rawValue != 0 {
            guard step(library.loopWrite(handle, 1), "write") else { return }
        }
        updateInterest()
    }

    /// false when the call lost the connection (libmosquitto has closed the socket).
    func step(_ code: CInt, _ what: String) -> Bool {
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return true }
        if library.socket(handle) >= 0, code == MOSQ_ERR_ERRNO.rawValue, errno == EAGAIN { return true }
        let reason = code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : library.describe(code)
        // A CONNACK that refused says why better than the error that follows it.
        for case .connack(let refusal) in noted where refusal != 0 {
            let why = library.connackString(refusal).map { String(cString: $0) } ?? "code \(refusal)"
            refused = true
            lost("refused the connection: \(why)")
            return false
        }
        if library.socket(handle) < 0 || watch != nil { lost("connection lost (\(what): \(reason))") }
        return false
    }

    /// Watch for writing only while bytes wait: an idle connection wakes nobody.
    func updateInterest() {
        guard var current = watch else { return }
        guard library.socket(handle) == current.fd else { lost("connection closed"); return }
        let writing = library.wantWrite(handle)
        guard writing != current.writing else { return }
        try? loop.change(current.watch, events: events(writing: writing))
        current.writing = writing
        watch = current
    }

    func scheduleMisc() {
        miscTimer = loop.schedule(at: loop.clock.now + Self.miscInterval) { [unowned self] in
            miscTimer = nil
            guard watch != nil else { return }
            _ = step(library.loopMisc(handle), "keep-alive")
            if watch != nil { scheduleMisc(); updateInterest() }
            handleNoted()
        }
    }

    /// After a publish or subscribe: try to write now, watch for writing what remains.
    func pump() {
        guard watch != nil else { return }
        if library.wantWrite(handle) { _ = step(library.loopWrite(handle, 1), "write") }
        updateInterest()
    }

    // MARK: publishing

    /// Sends while connected, or drops: on the next connection the current state goes out
    /// whole, so nothing queued from before is replayed.
    @discardableResult
    func publish(_ topic: String, _ payload: [UInt8], retain: Bool, qos: CInt = 0) -> Bool {
        guard isConnected else { return false }
        let code = payload.withUnsafeBytes { bytes in
            library.publish(handle, nil, topic, CInt(bytes.count), bytes.baseAddress, qos, retain)
        }
        if code != MOSQ_ERR_SUCCESS.rawValue, !Self.isConnectionLoss(code) {
            log.warning("mqtt: cannot publish on \(topic): \(library.describe(code))")
        }
        return code == MOSQ_ERR_SUCCESS.rawValue
    }

    func subscribe(_ topic: String, qos: CInt = 1) {
        guard isConnected else { return }
        let code = library.subscribe(handle, nil, topic, qos)
        if code != MOSQ_ERR_SUCCESS.rawValue, !Self.isConnectionLoss(code) {
            log.warning("mqtt: cannot subscribe to \(topic): \(library.describe(code))")
        }
    }

    /// A publish or subscribe that failed because the connection just went: its loss is logged
    /// once when the socket says so (`updateInterest`), not once for each of the hundreds of
    /// messages a connection starts with.
    static func isConnectionLoss(_ code: CInt) -> Bool {
        [MOSQ_ERR_CONN_LOST.rawValue, MOSQ_ERR_NO_CONN.rawValue, MOSQ_ERR_ERRNO.rawValue].contains(code)
    }

    /// Whether libmosquitto still holds bytes to send.
    var hasPendingWrites: Bool { watch != nil && library.wantWrite(handle) }

    /// Sends `offline`, then DISCONNECT (no last will then), writing for at most `seconds`.
    func stop(flushingFor seconds: Double) {
        stopped = true
        cancelTimers()
        connecting?.abandon()
        if isConnected {
            publish(settings.topics.availability, Array("offline".utf8), retain: true, qos: 0)
            _ = library.disconnect(handle)
            flush(for: seconds)
        }
        isConnected = false
        if let watch { loop.unwatch(watch.watch) }
        watch = nil
    }

    /// Writes what libmosquitto holds, waiting on the socket, for at most `seconds`.
    func flush(for seconds: Double) {
        let deadline = MonotonicClock.monotonicSeconds() + seconds
        while library.wantWrite(handle), library.socket(handle) >= 0 {
            let left = deadline - MonotonicClock.monotonicSeconds()
            guard left > 0 else { return }
            var waiter = pollfd(fd: library.socket(handle), events: Int16(POLLOUT), revents: 0)
            guard poll(&waiter, 1, TimeConversion.pollMilliseconds(left)) > 0 else { return }
            if library.loopWrite(handle, 1) != MOSQ_ERR_SUCCESS.rawValue, errno != EAGAIN { return }
        }
    }

    func cancelTimers() {
        for timer in [miscTimer, retryTimer, attemptTimer, heldTimer, steadyTimer] { loop.cancel(timer) }
        miscTimer = nil
        retryTimer = nil
        attemptTimer = nil
        heldTimer = nil
        steadyTimer = nil
    }
}
