import Glibc
import PanelUI

/// The files of `tls:` opened for one use, each as a regular file: opened non-blocking and
/// checked with fstat, so a FIFO, a device or a folder named there (or swapped in later) is
/// refused at once instead of being waited on. libmosquitto is handed `/proc/self/fd/N` for
/// each, so it reads exactly the file checked here, whatever is at the path by then.
///
/// Opened by `panel check`, at start (before the display is touched) and again before each
/// connection attempt, so a file replaced in place (a renewed certificate) is read as it is now.
final class MQTTTLSFiles {
    private let ca: FileDescriptor
    private let cert: FileDescriptor?
    private let key: FileDescriptor?
    /// The paths libmosquitto opens: this process's descriptors, never the names in the description.
    let caPath: String
    let certPath: String?
    let keyPath: String?

    /// Opens every file of `tls`, or says which one can't be used.
    init(_ tls: MQTTTLS) throws(MQTTTLSRefusal) {
        let ca = try Self.open("ca_file", tls.caFile)
        caPath = Self.procPath(ca.rawValue)
        self.ca = ca
        if let path = tls.certFile {
            let cert = try Self.open("cert_file", path)
            certPath = Self.procPath(cert.rawValue)
            self.cert = consume cert
        } else {
            cert = nil
            certPath = nil
        }
        if let path = tls.keyFile {
            let key = try Self.open("key_file", path)
            keyPath = Self.procPath(key.rawValue)
            self.key = consume key
        } else {
            key = nil
            keyPath = nil
        }
    }

    private static func procPath(_ fd: CInt) -> String { "/proc/self/fd/\(fd)" }

    private static func open(_ key: String, _ path: String) throws(MQTTTLSRefusal) -> FileDescriptor {
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor(opening: path, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        } catch {
            throw MQTTTLSRefusal(key: key, path: path, reason: error.rawValue == ENOENT ? "no such file" : error.description)
        }
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0 else {
            throw MQTTTLSRefusal(key: key, path: path, reason: Errno.current.description)
        }
        if let kind = fileKindName(info.st_mode) {
            throw MQTTTLSRefusal(key: key, path: path, reason: "it is \(kind), not a regular file")
        }
        return descriptor
    }
}

/// A file of `tls:` that can't be used: which key names it, and why.
struct MQTTTLSRefusal: Error, CustomStringConvertible {
    let key: String
    let path: String
    let reason: String

    /// "'ca_file' /etc/panel/ca.pem: it is a FIFO, not a regular file; name the PEM file …".
    var description: String {
        let what = switch key {
        case "ca_file": "the PEM file of the CA that signed the broker's certificate"
        case "cert_file": "the client certificate's PEM file"
        default: "the client key's PEM file"
        }
        return "'\(key)' \(path): \(reason); name \(what)"
    }
}

extension Commands {
    /// `panel check`'s part for `mqtt:`: each file of `tls:` must open as a regular file, as
    /// `panel run` opens it; one that doesn't is reported where the description names it.
    static func checkMQTTFiles(_ description: PanelDescription, file: String) throws(CommandFailure) {
        guard let tls = description.mqtt?.tls else { return }
        do throws(MQTTTLSRefusal) {
            _ = try MQTTTLSFiles(tls)
        } catch {
            let place = tls.locations[error.key].map { "\(file):\($0): " } ?? "\(file): "
            throw CommandFailure(message: place + "mqtt: \(error)", status: ExitStatus.badInput)
        }
    }
}
