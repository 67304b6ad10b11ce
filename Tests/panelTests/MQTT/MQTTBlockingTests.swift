import CLinux
import Glibc
import PanelUI
import Testing
@testable import panel

/// Nothing the MQTT client waits on may keep SIGTERM from the panel (its signals are blocked
/// for the signalfd, so only the loop hears them): a TLS file that is a FIFO, named or swapped
/// in after start, a broker that accepts TCP and never answers the TLS handshake, a DNS server
/// that never answers. Each panel keeps serving its control socket meanwhile and exits 0 on
/// SIGTERM within 2 s with its state saved.
struct MQTTBlockingTests {
    let folder = TemporaryFolder()

    static let controls = MQTTBrokerAccessTests.controls

    /// A CA file libmosquitto and OpenSSL take.
    func caFile(_ name: String = "ca.pem") throws -> String {
        folder.write(try readFileBytes("/etc/ssl/certs/ca-certificates.crt"), to: name)
    }

    func yaml(_ mqtt: String) -> String { "mqtt: {\(mqtt), client_id: hall}\n" + Self.controls }

    /// A `set` through the socket is answered within 5 s, then SIGTERM ends the panel within 2 s,
    /// the value saved.
    func expectServingThenStops(_ panel: SocketPanel, _ what: Comment) throws {
        let client = try #require(SocketClient(panel.socketPath), "no control socket: \(what)\n\(panel.log)")
        let reply = client.request(#"{"cmd":"set","id":"wifi","value":true}"#, seconds: 5)
        #expect(reply?.contains(#""ok":true"#) == true, "no answer while \(what): \(reply ?? "none")\n\(panel.log)")
        let sent = MonotonicClock.monotonicSeconds()
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 2) == .exited(0), "SIGTERM not heard within 2 s while \(what)\n\(panel.log)")
        #expect(MonotonicClock.monotonicSeconds() - sent < 2)
        let saved = parsedJSON(try? readFile(panel.statePath))
        #expect(saved?["values"]?["wifi"] == .bool(true), "state not saved")
    }

    @Test func checkRefusesEachTLSFileThatIsNotARegularFile() throws {
        let ca = try caFile()
        mkfifo(folder.file("fifo.pem"), 0o600)
        mkdir(folder.file("folder.pem"), 0o700)
        let cases: [(tls: String, key: String, kind: String)] = [
            ("{ca_file: fifo.pem}", "ca_file", "a FIFO"),
            ("{ca_file: \(ca), cert_file: fifo.pem, key_file: \(ca)}", "cert_file", "a FIFO"),
            ("{ca_file: \(ca), cert_file: \(ca), key_file: folder.pem}", "key_file", "a folder"),
        ]
        for (tls, key, kind) in cases {
            let config = folder.write(yaml("host: 127.0.0.1, tls: \(tls)"), to: "panel.yaml")
            let result = CommandRunner.run(["check", "--config", config])
            #expect(result.status == ExitStatus.badInput, "\(tls): \(result.out)")
            #expect(result.err.hasPrefix("\(config):1:"), "the place where '\(key)' is written: \(result.err)")
            #expect(result.err.contains("'\(key)'") && result.err.contains("it is \(kind), not a regular file"), "\(result.err)")
        }
        folder.write(yaml("host: 127.0.0.1, tls: {ca_file: \(ca)}"), to: "panel.yaml")
        #expect(CommandRunner.run(["check", "--config", folder.file("panel.yaml")]).status == 0)
    }

    /// `panel run` refuses the FIFO before it starts, as `check` does, instead of waiting for a writer.
    @Test func runRefusesAFIFOAsCAFileAtOnce() throws {
        mkfifo(folder.file("ca.pem"), 0o600)
        let panel = try SocketPanel(yaml: yaml("host: 127.0.0.1, port: 1, tls: {ca_file: ca.pem}"), in: folder)
        #expect(panel.wait(seconds: 10) == .exited(ExitStatus.badInput), "\(panel.log)")
        #expect(panel.log.contains("'ca_file'") && panel.log.contains("FIFO"), "\(panel.log)")
    }

    /// The CA file replaced by a FIFO while the panel retries a broker (a plain listener drops
    /// each TLS hello, so attempts come every few seconds): the next attempt opens it, refuses
    /// it, and the panel goes on.
    @Test func caFileSwappedForAFIFOAfterStart() throws {
        let broker = try TestBroker(folder: folder)
        _ = try caFile()
        let panel = try SocketPanel(yaml: yaml("host: 127.0.0.1, port: \(broker.port), tls: {ca_file: ca.pem}"), in: folder)
        #expect(panel.waitUntilServing(), "\(panel.log)")
        #expect(waitForLog(panel, "retries in the background"), "\(panel.log)")
        unlink(folder.file("ca.pem"))
        mkfifo(folder.file("ca.pem"), 0o600)
        #expect(Self.waitForOpen(folder.file("ca.pem"), seconds: 20), "no attempt opened the new file:\n\(panel.log)")
        try expectServingThenStops(panel, "the CA file is a FIFO")
    }

    /// A listener that takes connections (the kernel's backlog) and never says a word: the TLS
    /// handshake never completes.
    @Test func brokerThatNeverAnswersTheTLSHandshake() throws {
        let listener = try #require(SilentSocket(type: SOCK_STREAM, address: "127.0.0.1", port: 0))
        _ = try caFile()
        let panel = try SocketPanel(yaml: yaml("host: 127.0.0.1, port: \(listener.port), tls: {ca_file: ca.pem}"), in: folder)
        #expect(listener.waitForTraffic(seconds: 15), "the panel never connected:\n\(panel.log)")
        #expect(panel.waitUntilServing(), "\(panel.log)")
        try expectServingThenStops(panel, "the TLS handshake hangs")
    }

    /// A host name looked up through a DNS server that takes the query and never answers (the
    /// panel in a mount namespace of its own whose resolv.conf names it, 30 s per try).
    @Test func dnsServerThatNeverAnswers() throws {
        let server = "127.\(53 + getpid() % 150).\(getpid() % 251).\(1 + getpid() % 253)"
        let dns = try #require(SilentSocket(type: SOCK_DGRAM, address: server, port: 53), "cannot bind \(server):53")
        let resolv = folder.write("nameserver \(server)\noptions timeout:30 attempts:2\n", to: "resolv.conf")
        let namespace = "exec /usr/bin/unshare -m /bin/sh -c 'mount --bind \"$0\" /etc/resolv.conf && exec \"$@\"' '\(resolv)' \"$0\" \"$@\" 2>\"$PANEL_TEST_LOG\""
        let panel = try SocketPanel(yaml: yaml("host: broker.panel.test, port: 1883"), in: folder, setup: namespace)
        #expect(dns.waitForTraffic(seconds: 15), "no query reached the silent server:\n\(panel.log)")
        #expect(panel.waitUntilServing(), "\(panel.log)")
        try expectServingThenStops(panel, "the name lookup hangs")
    }

    /// A name that does resolve (/etc/hosts) connects as an address does, through the lookup's thread.
    @Test func hostNameConnects() throws {
        let broker = try TestBroker(folder: folder)
        let panel = try SocketPanel(yaml: yaml("host: localhost, port: \(broker.port)"), in: folder)
        #expect(waitForLog(panel, "mqtt: connected to localhost:\(broker.port)"), "\(panel.log)")
        let states = broker.waitForRetained("panel/hall/#") { $0["panel/hall/availability"] == "online" }
        #expect(states["panel/hall/wifi/state"] == "OFF", "\(states)")
        try expectServingThenStops(panel, "connected")
    }

    func waitForLog(_ panel: SocketPanel, _ text: String, seconds: Double = 15) -> Bool {
        let deadline = MonotonicClock.monotonicSeconds() + seconds
        while MonotonicClock.monotonicSeconds() < deadline {
            if panel.log.contains(text) { return true }
            if panel.wait(seconds: 0) != nil { break }
            usleep(20_000)
        }
        return panel.log.contains(text)
    }

    /// Whether something opens `path` within `seconds` (inotify's IN_OPEN, which a FIFO opened
    /// without O_NONBLOCK only reports once a writer comes).
    static func waitForOpen(_ path: String, seconds: Double) -> Bool {
        let fd = inotify_init1(CInt(IN_CLOEXEC))
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard inotify_add_watch(fd, path, UInt32(IN_OPEN)) >= 0 else { return false }
        var waiter = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&waiter, 1, CInt(seconds * 1000)) == 1
    }
}

/// A socket bound on `address` that never answers: a TCP listener that never accepts (the
/// kernel completes each handshake into its backlog) or a UDP socket that never replies.
final class SilentSocket {
    let fd: CInt
    let port: Int

    init?(type: __socket_type, address: String, port: Int) {
        let fd = socket(AF_INET, CInt(type.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var one: CInt = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<CInt>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_addr.s_addr = inet_addr(address)
        socketAddress.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, type != SOCK_STREAM || listen(fd, 16) == 0 else { close(fd); return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: socketAddress.sin_port))
    }

    deinit { close(fd) }

    /// Whether a connection waits in the backlog, or a datagram arrived, within `seconds`.
    func waitForTraffic(seconds: Double) -> Bool {
        var waiter = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&waiter, 1, CInt(seconds * 1000)) == 1
    }
}
