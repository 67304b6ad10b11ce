import PanelUI

/// Home Assistant's MQTT discovery for one panel: one device (the panel) with one entity per
/// control, each config published retained on `<prefix>/<component>/<node>/<object>/config`.
enum MQTTDiscovery {
    /// panel has no release numbering yet; this names the MQTT interface's revision.
    static let softwareVersion = "0.1"

    struct Config: Equatable {
        let topic: String
        let payload: [UInt8]
    }

    /// One config per control, in description order. Unique ids are `panel-<client id>-<control
    /// id>`, stable across restarts and reloads; two ids that only differ by `.` and `_` get
    /// distinct object ids through a numeric suffix.
    static func configs(for description: PanelDescription, clientID: String, topics: MQTTTopics) -> [Config] {
        let device: JSONValue = .object([
            ("identifiers", .array([.string("panel-\(clientID)")])),
            ("name", .string(description.title ?? clientID)),
            ("model", .string("panel touch panel")),
            ("manufacturer", .string("panel")),
            ("sw_version", .string(softwareVersion)),
        ])
        let origin: JSONValue = .object([("name", .string("panel")), ("sw", .string(softwareVersion))])
        var usedObjectIDs: Set<String> = []
        return description.controls.compactMap { control in
            guard let kind = MQTTKind.of(control) else { return nil }
            var objectID = MQTTTopics.discoveryWord(control.id)
            var suffix = 2
            while !usedObjectIDs.insert("\(kind.component)/\(objectID)").inserted {
                objectID = MQTTTopics.discoveryWord(control.id) + "_\(suffix)"
                suffix += 1
            }
            var keys: [(key: String, value: JSONValue)] = [
                ("name", .string(control.label)),
                ("unique_id", .string("panel-\(clientID)-\(control.id)")),
                ("object_id", .string("\(topics.node)_\(objectID)")),
                ("availability_topic", .string(topics.availability)),
                ("payload_available", .string("online")),
                ("payload_not_available", .string("offline")),
            ]
            if kind.hasState { keys.insert(("state_topic", .string(topics.state(control.id))), at: 3) }
            if kind.commandable {
                keys.insert(("command_topic", .string(topics.command(control.id))), at: kind.hasState ? 4 : 3)
                keys.append(("retain", .bool(false)))
            }
            keys += kind.discoveryKeys(control)
            keys += [("device", device), ("origin", origin)]
            return Config(topic: topics.config(component: kind.component, objectID: objectID),
                          payload: Array(JSONValue.object(keys).serialized().utf8))
        }
    }
}
