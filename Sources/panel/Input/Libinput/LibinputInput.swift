import CLibinput
import Glibc
import PanelUI

/// Touches from real devices through libinput, in screen pixels (the session applies the
/// panel's rotation). Poll `fd` for reading, then call `drain`; the shape of an input
/// source for the event loop.
final class LibinputInput: InputSource {
    enum Devices: Equatable {
        /// udev backend: the seat's devices now and as they are plugged in.
        case seat(String)
        /// path backend: exactly these event devices.
        case paths([String])
    }

    /// Readable when libinput has something to process.
    let fd: CInt
    private let context: LibinputContext
    private let libinput: LibinputLibrary
    private let devices: Devices
    private let screen: Size
    private let calibration: [Double]?
    /// Where `calibration` comes from, for the log line of each device added.
    private let calibrationOrigin: String
    private let log: Log
    private var translator: TouchTranslator
    /// CLOCK_MONOTONIC microseconds at start, which touch times count from.
    private let origin: UInt64
    /// Names of the devices present, by key, and which of them give touches.
    private var names: [LibinputEvent.DeviceKey: String] = [:]
    private var touchDevices: Set<LibinputEvent.DeviceKey> = []
    private var pointerDevices: Set<LibinputEvent.DeviceKey> = []
    private var lastDispatchError: Errno?
    /// Touches read while taking the devices present at start.
    private var pending: [TouchEvent] = []

    /// - Parameters:
    ///   - screen: the physical screen in pixels, what `…_transformed` coordinates scale to.
    ///   - calibration: the description's matrix, set on every touchscreen as it is added;
    ///     nil leaves libinput's default (udev's LIBINPUT_CALIBRATION_MATRIX, else identity);
    ///     `panel calibrate` sets identity, so udev's matrix can't bias the presses it reads.
    ///   - calibrationOrigin: where that matrix comes from, as the log says it.
    init(_ devices: Devices, screen: Size, calibration: [Double]?, calibrationOrigin: String = "the description",
         opener: any DeviceOpener = DirectDeviceOpener(), log: Log) throws(LibinputError) {
        switch devices {
        case .seat(let seat): context = try LibinputContext(seat: seat, opener: opener, log: log)
        case .paths(let paths): context = try LibinputContext(paths: paths, opener: opener, log: log)
        }
        libinput = context.libinput
        fd = libinput.getFd(context.pointer)
        (self.devices, self.screen, self.calibration, self.calibrationOrigin, self.log) = (devices, screen, calibration, calibrationOrigin, log)
        translator = TouchTranslator(screen: screen)
        origin = Self.monotonicMicroseconds()
        pending = drain(at: 0)
        if touchDevices.isEmpty { log.warning(noTouchscreenMessage) }
    }

    /// Every touch libinput has ready. `now` is the caller's clock; touches carry
    /// libinput's own timestamps (when the kernel saw them), counted from start.
    func drain(at now: Double) -> [TouchEvent] {
        let status = libinput.dispatch(context.pointer)
        if status < 0, lastDispatchError != Errno(-status) {
            lastDispatchError = Errno(-status)
            log.error("libinput: reading devices failed: \(Errno(-status))")
        }
        var batch: [LibinputEvent] = []
        while let event = libinput.getEvent(context.pointer) {
            defer { libinput.eventDestroy(event) }
            switch libinput.eventGetType(event) {
            case LIBINPUT_EVENT_DEVICE_ADDED:
                // Every event has a device; a nil here would be libinput's bug.
                added(libinput.eventGetDevice(event)!)
            case LIBINPUT_EVENT_DEVICE_REMOVED:
                let key = Int(bitPattern: UnsafeRawPointer(libinput.eventGetDevice(event)))
                removed(key)
                let time = LibinputEventReader.since(Self.monotonicMicroseconds(), origin)
                batch.append(.deviceRemoved(device: key, time: time))
            default:
                if let value = LibinputEventReader.read(event, through: libinput, screen: screen, origin: origin) {
                    batch.append(value)
                }
            }
        }
        reportOpenFailures()
        let touches = pending + translator.translate(batch)
        pending = []
        return touches
    }

