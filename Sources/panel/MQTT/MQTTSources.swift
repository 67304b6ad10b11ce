import PanelUI

/// Value rows with `source: {mqtt: TOPIC}`: the bridge subscribes to each topic on every
/// connection (and after a reload), and each message on it, retained or live, is shown like a
/// backend's report: its first line, trimmed, without control characters, at most 200
/// characters; an empty message (a cleared retained topic) shows "—". Nothing is saved.
extension MQTTBridge {
    /// The topics of the value rows that show an MQTT topic, once each.
    var sourceTopics: [String] {
        var topics: [String] = []
        for control in keeper.session.model.description.controls {
            if let topic = control.mqttSource?.topic, !topics.contains(topic) { topics.append(topic) }
        }
        return topics
    }

    func subscribeSources() {
        for topic in sourceTopics { client.subscribe(topic) }
    }

    /// Shows `message` on every value row whose source is its topic; false when none is.
    func showSource(_ message: MQTTClient.Message) -> Bool {
        let session = keeper.session
        let rows = session.model.description.controls.indices.filter {
            session.model.description.controls[$0].mqttSource?.topic == message.topic
        }
        guard !rows.isEmpty else { return false }
        guard message.size <= Self.longestPayload else {
            limitedWarning(on: message.topic, "mqtt: the message on \(Self.shown(message.topic.utf8)) is \(message.size) bytes, "
                           + "more than a value row takes (\(Self.longestPayload)); the row keeps what it shows")
            return true
        }
        var line = FirstLineCapture()
        message.payload.withUnsafeBytes { line.take($0) }
        let text = message.payload.isEmpty ? ValueText.unknown : line.text
        for index in rows {
            session.setFailed(false, control: index)
            session.setValue(.text(text), ofControl: index, source: .report, at: now())
        }
        return true
    }
}
