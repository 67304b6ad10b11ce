/// Why a device can't be decoded as a touchscreen.
public struct TouchDecoderError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Turns a touchscreen's evdev events into libinput-style touch events in screen pixels.
///
/// Feed events in order; touch events come out at each SYN_REPORT: down / motion / up
/// per changed slot in slot order, then one `frame`. Which kernel protocol is decoded
/// follows from the device's axes, as in libinput: ABS_MT_POSITION_X/Y with ABS_MT_SLOT
/// is protocol B, MT positions without slots protocol A (libinput goes through mtdev),
/// otherwise ABS_X/ABS_Y with BTN_TOUCH. With MT axes BTN_TOUCH is ignored
/// (libinput's `fallback_process_key` skips it for MT devices), so devices without it work.
///
/// SYN_DROPPED (the kernel's buffer overflowed and events were lost) cancels every touch
/// and everything up to the next SYN_REPORT is skipped. libinput instead asks libevdev to
/// re-read the device state, which a recording can't; a finger still down after the
/// drop is only seen again once it lifts and touches anew.
public struct TouchDecoder {
    public enum TouchProtocol: Sendable, Equatable {
        case slotted, anonymous, singleTouch
    }

    public let touchProtocol: TouchProtocol
    private let mapper: TouchCoordinateMapper
    private var slots: TouchSlots
    private var reader: any TouchProtocolReader
    private var skippingUntilReport = false

    /// - Parameters:
    ///   - screen: the physical screen in pixels; rotation is left to the caller.
    ///   - calibration: libinput's 6-element calibration matrix, applied to device
    ///     coordinates normalised to 0…1 (see `TouchCoordinateMapper`).
    public init(device: InputDeviceInfo, screen: Size, calibration: [Double] = [1, 0, 0, 0, 1, 0]) throws(TouchDecoderError) {
        guard calibration.count == 6, calibration.allSatisfy({ $0.isFinite }) else {
            throw TouchDecoderError("a calibration matrix has 6 finite numbers, got \(calibration)")
        }
        guard screen.width > 0, screen.height > 0 else {
            throw TouchDecoderError("screen size \(screen) is empty")
        }
        let axes = device.absAxes
        let xAxis: AbsAxisInfo, yAxis: AbsAxisInfo
        if let x = axes[EvdevCode.absMTPositionX], let y = axes[EvdevCode.absMTPositionY] {
            (xAxis, yAxis) = (x, y)
            if let slotAxis = axes[EvdevCode.absMTSlot] {
                touchProtocol = .slotted
                // A slot range from a damaged description must not allocate without bound.
                slots = TouchSlots(count: Int(min(max(Int64(slotAxis.maximum) + 1, 1), 256)))
                reader = SlottedTouchReader()
            } else {
                touchProtocol = .anonymous
                slots = TouchSlots(count: AnonymousTouchReader.maximumContacts)
                reader = AnonymousTouchReader(x: x, y: y, hasTouchMajor: axes[EvdevCode.absMTTouchMajor] != nil)
            }
        } else if let x = axes[EvdevCode.absX], let y = axes[EvdevCode.absY] {
            (xAxis, yAxis) = (x, y)
            touchProtocol = .singleTouch
            slots = TouchSlots(count: 1)
            reader = SingleTouchReader()
        } else {
            throw TouchDecoderError("'\(device.name)' has no X/Y position axes (ABS_MT_POSITION_X/Y or ABS_X/Y): not a touchscreen")
        }
        for (name, axis) in [("X", xAxis), ("Y", yAxis)] where axis.maximum < axis.minimum {
            throw TouchDecoderError("'\(device.name)' \(name) axis range \(axis.minimum)...\(axis.maximum) is empty")
        }
        mapper = TouchCoordinateMapper(xAxis: xAxis, yAxis: yAxis, screen: screen, calibration: calibration)
    }

    public mutating func feed(_ event: InputEvent) -> [TouchEvent] {
        if event.type == EvdevType.syn && event.code == EvdevCode.synDropped {
            skippingUntilReport = true
            reader.reset()
            return slots.cancelAll(time: event.time)
        }
        let isReport = event.type == EvdevType.syn && event.code == EvdevCode.synReport
        if skippingUntilReport {
            if isReport { skippingUntilReport = false }
            return []
        }
        guard isReport else {
            reader.read(event, into: &slots)
            return []
        }
        reader.endFrame(&slots)
        return slots.flush(time: event.time, mapper: mapper)
    }

    /// Where raw device coordinates land on a screen of `screen` pixels (no calibration).
    public static func map(_ raw: (x: Int32, y: Int32), x: AbsAxisInfo, y: AbsAxisInfo, screen: Size) -> Point {
        TouchCoordinateMapper(xAxis: x, yAxis: y, screen: screen, calibration: TouchCoordinateMapper.identity)
            .point(x: raw.x, y: raw.y)
    }
}
