import Glibc

/// Opens and closes the event devices libinput asks for (its `open_restricted` and
/// `close_restricted`). Injected so a logind or seatd opener, which hands out descriptors
/// to unprivileged sessions, can replace direct `open(2)` without touching the rest.
protocol DeviceOpener: AnyObject {
    /// An open descriptor for `path`, or why not. `flags` are libinput's (O_RDWR or O_RDONLY).
    func open(_ path: String, flags: CInt) -> Result<CInt, Errno>
    func close(_ fd: CInt)
}

/// Opens devices with `open(2)`: needs read access to /dev/input/event* (root or the `input` group).
final class DirectDeviceOpener: DeviceOpener {
    func open(_ path: String, flags: CInt) -> Result<CInt, Errno> {
        // Non-blocking: libinput drains each device until EAGAIN. Close-on-exec: actions run
        // as child processes must not inherit input devices.
        Result { () throws(Errno) in try retryingInterrupts { Glibc.open(path, flags | O_CLOEXEC | O_NONBLOCK) } }
    }

    func close(_ fd: CInt) {
        _ = Glibc.close(fd)
    }
}
