import PanelUI

/// What panel uses of one libinput event, copied out of C into plain values so the
/// translation to touches is a pure function that tests can drive without devices.
/// Positions are screen pixels (libinput's `…_transformed`); times are microseconds.
enum LibinputEvent: Equatable {
    /// Identifies a libinput device while it exists (its address).
    typealias DeviceKey = Int

    /// `slot` is libinput's seat slot: unique across all touch devices of the seat.
    case touchDown(device: DeviceKey, slot: Int, position: Point, time: UInt64)
    case touchMotion(device: DeviceKey, slot: Int, position: Point, time: UInt64)
    /// libinput gives no coordinates for up and cancel (asking is a client bug it logs).
    case touchUp(device: DeviceKey, slot: Int, time: UInt64)
    case touchCancel(device: DeviceKey, slot: Int, time: UInt64)
    case touchFrame(time: UInt64)
    /// A mouse or touchpad moved, in (accelerated) pixels.
    case pointerMotion(device: DeviceKey, dx: Double, dy: Double, time: UInt64)
    /// An absolute pointer (a tablet in mouse mode, QEMU's usb-tablet) moved to a screen position.
    case pointerMotionAbsolute(device: DeviceKey, position: Point, time: UInt64)
    case pointerButton(device: DeviceKey, button: UInt32, pressed: Bool, time: UInt64)
    case deviceRemoved(device: DeviceKey, time: UInt64)
}
