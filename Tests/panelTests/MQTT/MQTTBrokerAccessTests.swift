import Glibc
import PanelUI
import Testing
@testable import panel

/// Brokers that ask for more: a user name and password (from a private file), MQTT 5, TLS.
struct MQTTBrokerAccessTests {
    let folder = TemporaryFolder()

    static let controls = """
    sections:
      - controls:
          - {id: wifi, kind: switch}
    """

    private func start(_ broker: TestBroker, mqtt: String, name: String = "panel") throws -> PanelProcess {
        let config = folder.write("mqtt: {host: 127.0.0.1, port: \(broker.port), client_id: hall, \(mqtt)}\n" + Self.controls, to: "\(name).yaml")
        return try PanelProcess(["run", "--config", config, "--state", folder.file("\(name).json"), "--display", "headless:800x480",
                                 "--input", "none"], log: folder.file("\(name).log"))
    }

    @Test func passwordFromAFileAndMQTT5() throws {
        _ = shell("mosquitto_passwd -b -c '\(folder.file("passwd"))' panel 's3cret w0rd' 2>&1")
        let broker = try TestBroker(folder: folder, settings: "allow_anonymous false\npassword_file \(folder.file("passwd"))\n")
        let good = folder.write("s3cret w0rd\n", to: "good")
        chmod(good, 0o600)
        let bad = folder.write("wrong\n", to: "bad")
        chmod(bad, 0o600)

        let refused = try start(broker, mqtt: "username: panel, credentials: \(bad)", name: "refused")
        #expect(refused.waitForLog("refused the connection"), "\(refused.log)")
        usleep(3_000_000)  // a few retries
        #expect(refused.log.split(separator: "\n").filter { $0.contains("mqtt: broker") }.count == 1, "logged once:\n\(refused.log)")
        #expect(!refused.log.contains("wrong") && !refused.log.contains("s3cret"), "a password in the log")
        refused.signal(SIGTERM)
        #expect(refused.wait(seconds: 10) == .exited(0))

        let panel = try start(broker, mqtt: "username: panel, credentials: \(good), protocol: 5")
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        let auth = "-u panel -P 's3cret w0rd' -V mqttv5"
        _ = shell("mosquitto_pub -p \(broker.port) \(auth) -q 1 -t panel/hall/wifi/set -m ON")
        #expect(panel.waitForLog("wifi = true (mqtt)"), "\(panel.log)")
        let state = shell("mosquitto_sub -p \(broker.port) \(auth) -t panel/hall/wifi/state -C 1 -W 5")
        #expect(state == "ON\n")
        #expect(!panel.log.contains("s3cret"))
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))
    }

    @Test func worldReadablePasswordIsRefusedBeforeStarting() throws {
        let broker = try TestBroker(folder: folder)
        let open = folder.write("s3cret\n", to: "open")
        chmod(open, 0o644)
        let panel = try start(broker, mqtt: "username: panel, credentials: \(open)")
        #expect(panel.wait(seconds: 10) == .exited(ExitStatus.badInput), "\(panel.log)")
        #expect(panel.log.contains("can be read by any user"))
        #expect(!panel.log.contains("s3cret"))
    }

    @Test func tlsWithTheBrokersCA() throws {
        let made = shell("""
            cd '\(folder.path)' && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout ca.key -out ca.pem \
              -days 1 -subj /CN=panel-test-ca 2>&1 && \
            openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1 2>&1 && \
            printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext && \
            openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 1 -extfile san.ext 2>&1 && echo made
            """)
        try #require(made.hasSuffix("made\n"), "\(made)")
        let broker = try TestBroker(folder: folder, settings: "allow_anonymous true\ncafile \(folder.file("ca.pem"))\n"
            + "certfile \(folder.file("server.pem"))\nkeyfile \(folder.file("server.key"))\n")
        let panel = try start(broker, mqtt: "tls: {ca_file: \(folder.file("ca.pem"))}")
        #expect(panel.waitForLog("mqtt: connected"), "\(panel.log)")
        let state = shell("mosquitto_sub -h 127.0.0.1 -p \(broker.port) --cafile '\(folder.file("ca.pem"))' -t panel/hall/wifi/state -C 1 -W 5")
        #expect(state == "OFF\n")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0))

        // Without the CA the broker's certificate is not trusted: no connection, logged once.
        let other = try start(broker, mqtt: "tls: {ca_file: /etc/ssl/certs/ca-certificates.crt}", name: "untrusted")
        #expect(other.waitForLog("retries in the background"), "\(other.log)")
        #expect(!other.log.contains("mqtt: connected"))
        other.signal(SIGTERM)
        #expect(other.wait(seconds: 10) == .exited(0))
    }
}
