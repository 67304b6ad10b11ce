/// A value row's text from an MQTT topic, `source: {mqtt: home/hall/temperature}`: each message
/// on it (retained ones too: a sensor's last reading is what the row should show at once) is
/// shown like a backend's report, its first line trimmed; an empty message shows "—".
public struct MQTTValueSource: Equatable, Sendable {
    /// One exact topic: no `+` or `#` wildcards (a row shows one sensor).
    public var topic: String
    /// Where the `source` mapping starts.
    public var location: SourceLocation

    public init(topic: String, location: SourceLocation) {
        self.topic = topic
        self.location = location
    }

    /// MQTT's limit for a topic's UTF-8 bytes.
    public static let longestTopic = 65_535
}

private struct MQTTSourceDraft {
    var topic: String?
}

private let mqttSourceFields: [Field<MQTTSourceDraft>] = [Field("mqtt", \.topic, .line)]

extension Conversion<MQTTValueSource> {
    /// `source: {mqtt: TOPIC}`: one exact topic (no wildcard level, not empty, not a `$SYS` one).
    static var mqttValueSource: Self {
        Self { (node, key, context) throws(DescriptionError) in
            var draft = MQTTSourceDraft()
            let keys = try decodeMapping(node, what: "'\(key)'", fields: mqttSourceFields, into: &draft, context)
            guard let topic = draft.topic, let topicNode = keys.value("mqtt") else {
                throw context.error(node, "'\(key)' needs a topic, like source: {mqtt: home/hall/temperature}")
            }
            guard !topic.isEmpty, topic.utf8.count <= MQTTValueSource.longestTopic else {
                throw context.error(topicNode, "'mqtt' must name a topic of 1 to \(MQTTValueSource.longestTopic) bytes")
            }
            let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
            guard !levels.contains(where: { $0.contains("+") || $0.contains("#") }) else {
                throw context.error(topicNode, "'mqtt' topic '\(topic)' has a wildcard (+ or #); a value row shows one topic, so name it whole")
            }
            guard !topic.hasPrefix("$") else {
                throw context.error(topicNode, "'mqtt' topic '\(topic)' starts with '$', which brokers keep for themselves ($SYS)")
            }
            return MQTTValueSource(topic: topic, location: node.location)
        }
    }
}

/// Value rows that take their text from MQTT need the description's `mqtt:` broker.
func checkMQTTSources(_ controls: [ControlDescription], hasBroker: Bool, _ context: DecodingContext) {
    guard !hasBroker else { return }
    for control in controls {
        guard let source = control.mqttSource else { continue }
        context.errors.note(context.error(at: source.location,
            "value row '\(control.id)' takes its text from MQTT topic '\(source.topic)', but the description has no 'mqtt:'; "
            + "add the broker, like mqtt: {host: 192.0.2.10}"))
    }
}
let mqttSourceKeys = mqttSourceFields.map(\.key)
