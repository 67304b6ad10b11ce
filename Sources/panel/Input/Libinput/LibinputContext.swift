import CLibinput
import CUdev
import Glibc

/// A udev context this value owns (libinput's udev backend takes its own reference).
final class Udev {
    let pointer: OpaquePointer

    init() throws(LibinputError) {
        guard let pointer = udev_new() else {
            throw LibinputError(description: "cannot create a udev context: \(Errno.current)")
        }
        self.pointer = pointer
    }

    deinit { udev_unref(pointer) }
}

/// A libinput context this value owns, on a seat (udev backend) or on named devices
/// (path backend). Devices are opened through the injected `DeviceOpener`. Creating the
/// first one loads libinput (`LibinputLibrary`); its functions are reached through `libinput`.
final class LibinputContext {
    let pointer: OpaquePointer
    let libinput: LibinputLibrary
    /// Kept for as long as the context: libinput_unref closes devices through it.
    let callbacks: LibinputCallbacks
    private let udev: Udev?

    /// Every device of `seat` that udev has set up, and those added later.
    init(seat: String, opener: any DeviceOpener, log: Log) throws(LibinputError) {
        let libinput = try LibinputLibrary.shared()
        let udev = try Udev()
        let callbacks = LibinputCallbacks(opener: opener, log: log)
        guard let pointer = libinput.udevCreateContext(libinputInterface, callbacks.userData, udev.pointer) else {
            throw LibinputError(description: "cannot create a libinput context (libinput_udev_create_context failed)")
        }
        (self.pointer, self.libinput, self.callbacks, self.udev) = (pointer, libinput, callbacks, udev)
        routeLog()
        // Enumerates the seat's devices now: their DEVICE_ADDED events wait in the queue.
        guard libinput.udevAssignSeat(pointer, seat) == 0 else {
            throw LibinputError(description: "cannot use seat '\(seat)' through udev; is /run/udev there (systemd-udevd running)?")
        }
    }

    /// Only the devices at `paths`; none is added later.
    init(paths: [String], opener: any DeviceOpener, log: Log) throws(LibinputError) {
        let libinput = try LibinputLibrary.shared()
        let callbacks = LibinputCallbacks(opener: opener, log: log)
        guard let pointer = libinput.pathCreateContext(libinputInterface, callbacks.userData) else {
            throw LibinputError(description: "cannot create a libinput context (libinput_path_create_context failed)")
        }
        (self.pointer, self.libinput, self.callbacks, self.udev) = (pointer, libinput, callbacks, nil)
        routeLog()
        for path in paths {
            // libinput only says "Invalid path" for a missing node; the errno says more.
            var info = stat()
            guard stat(path, &info) == 0 else { throw .cannotOpen(path, Errno.current) }
            guard libinput.pathAddDevice(pointer, path) == nil else { continue }
            if let errno = callbacks.failures[path] { throw .cannotOpen(path, errno) }
            throw LibinputError(description: "\(path) is not an input device libinput can use (its message above says why)")
        }
    }

    deinit { _ = libinput.unref(pointer) }

    /// libinput's own messages (errors by default) go to panel's log, one line each.
    private func routeLog() {
        libinput.logSetHandler(pointer, panel_libinput_log_handler())
    }
}

/// A line of libinput's, formatted by CLibinput's log handler: to panel's log, found through
/// the context's user data (a C callback captures nothing).
@_cdecl("panel_libinput_message")
func libinputMessage(_ context: OpaquePointer?, _ message: UnsafePointer<CChar>?) {
    guard let context, let message, let libinput = try? LibinputLibrary.shared(),
          let userData = libinput.getUserData(context) else { return }
    let text = String(cString: message)
    Unmanaged<LibinputCallbacks>.fromOpaque(userData).takeUnretainedValue()
        .log.info("libinput: \(text.hasSuffix("\n") ? String(text.dropLast()) : text)")
}

/// What libinput's C callbacks reach through their user_data pointer.
final class LibinputCallbacks {
    let opener: any DeviceOpener
    let log: Log
    /// Devices that failed to open and why, so the failure can be told with advice.
    var failures: [String: Errno] = [:]
    /// Failures not yet reported.
    var unreported: [String] = []

    init(opener: any DeviceOpener, log: Log) {
        self.opener = opener
        self.log = log
    }

    /// Unretained: the context owns this object and outlives every callback.
    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ userData: UnsafeMutableRawPointer?) -> LibinputCallbacks {
        Unmanaged<LibinputCallbacks>.fromOpaque(userData!).takeUnretainedValue()
    }
}

/// libinput keeps the interface's address, so it lives as long as the program.
nonisolated(unsafe) private let libinputInterface: UnsafeMutablePointer<libinput_interface> = {
    let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
    interface.initialize(to: libinput_interface(
        open_restricted: { path, flags, userData in
            let callbacks = LibinputCallbacks.from(userData)
            let path = String(cString: path!)
            switch callbacks.opener.open(path, flags: flags) {
            case .success(let fd):
                callbacks.failures[path] = nil
                return fd
            case .failure(let errno):
                if callbacks.failures[path] != errno { callbacks.unreported.append(path) }
                callbacks.failures[path] = errno
                return -errno.rawValue  // libinput's contract: a negative errno
            }
        },
        close_restricted: { fd, userData in
            LibinputCallbacks.from(userData).opener.close(fd)
        }))
    return interface
}()
