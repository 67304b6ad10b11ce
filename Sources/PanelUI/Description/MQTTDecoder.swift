/// The `mqtt:` mapping's keys as written.
private struct MQTTDraft {
    var host: String?
    var port: Int?
    var clientID: String?
    var baseTopic: String?
    var discovery = true
    var discoveryPrefix = "homeassistant"
    var protocolVersion = MQTTProtocolVersion.v311
    var username: String?
    var credentials: String?
    var tls: MQTTTLS?
    var password: YAMLNode?
}

private let mqttFields: [Field<MQTTDraft>] = [
    Field("host", \.host, .plain("'KEY'")),
    Field("port", \.port, .int(in: 1...65535)),
    Field("client_id", \.clientID, .clientID),
    Field("base_topic", \.baseTopic, .topic),
    Field("discovery", \.discovery, .bool),
    Field("discovery_prefix", \.discoveryPrefix, .topic),
    Field("protocol", \.protocolVersion, .choice),
    Field("username", \.username, .plain("'KEY'")),
    Field("credentials", \.credentials, .existingFile("credentials")),
    Field("tls", \.tls, .tls),
    // Only to say where a password goes instead.
    Field("password", \.password, .node),
]

private struct TLSDraft {
    var caFile: String?
    var certFile: String?
    var keyFile: String?
}

private let tlsFields: [Field<TLSDraft>] = [
    Field("ca_file", \.caFile, .existingFile("CA certificate")),
    Field("cert_file", \.certFile, .existingFile("client certificate")),
    Field("key_file", \.keyFile, .existingFile("client key")),
]

extension Conversion<MQTTDescription> {
    /// `{host: 192.0.2.10, client_id: hall, tls: {ca_file: ca.pem}}`.
    static var mqtt: Self {
        Self { (node, key, context) throws(DescriptionError) in
            var draft = MQTTDraft()
            let keys = try decodeMapping(node, what: "'\(key)'", fields: mqttFields, into: &draft, context)
            if let password = keys.key("password") {
                throw context.error(password, "'password' can't be written in the description; put it in a file named by 'credentials' (mode 0600) or in systemd's credential mqtt-password (LoadCredential=)")
            }
            guard let host = draft.host, !host.isEmpty else {
                throw context.error(node, "'\(key)' has no 'host'; add the broker's address, like host: 192.0.2.10")
            }
            return MQTTDescription(host: host, port: draft.port, clientID: draft.clientID, baseTopic: draft.baseTopic,
                                   discovery: draft.discovery, discoveryPrefix: draft.discoveryPrefix,
                                   protocolVersion: draft.protocolVersion, username: draft.username,
                                   credentials: draft.credentials, tls: draft.tls)
        }
    }
}

extension Conversion<MQTTTLS> {
    fileprivate static var tls: Self {
        Self { (node, key, context) throws(DescriptionError) in
            var draft = TLSDraft()
            let keys = try decodeMapping(node, what: "'\(key)'", fields: tlsFields, into: &draft, context)
            guard let caFile = draft.caFile else {
                throw context.error(node, "'\(key)' has no 'ca_file'; name the PEM file of the CA that signed the broker's certificate")
            }
            if (draft.certFile == nil) != (draft.keyFile == nil) {
                let given = keys.key("cert_file") ?? keys.key("key_file") ?? node
                throw context.error(given, "'\(key)' needs both 'cert_file' and 'key_file' for a client certificate, or neither")
            }
            var locations: [String: SourceLocation] = [:]
            for key in tlsKeys { if let value = keys.value(key) { locations[key] = value.location } }
            return MQTTTLS(caFile: caFile, certFile: draft.certFile, keyFile: draft.keyFile, locations: locations)
        }
    }
}

extension Conversion<String> {
    /// An MQTT client id: 1 to 64 letters, digits, `_`, `-` and `.`, so it also names
    /// topics and Home Assistant's unique ids as written.
    fileprivate static var clientID: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let text = try string.convert(node, key, context)
            let allowed = text.utf8.allSatisfy { isTopicWordByte($0) }
            guard !text.isEmpty, text.utf8.count <= 64, allowed else {
                throw context.error(node, "'\(key)' must be 1 to 64 letters, digits, '_', '-' or '.', not \(node.shownInMessage)")
            }
            return text
        }
    }

    /// A topic prefix: words of letters, digits, `_`, `-` and `.` between single slashes
    /// (no wildcards, no leading or trailing slash), at most 200 bytes.
    fileprivate static var topic: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let text = try string.convert(node, key, context)
            let words = text.split(separator: "/", omittingEmptySubsequences: false)
            let valid = !text.isEmpty && text.utf8.count <= 200
                && words.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(isTopicWordByte) }
            guard valid else {
                throw context.error(node, "'\(key)' must be topic words of letters, digits, '_', '-' or '.' between single slashes, like panel/hall, not \(node.shownInMessage)")
            }
            return text
        }
    }
}

private func isTopicWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."): true
    default: false
    }
}

/// The keys of `mqtt:` and of its `tls:`, for panel.yml(5) (`DescriptionKeys`).
let mqttKeys = mqttFields.map(\.key)
let tlsKeys = tlsFields.map(\.key)
