import PanelUI

/// The panel as an MQTT node: every change of a control (touch, socket, command, revert) is
/// published retained on `<base>/<id>/state`; commands on `<base>/<id>/set` take the socket's
/// path (`setValue`, animated, the action run, a failure's revert published); on each
/// connection, and whenever Home Assistant says it is `online`, discovery and every current
/// state are published whole, so nothing queued while the broker was away is replayed.
///
/// Every message that is not a fitting command changes nothing and gets one warning, as
/// `WarningLimiter` allows: the first on a topic, then one summary per topic and minute.
final class MQTTBridge {
    let client: MQTTClient
    let keeper: ValueKeeper
    let log: Log
    let now: () -> Double
    /// The config topics published on this connection, to empty those a reload removes.
    private var configTopics: Set<String> = []
    /// The `mqtt:` the client was made from: a reload that changes it is told to restart.
    private var startedWith: MQTTDescription?

    /// The largest payload taken (`MQTTClient` copies no more of one).
    static let longestPayload = MQTTClient.longestPayload
    /// Warnings about received messages, rate-limited per topic.
    private var limiter = WarningLimiter()
    private var summaryTimer: EventLoop.Timer?

    init(client: MQTTClient, keeper: ValueKeeper, log: Log, now: @escaping () -> Double) {
        self.client = client
        self.keeper = keeper
        self.log = log
        self.now = now
        startedWith = keeper.session.model.description.mqtt
        client.onConnect = { [unowned self] in connected() }
        client.onMessage = { [unowned self] in received($0) }
        keeper.observers.append { [unowned self] change, _ in publishState(ofControl: change.controlIndex) }
        keeper.reloadObservers.append { [unowned self] in reloaded() }
    }

    private var topics: MQTTTopics { client.settings.topics }
    private var session: PanelSession { keeper.session }

    private func connected() {
        client.subscribe(topics.commands)
        subscribeSources()
        if client.settings.discovery {
            client.subscribe(topics.homeAssistantStatus)
            client.subscribe(topics.ownConfigs)
            publishDiscovery()
        }
        publishAllStates()
        client.publish(topics.availability, Array("online".utf8), retain: true, qos: 1)
    }

    private func reloaded() {
        if session.model.description.mqtt != startedWith {
            log.warning("mqtt: the reloaded description changes 'mqtt:'; it takes effect when the panel restarts")
            startedWith = session.model.description.mqtt
        }
        guard client.isConnected else { return }
        subscribeSources()
        if client.settings.discovery { publishDiscovery() }
        publishAllStates()
        client.pump()
    }

    // MARK: out

    private func publishDiscovery() {
        let configs = MQTTDiscovery.configs(for: session.model.description, clientID: client.settings.clientID, topics: topics)
        let current = Set(configs.map(\.topic))
        for gone in configTopics.subtracting(current).sorted() {
            client.publish(gone, [], retain: true)
        }
        for config in configs { client.publish(config.topic, config.payload, retain: true) }
        configTopics = current
    }

    private func publishAllStates() {
        for index in session.model.description.controls.indices { publishState(ofControl: index) }
    }

    private func publishState(ofControl index: Int) {
        let control = session.model.description.controls[index]
        guard let kind = MQTTKind.of(control), kind.hasState else { return }
        let payload = kind.statePayload(session.model.values[index], control)
        client.publish(topics.state(control.id), payload, retain: true)
        client.pump()
    }

    // MARK: in

    private func received(_ message: MQTTClient.Message) {
        if message.topic == topics.homeAssistantStatus {
            switch message.isWhole ? message.payload : [] {
            case Array("online".utf8):
                publishDiscovery()
                publishAllStates()
            case Array("offline".utf8): break
            default: warn("Home Assistant's status", message, "expected online or offline")
            }
        } else if showSource(message) {
            // A value row's `source: {mqtt: TOPIC}`.
        } else if let id = topics.controlID(ofCommand: message.topic) {
            command(id, message)
        } else if isOwnConfig(message.topic) {
            staleConfig(message)
        } else {
            warn("a topic panel did not subscribe to", message, "ignored")
        }
        client.pump()
    }

    private func isOwnConfig(_ topic: String) -> Bool {
        let words = topic.split(separator: "/", omittingEmptySubsequences: false)
        let prefix = topics.discoveryPrefix.split(separator: "/", omittingEmptySubsequences: false)
        return words.count == prefix.count + 4 && Array(words.prefix(prefix.count)) == prefix
            && words[prefix.count + 1] == Substring(topics.node) && words.last == "config"
    }

