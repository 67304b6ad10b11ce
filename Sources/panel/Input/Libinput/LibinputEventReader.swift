import CInput
import PanelUI

/// Copies what panel uses out of one libinput event (see `LibinputEvent`).
enum LibinputEventReader {
    /// nil for events panel doesn't use (keyboards, scrolling, gestures, device added).
    /// `origin` is subtracted from libinput's CLOCK_MONOTONIC microseconds.
    static func read(_ event: OpaquePointer, screen: Size, origin: UInt64) -> LibinputEvent? {
        let device = Int(bitPattern: UnsafeRawPointer(libinput_event_get_device(event)))
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            let touch = libinput_event_get_touch_event(event)
            let time = since(libinput_event_touch_get_time_usec(touch), origin)
            if type == LIBINPUT_EVENT_TOUCH_FRAME { return .touchFrame(time: time) }
            // The seat slot: two touchscreens on one seat never share one.
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            switch type {
            case LIBINPUT_EVENT_TOUCH_UP: return .touchUp(device: device, slot: slot, time: time)
            case LIBINPUT_EVENT_TOUCH_CANCEL: return .touchCancel(device: device, slot: slot, time: time)
            default:
                // Transformed: calibration applied, then scaled to the screen (libinput's scale_axis).
                let position = Point(x: libinput_event_touch_get_x_transformed(touch, UInt32(screen.width)),
                                     y: libinput_event_touch_get_y_transformed(touch, UInt32(screen.height)))
                return type == LIBINPUT_EVENT_TOUCH_DOWN
                    ? .touchDown(device: device, slot: slot, position: position, time: time)
                    : .touchMotion(device: device, slot: slot, position: position, time: time)
            }
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput_event_get_pointer_event(event)
            return .pointerMotion(device: device, dx: libinput_event_pointer_get_dx(pointer), dy: libinput_event_pointer_get_dy(pointer),
                                  time: since(libinput_event_pointer_get_time_usec(pointer), origin))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)
            let position = Point(x: libinput_event_pointer_get_absolute_x_transformed(pointer, UInt32(screen.width)),
                                 y: libinput_event_pointer_get_absolute_y_transformed(pointer, UInt32(screen.height)))
            return .pointerMotionAbsolute(device: device, position: position,
                                          time: since(libinput_event_pointer_get_time_usec(pointer), origin))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)
            return .pointerButton(device: device, button: libinput_event_pointer_get_button(pointer),
                                  pressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                                  time: since(libinput_event_pointer_get_time_usec(pointer), origin))
        default:
            return nil
        }
    }

    static func since(_ usec: UInt64, _ origin: UInt64) -> UInt64 { usec > origin ? usec - origin : 0 }
}
