import CMosquitto
import Glibc

/// libmosquitto, loaded with `dlopen` the first time a description with `mqtt:` starts a
/// client, and never otherwise: linked at start-up it would map libmosquitto, libssl and
/// libcrypto (about 1 MB of resident pages) into every panel process, also those that never
/// talk to a broker (`check`, `ctl`, a panel without `mqtt:`).
///
/// Each function panel calls is one of these values, named after the C function without its
/// `mosquitto_` prefix. Their types come from the header (CMosquitto's shim.h), so they
/// cannot drift from the prototypes; CMosquitto links nothing, so these are the only way in.
final class MosquittoLibrary: Sendable {
    /// Debian's libmosquitto1 package.
    static let soname = "libmosquitto.so.1"

    /// The process's libmosquitto, loaded (and `mosquitto_lib_init` run) on first use; a
    /// failure is kept, since a library missing now is missing a moment later.
    static func shared() throws(MQTTError) -> MosquittoLibrary { try loaded.get() }
    private static let loaded = Result { () throws(MQTTError) in try MosquittoLibrary(file: soname) }

    let libInit: mosquitto_lib_init_function
    let libVersion: mosquitto_lib_version_function
    let new: mosquitto_new_function
    let destroy: mosquitto_destroy_function
    let intOption: mosquitto_int_option_function
    let willSet: mosquitto_will_set_function
    let usernamePasswordSet: mosquitto_username_pw_set_function
    let tlsSet: mosquitto_tls_set_function
    let connectBindAsync: mosquitto_connect_bind_async_function
    let reconnectAsync: mosquitto_reconnect_async_function
    let disconnect: mosquitto_disconnect_function
    let publish: mosquitto_publish_function
    let subscribe: mosquitto_subscribe_function
    let loopRead: mosquitto_loop_read_function
    let loopWrite: mosquitto_loop_write_function
    let loopMisc: mosquitto_loop_misc_function
    let socket: mosquitto_socket_function
    let wantWrite: mosquitto_want_write_function
    let connectCallbackSet: mosquitto_connect_callback_set_function
    let disconnectCallbackSet: mosquitto_disconnect_callback_set_function
    let messageCallbackSet: mosquitto_message_callback_set_function
    let userDataSet: mosquitto_user_data_set_function
    let strerror: mosquitto_strerror_function
    let connackString: mosquitto_connack_string_function

    /// Loads `file` and resolves every function above (RTLD_NOW: a broken install fails here
    /// with dlerror's reason). Never closed: the values point into it.
    init(file: String) throws(MQTTError) {
        let library: SharedLibrary
        do throws(SharedLibrary.Failure) { library = try SharedLibrary(file) } catch { throw MQTTError(error, file: file) }
        func resolve<Function>(_ name: String) throws(MQTTError) -> Function {
            do throws(SharedLibrary.Failure) { return try library.function(name) } catch { throw MQTTError(error, file: file) }
        }
        libInit = try resolve("mosquitto_lib_init")
        libVersion = try resolve("mosquitto_lib_version")
        new = try resolve("mosquitto_new")
        destroy = try resolve("mosquitto_destroy")
        intOption = try resolve("mosquitto_int_option")
        willSet = try resolve("mosquitto_will_set")
        usernamePasswordSet = try resolve("mosquitto_username_pw_set")
        tlsSet = try resolve("mosquitto_tls_set")
        connectBindAsync = try resolve("mosquitto_connect_bind_async")
        reconnectAsync = try resolve("mosquitto_reconnect_async")
        disconnect = try resolve("mosquitto_disconnect")
        publish = try resolve("mosquitto_publish")
        subscribe = try resolve("mosquitto_subscribe")
        loopRead = try resolve("mosquitto_loop_read")
        loopWrite = try resolve("mosquitto_loop_write")
        loopMisc = try resolve("mosquitto_loop_misc")
        socket = try resolve("mosquitto_socket")
        wantWrite = try resolve("mosquitto_want_write")
        connectCallbackSet = try resolve("mosquitto_connect_callback_set")
        disconnectCallbackSet = try resolve("mosquitto_disconnect_callback_set")
        messageCallbackSet = try resolve("mosquitto_message_callback_set")
        userDataSet = try resolve("mosquitto_user_data_set")
        strerror = try resolve("mosquitto_strerror")
        connackString = try resolve("mosquitto_connack_string")
        _ = libInit()
    }

    /// mosquitto_strerror's sentence for a MOSQ_ERR_* code.
    func describe(_ code: CInt) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

}

/// What stops the MQTT client from starting; once started it never stops the panel.
enum MQTTError: Error, CustomStringConvertible {
    case cannotLoad(String, reason: String)
    case missingFunction(String, in: String, reason: String)
    case setup(String)

    var description: String {
        switch self {
        case .cannotLoad(let file, let reason):
            "mqtt: cannot load \(file) (\(reason)); install Debian's libmosquitto1 or remove 'mqtt:' from the description"
        case .missingFunction(let name, let file, let reason):
            "mqtt: \(file) has no \(name) (\(reason)); it needs libmosquitto 2.0 or later"
        case .setup(let message):
            "mqtt: \(message)"
        }
    }
}

extension MQTTError {
    /// The loader's failure, said for this library's file.
    init(_ failure: SharedLibrary.Failure, file: String) {
        switch failure {
        case .cannotLoad(let reason): self = .cannotLoad(file, reason: reason)
        case .missingFunction(let name, let reason): self = .missingFunction(name, in: file, reason: reason)
        }
    }
}
