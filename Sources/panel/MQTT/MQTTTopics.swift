import PanelUI

/// The topics of one panel, from its settings: `<base>/availability`, `<base>/<id>/state`,
/// `<base>/<id>/set`, and Home Assistant's `<prefix>/<component>/<node>/<object>/config`.
struct MQTTTopics: Equatable {
    let base: String
    let discoveryPrefix: String
    /// The client id as a discovery node id (letters, digits, `_`, `-`).
    let node: String

    init(base: String, discoveryPrefix: String, clientID: String) {
        self.base = base
        self.discoveryPrefix = discoveryPrefix
        node = Self.discoveryWord(clientID)
    }

    var availability: String { "\(base)/availability" }
    func state(_ id: String) -> String { "\(base)/\(id)/state" }
    func command(_ id: String) -> String { "\(base)/\(id)/set" }
    /// Every command topic, for the one subscription.
    var commands: String { "\(base)/+/set" }
    /// Every discovery config of this panel, for finding ones it no longer has.
    var ownConfigs: String { "\(discoveryPrefix)/+/\(node)/+/config" }
    /// Home Assistant's birth and will messages.
    var homeAssistantStatus: String { "\(discoveryPrefix)/status" }

    func config(component: String, objectID: String) -> String {
        "\(discoveryPrefix)/\(component)/\(node)/\(objectID)/config"
    }

    /// The control id a command topic names, or nil when `topic` is not one.
    func controlID(ofCommand topic: String) -> String? {
        let prefix = base + "/", suffix = "/set"
        guard topic.hasPrefix(prefix), topic.hasSuffix(suffix), topic.utf8.count > prefix.utf8.count + suffix.utf8.count else { return nil }
        let id = String(topic.dropFirst(prefix.count).dropLast(suffix.count))
        return id.contains("/") ? nil : id
    }

    /// Discovery's node and object ids allow letters, digits, `_` and `-`: a `.` of a control
    /// or client id becomes `_` (unique ids keep the id as written).
    static func discoveryWord(_ id: String) -> String {
        String(decoding: id.utf8.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
    }
}
