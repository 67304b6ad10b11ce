import Glibc
import PanelUI
import Testing
@testable import panel

/// Reconnecting without a storm: the backoff as a value, two clients that take one client id
/// from each other, a broker that drops the connection right after CONNACK. A connection
/// that does not hold 30 s never starts the backoff over, and an episode of drops is logged
/// once; after a plain outage the panel is back within 10 s of the broker.
struct MQTTReconnectTests {
    let folder = TemporaryFolder()

    // MARK: the backoff as a value

    @Test func unreachableDoublesToTenSecondsDroppedToAMinute() {
        var backoff = ReconnectBackoff()
        #expect((0..<7).map { _ in backoff.next(after: .unreachable, random: 0.999999).rounded() } == [1, 2, 4, 8, 10, 10, 10])
        backoff.reset()
        #expect((0..<8).map { _ in backoff.next(after: .dropped, random: 0.999999).rounded() } == [1, 2, 4, 8, 16, 32, 60, 60])
        backoff.reset()
        #expect(backoff.next(after: .dropped, random: 0) == 0.5, "jittered down to half at most")
        for _ in 1..<7 { _ = backoff.next(after: .dropped, random: 0.5) }
        for _ in 0..<100 {
            let wait = backoff.next(after: .dropped, random: Double.random(in: 0..<1))
            #expect((30...60).contains(wait))
        }
    }

    /// Whatever the jitter, a broker back after an outage of 1 s to 10 min is tried again
    /// within 10 s (Home Assistant's client retries about every 10 s).
    @Test func backWithinTenSecondsOfTheBrokerAfterAnyOutage() {
        var random = SeededBytes(seed: 0x6261636B)
        var worst = 0.0
        for outage in stride(from: 1.0, through: 600, by: 1.0) {
            var backoff = ReconnectBackoff()
            var time = 0.0
            while time < outage { time += backoff.next(after: .unreachable, random: Double(random.next()) / 1_000_003) }
            worst = max(worst, time - outage)
        }
        #expect(worst <= 10, "tried again \(worst) s after the broker came back")
        #expect(worst > 5, "the waits do grow")
    }

    // MARK: clients on a real broker, time on a manual clock

    /// Lines a client logs.
    final class Lines {
        var all: [String] = []
        var log: Log { Log(write: { [unowned self] in all.append($0) }) }
    }

    func client(_ broker: TestBroker, loop: EventLoop, lines: Lines, clientID: String = "hall") throws -> MQTTClient {
        let settings = try MQTTSettings(MQTTDescription(host: "127.0.0.1", port: broker.port, clientID: clientID), environment: [:], hostName: "h")
        let client = try MQTTClient(settings: settings, loop: loop, log: lines.log)
        client.onConnect = { [unowned client] in
            // What a panel publishes on each connection, in short: a discovery config's worth.
            client.publish("homeassistant/switch/\(clientID)/wifi/config", [UInt8](repeating: UInt8(ascii: "x"), count: 300), retain: true)
            client.publish(settings.topics.availability, Array("online".utf8), retain: true)
            client.pump()
        }
        return client
    }

    /// Moves the manual clock on by `seconds` in steps of `step`, handling the sockets' real
    /// traffic after each step until they are quiet for 20 ms.
    func run(_ loop: EventLoop, seconds: Double, step: Double = 0.5) throws {
        for _ in 0..<Int(seconds / step) {
            try loop.advanceTime(by: step)
            var wakes: Int
            repeat {
                wakes = loop.wakeCount
                try loop.runOnce(timeout: 0.02)
            } while loop.wakeCount != wakes
        }
    }

    /// Two clients with one client id: each connection closes the other's. In 5 minutes each
    /// tries at most 15 times (1 s doubling to 60 s), not 300, and logs the episode once
    /// (one of them holds the id 30-60 s at each round, which starts its backoff over but
    /// does not end the episode); when one goes, the other's connection holds 5 minutes and
    /// that is logged once too.
    @Test func twoClientsWithOneClientIDBackOff() throws {
        let broker = try TestBroker(folder: folder)
        let loop = try EventLoop(clock: ManualClock())
        let (linesA, linesB) = (Lines(), Lines())
        let a = try client(broker, loop: loop, lines: linesA)
        let b = try client(broker, loop: loop, lines: linesB)
        a.start()
        b.start()
        try run(loop, seconds: 300)
        #expect(a.attempts + b.attempts <= 30, "\(a.attempts) + \(b.attempts) attempts in 300 s")
        #expect(a.attempts >= 4 && b.attempts >= 4, "each goes on trying: \(a.attempts), \(b.attempts)")
        for lines in [linesA, linesB] {
            #expect(lines.all.count <= 3, "the episode is logged once:\n\(lines.all.joined(separator: "\n"))")
            #expect(lines.all.filter { $0.contains("another client may be using the client id 'hall'") }.count == 1,
                    "\(lines.all.joined(separator: "\n"))")
        }

        b.stop(flushingFor: 0)
        try run(loop, seconds: 400, step: 1)
        #expect(a.isConnected)
        #expect(linesA.all.last?.contains("has held 5 min") == true, "\(linesA.all.joined(separator: "\n"))")
        #expect(a.backoff.failures == 0, "a connection that held starts the backoff over")
        a.stop(flushingFor: 1)
    }

    /// A broker that closes the connection right after CONNACK (the first publish, a config,
    /// is over its max_packet_size; CONNECT is not): the same backoff, the same single warning.
    /// In 300 s: 10 attempts with no jitter (waits 1, 2, 4 … 60 s), 15 with the most.
    @Test func brokerThatDropsRightAfterAccepting() throws {
        let broker = try TestBroker(folder: folder, settings: "allow_anonymous true\nmax_packet_size 150\n")
        let loop = try EventLoop(clock: ManualClock())
        let lines = Lines()
        let client = try client(broker, loop: loop, lines: lines)
        client.start()
        try run(loop, seconds: 300)
        #expect((9...15).contains(client.attempts), "\(client.attempts) attempts in 300 s")
        #expect(lines.all.count == 2, "connected once, one warning:\n\(lines.all.joined(separator: "\n"))")
        #expect(lines.all.last?.contains("closed the connection") == true)
        client.stop(flushingFor: 0)
    }
}
