import Glibc
import PanelUI

/// How `panel run` starts and ends the MQTT node.
extension MQTTSettings {
    /// The settings, or the reason they can't be used as a failure of the command (before the
    /// display is touched): a password file others can read, a password without a user.
    static func checked(_ mqtt: MQTTDescription, environment: [String: String]) throws(CommandFailure) -> MQTTSettings {
        do {
            return try MQTTSettings(mqtt, environment: environment, hostName: hostName())
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.badInput)
        }
    }
}

extension MQTTBridge {
    /// Loads libmosquitto (the first time anything does) and starts connecting on `loop`.
    static func started(_ settings: MQTTSettings, loop: EventLoop, keeper: ValueKeeper, log: Log,
                        now: @escaping () -> Double) throws(CommandFailure) -> MQTTBridge {
        let client: MQTTClient
        do {
            client = try MQTTClient(settings: settings, loop: loop, log: log)
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.failure)
        }
        let bridge = MQTTBridge(client: client, keeper: keeper, log: log, now: now)
        log.info("mqtt: connecting to \(settings.host):\(settings.port) as \(settings.clientID), topics under \(settings.topics.base)")
        client.start()
        return bridge
    }

    /// A run that does not hold (a replay, a screenshot): connect, publish the states the
    /// run ended with, and go, waiting at most `MQTTBridge.exitWait` seconds for the broker.
    func publishBeforeExit(loop: EventLoop, log: Log) throws(SystemCallError) {
        var timedOut = false
        let timer = loop.schedule(at: loop.clock.now + Self.exitWait) { timedOut = true }
        defer { loop.cancel(timer) }
        try loop.run(until: { (client.isConnected && !client.hasPendingWrites) || timedOut || SignalFD.isTerminationPending })
        if !client.isConnected {
            log.warning("mqtt: no connection to \(client.settings.host):\(client.settings.port) within \(Int(Self.exitWait)) s; the states this run ended with were not published")
        }
    }

    /// Sends `offline` and disconnects, waiting at most 2 s for the bytes to leave.
    func finish(log: Log) {
        client.stop(flushingFor: 2)
    }

    static let exitWait = 5.0
}
