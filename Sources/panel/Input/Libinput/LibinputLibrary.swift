import CLibinput
import Glibc

/// libinput, loaded with `dlopen` when the first libinput context is created and never
/// otherwise. Linked at start-up it would bring libwacom, libgudev, glib, gobject, pcre2,
/// libffi, libevdev and mtdev with it: about 1.3 MB of resident pages in every panel
/// process, also those that never read a device (`--input none`, replays, `check`, `ctl`).
///
/// Each libinput function panel calls is one of these values, named after the C function
/// without its `libinput_` prefix (`eventGetType` is `libinput_event_get_type`). Their types
/// come from the header's declarations (CLibinput's shim.h), so they cannot drift from
/// the prototypes; CLibinput links nothing, so these values are the only way to call libinput.
final class LibinputLibrary: Sendable {
    /// The library's soname since libinput 1.0; Debian's package for it is libinput10.
    static let soname = "libinput.so.10"

    /// The process's libinput, loaded the first time it is asked for. A failure is kept
    /// too: a library missing at start-up is still missing a moment later.
    static func shared() throws(LibinputError) -> LibinputLibrary { try loaded.get() }
    private static let loaded = Result { () throws(LibinputError) in try LibinputLibrary(file: soname) }

    // Contexts.
    let udevCreateContext: libinput_udev_create_context_function
    let udevAssignSeat: libinput_udev_assign_seat_function
    let pathCreateContext: libinput_path_create_context_function
    let pathAddDevice: libinput_path_add_device_function
    /// libinput_log_set_handler, its handler passed as an address (CLibinput's
    /// `panel_libinput_log_handler`): no Swift type here mentions va_list, which Swift 6.3
    /// cannot read back from a module it built (tests do) and which crashes its compiler for
    /// aarch64. A C function pointer and a data pointer are alike on Linux.
    let logSetHandler: @convention(c) (OpaquePointer?, UnsafeRawPointer?) -> Void
    let getUserData: libinput_get_user_data_function
    let getFd: libinput_get_fd_function
    let dispatch: libinput_dispatch_function
    let getEvent: libinput_get_event_function
    let unref: libinput_unref_function

    // Events.
    let eventGetType: libinput_event_get_type_function
    let eventGetDevice: libinput_event_get_device_function
    let eventDestroy: libinput_event_destroy_function
    let eventGetTouchEvent: libinput_event_get_touch_event_function
    let eventTouchGetTimeUsec: libinput_event_touch_get_time_usec_function
    let eventTouchGetSeatSlot: libinput_event_touch_get_seat_slot_function
    let eventTouchGetXTransformed: libinput_event_touch_get_x_transformed_function
    let eventTouchGetYTransformed: libinput_event_touch_get_y_transformed_function
    let eventGetPointerEvent: libinput_event_get_pointer_event_function
    let eventPointerGetTimeUsec: libinput_event_pointer_get_time_usec_function
    let eventPointerGetDx: libinput_event_pointer_get_dx_function
    let eventPointerGetDy: libinput_event_pointer_get_dy_function
    let eventPointerGetAbsoluteXTransformed: libinput_event_pointer_get_absolute_x_transformed_function
    let eventPointerGetAbsoluteYTransformed: libinput_event_pointer_get_absolute_y_transformed_function
    let eventPointerGetButton: libinput_event_pointer_get_button_function
    let eventPointerGetButtonState: libinput_event_pointer_get_button_state_function

    // Devices.
    let deviceGetName: libinput_device_get_name_function
    let deviceGetSysname: libinput_device_get_sysname_function
    let deviceHasCapability: libinput_device_has_capability_function
    let deviceConfigCalibrationHasMatrix: libinput_device_config_calibration_has_matrix_function
    let deviceConfigCalibrationGetDefaultMatrix: libinput_device_config_calibration_get_default_matrix_function
    let deviceConfigCalibrationSetMatrix: libinput_device_config_calibration_set_matrix_function

    /// Loads `file` (a soname, or a path) and resolves every function above. Only tests
    /// name another file; the program uses `shared()`.
    ///
    /// RTLD_NOW: libinput's own references into its libraries are bound now, so a broken
    /// install fails here with dlerror's reason, not at some later call. RTLD_LOCAL: libinput's
    /// symbols are not offered to libraries loaded later.
    /// The library is never closed: the values above point into it, and glib, which it
    /// pulls in, cannot be unloaded anyway.
    init(file: String) throws(LibinputError) {
        let library: SharedLibrary
        do throws(SharedLibrary.Failure) { library = try SharedLibrary(file) } catch { throw LibinputError(error, file: file) }
        func resolve<Function>(_ name: String) throws(LibinputError) -> Function {
            do throws(SharedLibrary.Failure) { return try library.function(name) } catch { throw LibinputError(error, file: file) }
        }
        udevCreateContext = try resolve("libinput_udev_create_context")
        udevAssignSeat = try resolve("libinput_udev_assign_seat")
        pathCreateContext = try resolve("libinput_path_create_context")
        pathAddDevice = try resolve("libinput_path_add_device")
        logSetHandler = try resolve("libinput_log_set_handler")
        getUserData = try resolve("libinput_get_user_data")
        getFd = try resolve("libinput_get_fd")
        dispatch = try resolve("libinput_dispatch")
        getEvent = try resolve("libinput_get_event")
        unref = try resolve("libinput_unref")
        eventGetType = try resolve("libinput_event_get_type")
        eventGetDevice = try resolve("libinput_event_get_device")
        eventDestroy = try resolve("libinput_event_destroy")
        eventGetTouchEvent = try resolve("libinput_event_get_touch_event")
        eventTouchGetTimeUsec = try resolve("libinput_event_touch_get_time_usec")
        eventTouchGetSeatSlot = try resolve("libinput_event_touch_get_seat_slot")
        eventTouchGetXTransformed = try resolve("libinput_event_touch_get_x_transformed")
        eventTouchGetYTransformed = try resolve("libinput_event_touch_get_y_transformed")
        eventGetPointerEvent = try resolve("libinput_event_get_pointer_event")
        eventPointerGetTimeUsec = try resolve("libinput_event_pointer_get_time_usec")
        eventPointerGetDx = try resolve("libinput_event_pointer_get_dx")
        eventPointerGetDy = try resolve("libinput_event_pointer_get_dy")
        eventPointerGetAbsoluteXTransformed = try resolve("libinput_event_pointer_get_absolute_x_transformed")
        eventPointerGetAbsoluteYTransformed = try resolve("libinput_event_pointer_get_absolute_y_transformed")
        eventPointerGetButton = try resolve("libinput_event_pointer_get_button")
        eventPointerGetButtonState = try resolve("libinput_event_pointer_get_button_state")
        deviceGetName = try resolve("libinput_device_get_name")
        deviceGetSysname = try resolve("libinput_device_get_sysname")
        deviceHasCapability = try resolve("libinput_device_has_capability")
        deviceConfigCalibrationHasMatrix = try resolve("libinput_device_config_calibration_has_matrix")
        deviceConfigCalibrationGetDefaultMatrix = try resolve("libinput_device_config_calibration_get_default_matrix")
        deviceConfigCalibrationSetMatrix = try resolve("libinput_device_config_calibration_set_matrix")
    }

}

extension LibinputError {
    /// The loader's failure, said for this library's file.
    init(_ failure: SharedLibrary.Failure, file: String) {
        switch failure {
        case .cannotLoad(let reason): self = .cannotLoad(file, reason: reason)
        case .missingFunction(let name, let reason): self = .missingFunction(name, in: file, reason: reason)
        }
    }
}