    /// The names of the touchscreens present (`panel calibrate` matches its udev rule on one).
    var touchscreenNames: [String] { touchDevices.compactMap { names[$0] }.sorted() }

    /// libinput's event time: touch times count from `origin`.
    func kernelMicroseconds(of touch: TouchEvent) -> UInt64? {
        origin + touch.time
    }

    private func added(_ device: OpaquePointer) {
        let key = Int(bitPattern: UnsafeRawPointer(device))
        let name = String(cString: libinput.deviceGetName(device)!)
        names[key] = name
        var capabilities: [String] = []
        for (capability, word) in [(LIBINPUT_DEVICE_CAP_TOUCH, "touch"), (LIBINPUT_DEVICE_CAP_POINTER, "pointer"),
                                   (LIBINPUT_DEVICE_CAP_KEYBOARD, "keyboard"), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, "tablet tool"),
                                   (LIBINPUT_DEVICE_CAP_GESTURE, "gestures"), (LIBINPUT_DEVICE_CAP_SWITCH, "switch")]
        where libinput.deviceHasCapability(device, capability) != 0 {
            capabilities.append(word)
        }
        var use = "not used"
        if libinput.deviceHasCapability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 {
            touchDevices.insert(key)
            use = "touchscreen, " + calibrate(device)
        } else if libinput.deviceHasCapability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 {
            pointerDevices.insert(key)
            use = "pointer: the left button touches (slot \(TouchTranslator.pointerSlot))"
        }
        let node = String(cString: libinput.deviceGetSysname(device)!)
        log.info("input: added '\(name)' (\(node)): \(capabilities.joined(separator: ", ")); \(use)")
    }

    /// Sets the description's matrix; says which calibration the device ends up with.
    private func calibrate(_ device: OpaquePointer) -> String {
        guard libinput.deviceConfigCalibrationHasMatrix(device) != 0 else { return "no calibration support" }
        guard let calibration else {
            var matrix = [Float](repeating: 0, count: 6)
            return libinput.deviceConfigCalibrationGetDefaultMatrix(device, &matrix) != 0
                ? "calibration \(matrix) from udev's LIBINPUT_CALIBRATION_MATRIX" : "uncalibrated"
        }
        // libinput's matrix is float; the description's numbers are rounded to it.
        let matrix = calibration.map { Float($0) }
        guard libinput.deviceConfigCalibrationSetMatrix(device, matrix) == LIBINPUT_CONFIG_STATUS_SUCCESS else {
            log.warning("input: libinput refused the calibration \(calibration) from \(calibrationOrigin) for this device")
            return "uncalibrated"
        }
        return "calibration \(calibration) from \(calibrationOrigin)"
    }

    private func removed(_ key: LibinputEvent.DeviceKey) {
        log.info("input: removed '\(names.removeValue(forKey: key) ?? "?")'")
        if touchDevices.remove(key) != nil, touchDevices.isEmpty { log.warning(noTouchscreenMessage) }
        pointerDevices.remove(key)
    }

    private var noTouchscreenMessage: String {
        let place = switch devices {
        case .seat(let seat): "on \(seat)"
        case .paths(let paths): "among \(paths.joined(separator: ", "))"
        }
        let pointers = pointerDevices.isEmpty ? "" : " (a mouse or touchpad works as one touch meanwhile)"
        return "input: no touchscreen \(place); panel keeps running and uses one as soon as it is plugged in\(pointers)"
    }

    private func reportOpenFailures() {
        for path in context.callbacks.unreported {
            if let errno = context.callbacks.failures[path] { log.warning("input: \(LibinputError.cannotOpen(path, errno))") }
        }
        context.callbacks.unreported = []
    }

    static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }
}
