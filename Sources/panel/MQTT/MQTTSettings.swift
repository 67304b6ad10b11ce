import Glibc
import PanelUI

/// The `mqtt:` description made concrete for one process: the client id filled in, the
/// topics derived, the password read (never logged, never kept in the description).
struct MQTTSettings {
    let host: String
    let port: Int
    let clientID: String
    let protocolVersion: MQTTProtocolVersion
    let username: String?
    let password: String?
    let tls: MQTTTLS?
    let discovery: Bool
    let topics: MQTTTopics

    /// `environment` gives $CREDENTIALS_DIRECTORY; `hostName` the default client id's tail.
    init(_ mqtt: MQTTDescription, environment: [String: String], hostName: String) throws(MQTTError) {
        host = mqtt.host
        port = mqtt.port
        clientID = mqtt.clientID ?? "panel-" + MQTTTopics.discoveryWord(hostName)
        protocolVersion = mqtt.protocolVersion
        username = mqtt.username
        tls = mqtt.tls
        if let tls {
            // Checked here, before the display is touched: the client opens them again for each attempt.
            do throws(MQTTTLSRefusal) { _ = try MQTTTLSFiles(tls) } catch { throw .setup("\(error)") }
        }
        discovery = mqtt.discovery
        topics = MQTTTopics(base: mqtt.baseTopic ?? "panel/\(clientID)", discoveryPrefix: mqtt.discoveryPrefix, clientID: clientID)
        let credential = environment["CREDENTIALS_DIRECTORY"].map { "\($0)/mqtt-password" }
        if let file = mqtt.credentials {
            password = try Self.readPassword(file)
        } else if let credential, access(credential, F_OK) == 0 {
            password = try Self.readPassword(credential)
        } else {
            password = nil
        }
        if password != nil, username == nil {
            throw .setup("a password is given but no 'username'; add username: to 'mqtt:'")
        }
    }

    /// The file's first line. A file others may read is refused: the password would not be
    /// secret (systemd's credentials and a 0600 or 0640 file pass).
    static func readPassword(_ path: String) throws(MQTTError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .setup("cannot read the password file \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & 0o007 == 0 else {
            throw .setup("the password file \(path) can be read by any user (mode \(String(info.st_mode & 0o777, radix: 8))); make it private: chmod 600 \(path)")
        }
        let text: String
        do {
            text = try readFile(path, limits: ReadLimits(maxBytes: 4096))
        } catch {
            throw .setup("cannot read the password file: \(error)")
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !line.isEmpty else { throw .setup("the password file \(path) is empty; write the password on its first line") }
        return line
    }

    /// gethostname(2), for the default client id.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "panel" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "panel" : name
    }
}
