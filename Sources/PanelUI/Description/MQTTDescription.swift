/// Key `mqtt`: the broker a panel joins as an MQTT node, and how Home Assistant finds it.
///
///     mqtt:
///       host: 192.0.2.10
///       client_id: hall-panel
///       credentials: /etc/panel/mqtt-password   # or $CREDENTIALS_DIRECTORY/mqtt-password
///       tls: {ca_file: /etc/ssl/certs/broker-ca.pem}
///
/// The password is never written here: it comes from the `credentials` file or from
/// systemd's credential `mqtt-password`.
public struct MQTTDescription: Equatable, Sendable {
    /// A host name or address; under the hardened unit an address (IPAddressAllow= takes only addresses).
    public var host: String
    /// Defaults to 1883, or 8883 with `tls`.
    public var port: Int
    /// nil: the program uses `panel-<hostname>`.
    public var clientID: String?
    /// nil: `panel/<client_id>`.
    public var baseTopic: String?
    public var discovery: Bool
    public var discoveryPrefix: String
    public var protocolVersion: MQTTProtocolVersion
    public var username: String?
    /// The file holding the password (its first line).
    public var credentials: String?
    public var tls: MQTTTLS?

    public init(host: String, port: Int? = nil, clientID: String? = nil, baseTopic: String? = nil, discovery: Bool = true,
                discoveryPrefix: String = "homeassistant", protocolVersion: MQTTProtocolVersion = .v311,
                username: String? = nil, credentials: String? = nil, tls: MQTTTLS? = nil) {
        self.host = host
        self.port = port ?? (tls == nil ? 1883 : 8883)
        self.clientID = clientID
        self.baseTopic = baseTopic
        self.discovery = discovery
        self.discoveryPrefix = discoveryPrefix
        self.protocolVersion = protocolVersion
        self.username = username
        self.credentials = credentials
        self.tls = tls
    }
}

/// Key `protocol`: MQTT 3.1.1 (the default, which every broker speaks) or 5.
public enum MQTTProtocolVersion: String, Sendable, CaseIterable {
    case v311 = "3.1.1"
    case v5 = "5"
}

/// Key `tls`: the broker's CA, and optionally a client certificate with its key.
///
/// Each must be a regular file: the program opens them without waiting (a FIFO or a device is
/// refused, never read), at `panel check`, at start and again on every connection attempt.
public struct MQTTTLS: Sendable {
    public var caFile: String
    public var certFile: String?
    public var keyFile: String?
    /// Where each path was written, by key (`ca_file`, `cert_file`, `key_file`), so a file that
    /// turns out unusable is reported there. Not part of `==`: moving the line changes no setting.
    public var locations: [String: SourceLocation]

    public init(caFile: String, certFile: String? = nil, keyFile: String? = nil, locations: [String: SourceLocation] = [:]) {
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.locations = locations
    }

    /// The files by key, in the order written in `tls:`'s documentation: the CA first.
    public var files: [(key: String, path: String)] {
        [("ca_file", caFile)] + [("cert_file", certFile), ("key_file", keyFile)].compactMap { key, path in path.map { (key, $0) } }
    }
}

extension MQTTTLS: Equatable {
    /// The same files: where they were written does not matter (see `locations`).
    public static func == (a: MQTTTLS, b: MQTTTLS) -> Bool {
        (a.caFile, a.certFile, a.keyFile) == (b.caFile, b.certFile, b.keyFile)
    }
}
