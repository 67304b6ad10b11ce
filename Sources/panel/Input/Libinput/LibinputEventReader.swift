import CLibinput
import PanelUI

/// Copies what panel uses out of one libinput event (see `LibinputEvent`).
enum LibinputEventReader {
    /// nil for events panel doesn't use (keyboards, scrolling, gestures, device added).
    /// `origin` is subtracted from libinput's CLOCK_MONOTONIC microseconds.
    static func read(_ event: OpaquePointer, through libinput: LibinputLibrary, screen: Size, origin: UInt64) -> LibinputEvent? {
        let device = Int(bitPattern: UnsafeRawPointer(libinput.eventGetDevice(event)))
        let type = libinput.eventGetType(event)
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            let touch = libinput.eventGetTouchEvent(event)
            let time = since(libinput.eventTouchGetTimeUsec(touch), origin)
            if type == LIBINPUT_EVENT_TOUCH_FRAME { return .touchFrame(time: time) }
            // The seat slot: two touchscreens on one seat never share one.
            let slot = Int(libinput.eventTouchGetSeatSlot(touch))
            switch type {
            case LIBINPUT_EVENT_TOUCH_UP: return .touchUp(device: device, slot: slot, time: time)
            case LIBINPUT_EVENT_TOUCH_CANCEL: return .touchCancel(device: device, slot: slot, time: time)
            default:
                // Transformed: calibration applied, then scaled to the screen (libinput's scale_axis).
                let position = Point(x: libinput.eventTouchGetXTransformed(touch, UInt32(screen.width)),
                                     y: libinput.eventTouchGetYTransformed(touch, UInt32(screen.height)))
                return type == LIBINPUT_EVENT_TOUCH_DOWN
                    ? .touchDown(device: device, slot: slot, position: position, time: time)
                    : .touchMotion(device: device, slot: slot, position: position, time: time)
            }
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput.eventGetPointerEvent(event)
            return .pointerMotion(device: device, dx: libinput.eventPointerGetDx(pointer), dy: libinput.eventPointerGetDy(pointer),
                                  time: since(libinput.eventPointerGetTimeUsec(pointer), origin))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput.eventGetPointerEvent(event)
            let position = Point(x: libinput.eventPointerGetAbsoluteXTransformed(pointer, UInt32(screen.width)),
                                 y: libinput.eventPointerGetAbsoluteYTransformed(pointer, UInt32(screen.height)))
            return .pointerMotionAbsolute(device: device, position: position,
                                          time: since(libinput.eventPointerGetTimeUsec(pointer), origin))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput.eventGetPointerEvent(event)
            return .pointerButton(device: device, button: libinput.eventPointerGetButton(pointer),
                                  pressed: libinput.eventPointerGetButtonState(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                                  time: since(libinput.eventPointerGetTimeUsec(pointer), origin))
        default:
            return nil
        }
    }

    static func since(_ usec: UInt64, _ origin: UInt64) -> UInt64 { usec > origin ? usec - origin : 0 }
}
