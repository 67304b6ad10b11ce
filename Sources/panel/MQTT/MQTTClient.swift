import CLinux
import CMosquitto
import Glibc

/// One libmosquitto client driven by the panel's own event loop (no thread of its own): its
/// socket is watched for reading, and for writing only while libmosquitto has bytes queued
/// (`mosquitto_want_write`); a timer runs `mosquitto_loop_misc` for keep-alive pings.
///
/// Connecting never blocks the loop for long: the TCP connect is non-blocking (an address
/// as `host` needs no name lookup at all), an attempt that gets nowhere is dropped after
/// `attemptTimeout`, and a lost connection is retried with `ReconnectBackoff`. The first
/// failure of a run of them is logged, the retries are not.
final class MQTTClient {
    /// A message on a subscribed topic; `retained` when the broker held it from before.
    struct Message {
        let topic: String
        let payload: [UInt8]
        let retained: Bool
    }

    let settings: MQTTSettings
    private let library: MosquittoLibrary
    private let loop: EventLoop
    private let log: Log
    private let handle: OpaquePointer
    private var watch: (fd: CInt, watch: EventLoop.Watch, writing: Bool)?
    private var miscTimer: EventLoop.Timer?
    private var retryTimer: EventLoop.Timer?
    private var attemptTimer: EventLoop.Timer?
    private var backoff = ReconnectBackoff()
    private var reportedDown = false
    private var stopped = false
    /// Between CONNACK and the connection's loss.
    private(set) var isConnected = false
    /// After CONNACK: subscribe and publish everything.
    var onConnect: () -> Void = {}
    var onMessage: (Message) -> Void = { _ in }

    /// What libmosquitto's callbacks reported during its last call.
    private enum Noted {
        case connack(CInt)
        case disconnected(CInt)
        case message(Message)
    }
    private var noted: [Noted] = []

    /// Handles what the callbacks noted, outside libmosquitto.
    private func handleNoted() {
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
        if let tls = settings.tls {
            try check(library.tlsSet(handle, tls.caFile, nil, tls.certFile, tls.keyFile, nil), "set up TLS with \(tls.caFile)")
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
            let count = Int(max(0, message.pointee.payloadlen))
            let payload = message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
            Unmanaged<MQTTClient>.fromOpaque(object).takeUnretainedValue()
                .noted.append(.message(Message(topic: topic, payload: payload, retained: message.pointee.retain)))
        }
    }

    deinit {
        cancelTimers()
        if let watch { loop.unwatch(watch.watch) }
        library.destroy(handle)
    }

    private var broker: String { "\(settings.host):\(settings.port)" }

    private func check(_ code: CInt, _ what: String) throws(MQTTError) {
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return }
        throw .setup("cannot \(what): \(library.describe(code))")
    }

    // MARK: connecting

    /// Starts the first attempt; the loop carries on from there.
    func start() { attempt() }

    private func attempt() {
        retryTimer = nil
        guard !stopped else { return }
        let code = library.connectBindAsync(handle, settings.host, CInt(settings.port), Self.keepAlive, nil)
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            let reason = code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : library.describe(code)
            failed(reason)
            return
        }
        watchSocket()
        attemptTimer = loop.schedule(at: loop.clock.now + Self.attemptTimeout) { [unowned self] in
            attemptTimer = nil
            guard !isConnected else { return }
            _ = library.disconnect(handle)
            noted.removeAll()
            lost("no answer within \(Int(Self.attemptTimeout)) s")
        }
    }

    private func connected(code: CInt) {
        guard code == 0 else {
            let reason = library.connackString(code).map { String(cString: $0) } ?? "code \(code)"
            // libmosquitto closes the connection after this; its loss schedules the retry.
            report("refused the connection: \(reason)")
            return
        }
        loop.cancel(attemptTimer)
        attemptTimer = nil
        isConnected = true
        backoff.reset()
        log.info("mqtt: connected to \(broker) as \(settings.clientID)")
        reportedDown = false
        onConnect()
        pump()
    }

    /// A failed attempt or a lost connection: forget the socket, retry later.
    private func lost(_ reason: String) {
        noted.removeAll()
        if let watch {
            loop.unwatch(watch.watch)
            self.watch = nil
        }
        loop.cancel(attemptTimer)
        attemptTimer = nil
        loop.cancel(miscTimer)
        miscTimer = nil
        let wasConnected = isConnected
        isConnected = false
        guard !stopped else { return }
        if wasConnected { reportedDown = false }
        failed(reason)
    }

    private func failed(_ reason: String) {
        report(reason)
        guard retryTimer == nil else { return }
        let wait = backoff.next(random: drand48())
        retryTimer = loop.schedule(at: loop.clock.now + wait) { [unowned self] in attempt() }
    }

    /// Once per outage: the panel goes on without the broker.
    private func report(_ reason: String) {
        guard !reportedDown else { return }
        reportedDown = true
        log.warning("mqtt: broker \(broker) \(reason); the panel works on and retries in the background (1 s doubling to 60 s)")
    }

    // MARK: the socket

    private func watchSocket() {
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
    private func step(_ code: CInt, _ what: String) -> Bool {
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return true }
        if library.socket(handle) >= 0, code == MOSQ_ERR_ERRNO.rawValue, errno == EAGAIN { return true }
        let reason = code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : library.describe(code)
        // A CONNACK that refused says why better than the error that follows it.
        for case .connack(let refusal) in noted where refusal != 0 {
            let why = library.connackString(refusal).map { String(cString: $0) } ?? "code \(refusal)"
            lost("refused the connection: \(why)")
            return false
        }
        if library.socket(handle) < 0 || watch != nil { lost("connection lost (\(what): \(reason))") }
        return false
    }

    /// Watch for writing only while bytes wait: an idle connection wakes nobody.
    private func updateInterest() {
        guard var current = watch else { return }
        guard library.socket(handle) == current.fd else { lost("connection closed"); return }
        let writing = library.wantWrite(handle)
        guard writing != current.writing else { return }
        try? loop.change(current.watch, events: events(writing: writing))
        current.writing = writing
        watch = current
    }

    private func scheduleMisc() {
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
        if code != MOSQ_ERR_SUCCESS.rawValue { log.warning("mqtt: cannot publish on \(topic): \(library.describe(code))") }
        return code == MOSQ_ERR_SUCCESS.rawValue
    }

    func subscribe(_ topic: String, qos: CInt = 1) {
        guard isConnected else { return }
        let code = library.subscribe(handle, nil, topic, qos)
        if code != MOSQ_ERR_SUCCESS.rawValue { log.warning("mqtt: cannot subscribe to \(topic): \(library.describe(code))") }
    }

    /// Whether libmosquitto still holds bytes to send.
    var hasPendingWrites: Bool { watch != nil && library.wantWrite(handle) }

    /// Sends `offline`, then DISCONNECT (no last will then), writing for at most `seconds`.
    func stop(flushingFor seconds: Double) {
        stopped = true
        cancelTimers()
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

    private func cancelTimers() {
        loop.cancel(miscTimer)
        loop.cancel(retryTimer)
        loop.cancel(attemptTimer)
        miscTimer = nil
        retryTimer = nil
        attemptTimer = nil
    }
}
