#include <libinput.h>
#include <stdarg.h>
#include <stdio.h>

/* libinput's messages are formatted here, in C: a Swift closure that takes a va_list crashes
 * Swift's compiler when it builds for aarch64 (and a va_list is a different type there), so
 * Swift sees only the finished line, in panel_libinput_message (defined in Swift, @_cdecl). */
void panel_libinput_message(struct libinput *libinput, const char *message);

static void panel_libinput_log(struct libinput *libinput, enum libinput_log_priority priority,
                               const char *format, va_list arguments) {
    (void)priority;
    char message[512];
    vsnprintf(message, sizeof message, format, arguments);
    panel_libinput_message(libinput, message);
}

/* The handler for libinput_log_set_handler, as an address. */
static inline const void *panel_libinput_log_handler(void) {
    return (const void *)panel_libinput_log;
}

/* The type of a pointer to each libinput function panel calls, taken from its declaration
 * above, so the values LibinputLibrary resolves with dlsym have the header's prototypes
 * exactly (Swift imports each as a @convention(c) function type). libinput_log_set_handler
 * is not here: its type mentions va_list, which Swift cannot read back from a module it
 * built (LibinputLibrary.logSetHandler says more). */
typedef __typeof__(libinput_udev_create_context) *libinput_udev_create_context_function;
typedef __typeof__(libinput_udev_assign_seat) *libinput_udev_assign_seat_function;
typedef __typeof__(libinput_path_create_context) *libinput_path_create_context_function;
typedef __typeof__(libinput_path_add_device) *libinput_path_add_device_function;
typedef __typeof__(libinput_get_user_data) *libinput_get_user_data_function;
typedef __typeof__(libinput_get_fd) *libinput_get_fd_function;
typedef __typeof__(libinput_dispatch) *libinput_dispatch_function;
typedef __typeof__(libinput_get_event) *libinput_get_event_function;
typedef __typeof__(libinput_unref) *libinput_unref_function;
typedef __typeof__(libinput_event_get_type) *libinput_event_get_type_function;
typedef __typeof__(libinput_event_get_device) *libinput_event_get_device_function;
typedef __typeof__(libinput_event_destroy) *libinput_event_destroy_function;
typedef __typeof__(libinput_event_get_touch_event) *libinput_event_get_touch_event_function;
typedef __typeof__(libinput_event_touch_get_time_usec) *libinput_event_touch_get_time_usec_function;
typedef __typeof__(libinput_event_touch_get_seat_slot) *libinput_event_touch_get_seat_slot_function;
typedef __typeof__(libinput_event_touch_get_x_transformed) *libinput_event_touch_get_x_transformed_function;
typedef __typeof__(libinput_event_touch_get_y_transformed) *libinput_event_touch_get_y_transformed_function;
typedef __typeof__(libinput_event_get_pointer_event) *libinput_event_get_pointer_event_function;
typedef __typeof__(libinput_event_pointer_get_time_usec) *libinput_event_pointer_get_time_usec_function;
typedef __typeof__(libinput_event_pointer_get_dx) *libinput_event_pointer_get_dx_function;
typedef __typeof__(libinput_event_pointer_get_dy) *libinput_event_pointer_get_dy_function;
typedef __typeof__(libinput_event_pointer_get_absolute_x_transformed) *libinput_event_pointer_get_absolute_x_transformed_function;
typedef __typeof__(libinput_event_pointer_get_absolute_y_transformed) *libinput_event_pointer_get_absolute_y_transformed_function;
typedef __typeof__(libinput_event_pointer_get_button) *libinput_event_pointer_get_button_function;
typedef __typeof__(libinput_event_pointer_get_button_state) *libinput_event_pointer_get_button_state_function;
typedef __typeof__(libinput_device_get_name) *libinput_device_get_name_function;
typedef __typeof__(libinput_device_get_sysname) *libinput_device_get_sysname_function;
typedef __typeof__(libinput_device_has_capability) *libinput_device_has_capability_function;
typedef __typeof__(libinput_device_config_calibration_has_matrix) *libinput_device_config_calibration_has_matrix_function;
typedef __typeof__(libinput_device_config_calibration_get_default_matrix) *libinput_device_config_calibration_get_default_matrix_function;
typedef __typeof__(libinput_device_config_calibration_set_matrix) *libinput_device_config_calibration_set_matrix_function;
