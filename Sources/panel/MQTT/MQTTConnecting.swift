import CMosquitto
import Glibc

/// libmosquitto's handle lent to a background connect: used by one thread at a time, the
/// loop's again only once that call has ended (its end comes through `BackgroundCall`).
struct LentHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What libmosquitto's connect returned, and errno (or getaddrinfo's code) just after it.
struct ConnectResult: Sendable {
    var code: CInt
    var error: CInt
}

/// Connecting, and what is logged about it: one warning per outage, one per episode of a
/// broker that keeps dropping the connection (an episode starts with a connection closed
/// within `heldLongEnough` of CONNACK and ends once one holds `steadyAfter`).
extension MQTTClient {
    /// Starts the first attempt; the loop carries on from there.
    func start() { attempt() }

    /// Whether `host` is an IPv4 or IPv6 address: connecting to one looks nothing up.
    static func isAddress(_ host: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
    }

    func attempt() {
        retryTimer = nil
        guard !stopped, connecting == nil else { return }
        attempts += 1
        refused = false
        if let tls = settings.tls {
            // Opened again for each attempt (libmosquitto reads them on each): a file swapped
            // for a FIFO since is refused here instead of hanging the connect.
            tlsFiles = nil
            let files: MQTTTLSFiles
            do throws(MQTTTLSRefusal) { files = try MQTTTLSFiles(tls) } catch {
                failed("can't be reached: \(error)", .unreachable)
                return
            }
            let code = library.tlsSet(handle, files.caPath, nil, files.certPath, files.keyPath, nil)
            guard code == MOSQ_ERR_SUCCESS.rawValue else {
                failed("can't be reached: cannot set up TLS with \(tls.caFile): \(library.describe(code))", .unreachable)
                return
            }
            tlsFiles = files
        }
        let (host, port) = (settings.host, CInt(settings.port))
        if Self.isAddress(host) {
            let code = library.connectBindAsync(handle, host, port, Self.keepAlive, nil)
            begun(ConnectResult(code: code, error: errno))
            return
        }
        // getaddrinfo waits for the resolver (seconds, more with a DNS server that doesn't
        // answer), and libmosquitto looks the name up inside its connect: all of it runs on a
        // thread of its own, the handle lent to it until it ends.
        let lent = LentHandle(pointer: handle)
        let library = library
        do throws(SystemCallError) {
            connecting = try BackgroundCall(loop: loop, work: {
                let code = library.connectBindAsync(lent.pointer, host, port, MQTTClient.keepAlive, nil)
                return ConnectResult(code: code, error: errno)
            }, finished: { [unowned self] result in
                connecting = nil
                guard !stopped else { return }
                begun(result)
            })
        } catch {
            failed("can't be reached: \(error)", .unreachable)
        }
    }

    /// libmosquitto's connect has returned: watch the socket, or retry later.
    private func begun(_ result: ConnectResult) {
        guard result.code == MOSQ_ERR_SUCCESS.rawValue else {
            let reason = switch result.code {
            case MOSQ_ERR_ERRNO.rawValue: String(cString: strerror(result.error))
            case MOSQ_ERR_EAI.rawValue: "cannot look up \(settings.host): \(String(cString: gai_strerror(result.error)))"
            default: library.describe(result.code)
            }
            failed(reason, .unreachable)
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

    func connected(code: CInt) {
        guard code == 0 else {
            let reason = library.connackString(code).map { String(cString: $0) } ?? "code \(code)"
            // libmosquitto closes the connection after this; its loss schedules the retry.
            refused = true
            report("refused the connection: \(reason)", .dropped)
            return
        }
        loop.cancel(attemptTimer)
        attemptTimer = nil
        isConnected = true
        connectedAt = loop.clock.now
        if drops == 0 { log.info("mqtt: connected to \(broker) as \(settings.clientID)") }
        reportedDown = false
        heldTimer = loop.schedule(at: connectedAt + Self.heldLongEnough) { [unowned self] in
            heldTimer = nil
            backoff.reset()
            // One drop followed by a connection that holds was a blip, not an episode.
            if drops == 1 { drops = 0 }
        }
        steadyTimer = loop.schedule(at: connectedAt + Self.steadyAfter) { [unowned self] in
            steadyTimer = nil
            steady()
        }
        onConnect()
        pump()
    }

    /// The connection has lasted `steadyAfter`: an episode of drops ends.
    private func steady() {
        guard drops >= 2 else { return }
        let minutes = Int(Self.steadyAfter / 60)
        log.info("mqtt: the connection to \(broker) has held \(minutes) min, after \(drops) that the broker closed sooner")
        drops = 0
    }

    /// A failed attempt or a lost connection: forget the socket, retry later.
    func lost(_ reason: String) {
        noted.removeAll()
        if let watch {
            loop.unwatch(watch.watch)
            self.watch = nil
        }
        let dropped = isConnected && heldTimer != nil
        for timer in [attemptTimer, miscTimer, heldTimer, steadyTimer] { loop.cancel(timer) }
        attemptTimer = nil
        miscTimer = nil
        heldTimer = nil
        steadyTimer = nil
        let wasConnected = isConnected
        isConnected = false
        guard !stopped else { return }
        if dropped || (wasConnected && drops >= 2) {
            // Soon after CONNACK (the backoff goes on), or later in an episode of drops: two
            // clients with one id take it from each other at each retry, one of them after
            // holding it for a while. The first drop is not logged yet: a broker that went
            // away looks the same, and the next attempt tells (`failed` reports it then). The
            // second starts an episode, logged once.
            drops += 1
            if drops == 1 { firstDrop = reason }
            if drops == 2 {
                let after = max(0, loop.clock.now - connectedAt)
                let seconds = after < 10 ? "\((after * 10).rounded() / 10)" : "\(Int(after))"
                log.warning("mqtt: broker \(broker) closed the connection twice within \(Int(Self.heldLongEnough)) s of accepting it "
                    + "(the last after \(seconds) s: \(reason)); another client may be using the client id '\(settings.clientID)' "
                    + "(the broker closes the older of two), or the broker refuses what the panel sends; retrying at 1 s doubling "
                    + "to \(Int(backoff.longest)) s, not logged again until a connection holds \(Int(Self.steadyAfter / 60)) min")
            }
            scheduleRetry(dropped ? .dropped : .unreachable)
            return
        }
        if wasConnected { reportedDown = false }
        failed(reason, refused ? .dropped : .unreachable)
    }

    func failed(_ reason: String, _ failure: ReconnectBackoff.Failure) {
        if drops == 1 {
            // The attempt after a drop failed: the broker went away. An outage, said as one.
            drops = 0
            report(firstDrop, failure)
        }
        report(reason, failure)
        scheduleRetry(failure)
    }

    private func scheduleRetry(_ failure: ReconnectBackoff.Failure) {
        guard retryTimer == nil, !stopped else { return }
        // From the kernel's pool: drand48 unseeded gave every panel the same jitter, so a fleet retried in step.
        let wait = backoff.next(after: failure, random: Double.random(in: 0..<1))
        retryTimer = loop.schedule(at: loop.clock.now + wait) { [unowned self] in attempt() }
    }

    /// Once per outage, and not during an episode of drops (logged when it starts): the panel
    /// goes on without the broker.
    private func report(_ reason: String, _ failure: ReconnectBackoff.Failure) {
        guard !reportedDown, drops < 2 else { return }
        reportedDown = true
        let longest = failure == .unreachable ? backoff.longestUnreachable : backoff.longest
        log.warning("mqtt: broker \(broker) \(reason); the panel works on and retries in the background (1 s doubling to \(Int(longest)) s)")
    }
}