    /// A retained config under this panel's node that names no control of it now (one
    /// removed from the description, or junk): emptied, so Home Assistant drops the entity.
    private func staleConfig(_ message: MQTTClient.Message) {
        guard message.size > 0, !configTopics.contains(message.topic) else { return }
        limitedWarning(on: message.topic, "mqtt: removing the discovery config on \(Self.shown(message.topic.utf8)): no control of this panel has it")
        client.publish(message.topic, [], retain: true)
    }

    private func command(_ id: String, _ message: MQTTClient.Message) {
        let named = Self.shown(id.utf8, quote: "'")
        guard !message.retained else {
            warn("command for \(named)", message, "ignored because it is retained (replayed on every reconnection it would flip the control); clear it with mosquitto_pub -r -n -t \(Self.shown(message.topic.utf8, quote: "'"))")
            return
        }
        guard message.size <= Self.longestPayload else {
            warn("command for \(named)", message, "refused: \(message.size) bytes, at most \(Self.longestPayload)")
            return
        }
        guard let index = session.controlIndex(of: id) else {
            let ids = session.model.description.controls.lazy.map(\.id)
            warn("command", message, "refused: no control \(named)\(CloseNames.suggestion(for: id, in: ids))")
            return
        }
        let control = session.model.description.controls[index]
        guard control.enabled else {
            warn("command for \(named)", message, "refused: \(named) is disabled")
            return
        }
        guard let kind = MQTTKind.of(control) else {
            warn("command for \(named)", message, "refused: \(named) is a \(control.kind.rawValue) and takes no commands")
            return
        }
        guard let value = kind.command(message.payload, control) else {
            warn("command for \(named)", message, "refused: use \(kind.expected(control))")
            return
        }
        if control.kind.presses {
            keeper.press(index, source: .mqtt, at: now()) { _ in }
        } else if session.model.values[index] == value {
            publishState(ofControl: index)  // already so: the answer is the state as it is
        } else {
            session.setValue(value, ofControl: index, source: .mqtt, at: now())
        }
    }

    private func warn(_ what: String, _ message: MQTTClient.Message, _ outcome: String) {
        limitedWarning(on: message.topic,
                       "mqtt: \(what) on \(Self.shown(message.topic.utf8)) with payload \(Self.shown(message.payload, size: message.size)) \(outcome)")
    }

    /// Logs `text` if `WarningLimiter` lets a warning about `topic` through now; otherwise
    /// counts it for the summary logged when its window ends.
    func limitedWarning(on topic: String, _ text: @autoclosure () -> String) {
        let now = client.loop.clock.now
        logSummaries(at: now)
        if limiter.admit(topic, at: now) { log.warning(text()) }
        scheduleSummaries()
    }

    private func logSummaries(at now: Double) {
        for summary in limiter.closeWindows(at: now) {
            let on = switch summary.key {
            case .topic(let topic): "on \(Self.shown(topic.utf8))"
            case .otherTopics: "on other topics (only \(limiter.topicsKept) topics are named a minute)"
            }
            let count = summary.suppressed == 1 ? "1 more warning" : "\(summary.suppressed) more warnings"
            log.warning("mqtt: \(count) \(on) in the last \(Int(limiter.window)) s, not logged")
        }
    }

    private func scheduleSummaries() {
        client.loop.cancel(summaryTimer)
        summaryTimer = limiter.nextSummary.map { due in
            client.loop.schedule(at: due) { [unowned self] in
                summaryTimer = nil
                logSummaries(at: client.loop.clock.now)
                scheduleSummaries()
            }
        }
    }

    /// Bytes as a log shows them: quoted, at most `MQTTClient.shownBytes`, bytes outside printable
    /// ASCII as \xHH; when there were more (`size`, or the bytes given), their count follows.
    static func shown(_ bytes: some Collection<UInt8>, size: Int? = nil, quote: Character = "\"") -> String {
        var text = String(quote)
        for byte in bytes.prefix(MQTTClient.shownBytes) {
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), Character(Unicode.Scalar(byte)) != quote {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        let total = size ?? bytes.count
        return text + String(quote) + (total > MQTTClient.shownBytes ? " (\(total) bytes)" : "")
    }
}
