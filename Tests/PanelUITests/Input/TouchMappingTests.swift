import PanelUI
import Testing

@Suite struct TouchMappingTests {
    let screen = Size(width: 800, height: 480)

    @Test func rangeMatchingTheScreenIsIdentity() {
        let x = AbsAxisInfo(minimum: 0, maximum: 799), y = AbsAxisInfo(minimum: 0, maximum: 479)
        for (rx, ry) in [(Int32(0), Int32(0)), (400, 240), (799, 479)] {
            #expect(TouchDecoder.map((rx, ry), x: x, y: y, screen: screen) == Point(x: Double(rx), y: Double(ry)))
        }
    }

    @Test func fullSixteenBitRangeScalesByRangePlusOne() {
        let axis = AbsAxisInfo(minimum: 0, maximum: 32767)
        #expect(TouchDecoder.map((0, 0), x: axis, y: axis, screen: screen) == .zero)
        #expect(TouchDecoder.map((16384, 16384), x: axis, y: axis, screen: screen) == Point(x: 400, y: 240))
        // libinput's scale_axis divides by max - min + 1, so the maximum stays inside the screen.
        let far = TouchDecoder.map((32767, 32767), x: axis, y: axis, screen: screen)
        #expect(far == Point(x: 32767.0 * 800 / 32768, y: 32767.0 * 480 / 32768))
        #expect(far.x < 800 && far.y < 480)
    }

    @Test func rangeNotStartingAtZero() {
        let axis = AbsAxisInfo(minimum: 100, maximum: 4195)  // 4096 values
        #expect(TouchDecoder.map((100, 100), x: axis, y: axis, screen: screen) == .zero)
        #expect(TouchDecoder.map((2148, 2148), x: axis, y: axis, screen: screen) == Point(x: 400, y: 240))
        #expect(TouchDecoder.map((4195, 4195), x: axis, y: axis, screen: screen) == Point(x: 4095.0 * 800 / 4096, y: 4095.0 * 480 / 4096))
    }

    func singleTouchDown(at raw: (Int32, Int32), calibration: [Double]) throws -> Point? {
        let axis = AbsAxisInfo(minimum: 0, maximum: 1023)
        let device = InputDeviceInfo(absAxes: [EvdevCode.absX: axis, EvdevCode.absY: axis])
        var decoder = try TouchDecoder(device: device, screen: screen, calibration: calibration)
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.abs, code: EvdevCode.absX, value: raw.0))
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.abs, code: EvdevCode.absY, value: raw.1))
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.key, code: EvdevCode.btnTouch, value: 1))
        return decoder.feed(InputEvent(time: 0, type: EvdevType.syn, code: EvdevCode.synReport, value: 0)).first?.position
    }

    @Test func calibrationWorksOnNormalisedCoordinates() throws {
        // 256/1024 = 0.25 across, 768/1024 = 0.75 down.
        #expect(try singleTouchDown(at: (256, 768), calibration: [1, 0, 0, 0, 1, 0]) == Point(x: 200, y: 360))
        // Swap axes: x' = y, y' = x.
        #expect(try singleTouchDown(at: (256, 768), calibration: [0, 1, 0, 1, 0, 0]) == Point(x: 600, y: 120))
        // Flip both (a touchscreen glued upside down): x' = 1 - x, y' = 1 - y.
        #expect(try singleTouchDown(at: (256, 768), calibration: [-1, 0, 1, 0, -1, 1]) == Point(x: 600, y: 120))
        // Flip x only.
        #expect(try singleTouchDown(at: (256, 768), calibration: [-1, 0, 1, 0, 1, 0]) == Point(x: 600, y: 360))
    }

    @Test func badCalibrationAndAxesAreRejected() {
        let axis = AbsAxisInfo(minimum: 0, maximum: 1023)
        let device = InputDeviceInfo(absAxes: [EvdevCode.absX: axis, EvdevCode.absY: axis])
        #expect(throws: TouchDecoderError.self) { try TouchDecoder(device: device, screen: screen, calibration: [1, 0, 0]) }
        #expect(throws: TouchDecoderError.self) { try TouchDecoder(device: InputDeviceInfo(name: "keyboard"), screen: screen) }
        let inverted = InputDeviceInfo(absAxes: [EvdevCode.absX: AbsAxisInfo(minimum: 10, maximum: 0), EvdevCode.absY: axis])
        #expect(throws: TouchDecoderError.self) { try TouchDecoder(device: inverted, screen: screen) }
    }
}
