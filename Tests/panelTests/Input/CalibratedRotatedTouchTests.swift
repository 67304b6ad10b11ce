import Testing
import PanelUI
@testable import panel

/// A finger on a calibrated touchscreen under a rotated panel reaches the control drawn
/// under it: device coordinates → calibration and scaling (TouchDecoder, the way libinput's
/// `…_transformed` does it; the VM tests compare the two on a real kernel) → the live-input
/// translation → the session, which turns screen pixels into the panel's rotation.
struct CalibratedRotatedTouchTests {
    /// A calibration and its inverse on normalised (0…1) coordinates.
    struct Calibration: CustomStringConvertible, Sendable {
        var name: String
        var matrix: [Double]
        var deviceFor: @Sendable (_ screen: (Double, Double)) -> (Double, Double)
        var description: String { name }
    }

    static let calibrations = [
        Calibration(name: "identity", matrix: [1, 0, 0, 0, 1, 0], deviceFor: { $0 }),
        // A touchscreen glued upside down.
        Calibration(name: "flipped", matrix: [-1, 0, 1, 0, -1, 1], deviceFor: { (1 - $0.0, 1 - $0.1) }),
        // A touchscreen whose axes are swapped.
        Calibration(name: "swapped", matrix: [0, 1, 0, 1, 0, 0], deviceFor: { ($0.1, $0.0) }),
        // Half the device's range covers the screen, from a quarter in (a bezel).
        Calibration(name: "scaled", matrix: [2, 0, -0.5, 0, 2, -0.5], deviceFor: { ($0.0 / 2 + 0.25, $0.1 / 2 + 0.25) }),
    ]

    @Test(arguments: Rotation.allCases, calibrations)
    func aTapReachesTheControlUnderTheFinger(_ rotation: Rotation, _ calibration: Calibration) throws {
        let folder = TemporaryFolder()
        let screen = Size(width: 800, height: 480)
        let display = HeadlessDisplay(size: screen)
        let session = try PanelSession(description: try Commands.loadDescription(nil), rotation: rotation, display: display,
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: Log(write: { _ in }))
        try session.renderFullFrame(at: 0)
        let hotspot = try #require(session.model.layout.targets.first { $0.label == "Personal hotspot" })
        let target = rotation.toScreen(hotspot.frame.center, logical: session.frame.size)

        // IRTOUCH's 0..32767 axes (../shared/recordings/irtouch-infrared-no-btn-touch.desc.evemu).
        let axis = AbsAxisInfo(minimum: 0, maximum: 32767)
        let normalised = calibration.deviceFor((target.x / 800, target.y / 480))
        let raw = (Int32(normalised.0 * 32768), Int32(normalised.1 * 32768))
        let device = InputDeviceInfo(absAxes: [EvdevCode.absX: axis, EvdevCode.absY: axis])
        var decoder = try TouchDecoder(device: device, screen: screen, calibration: calibration.matrix)
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.abs, code: EvdevCode.absX, value: raw.0))
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.abs, code: EvdevCode.absY, value: raw.1))
        _ = decoder.feed(InputEvent(time: 0, type: EvdevType.key, code: EvdevCode.btnTouch, value: 1))
        let down = try #require(decoder.feed(InputEvent(time: 0, type: EvdevType.syn, code: EvdevCode.synReport, value: 0)).first)
        #expect(abs(down.position.x - target.x) < 0.1 && abs(down.position.y - target.y) < 0.1, "\(down.position) vs \(target)")

        var translator = TouchTranslator(screen: screen)
        let touches = translator.translate([
            .touchDown(device: 1, slot: 0, position: down.position, time: 0), .touchFrame(time: 0),
            .touchUp(device: 1, slot: 0, time: 50_000), .touchFrame(time: 50_000),
        ])
        for touch in touches { try session.deliver(touch, at: Double(touch.time) / 1e6) }
        #expect(session.savedDocument.value(for: "hotspot") == .bool(true))
        #expect(session.changeCount == 1)
    }
}
