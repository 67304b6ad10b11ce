import Testing
@testable import PanelUI

/// Sliders and steppers in a right-to-left panel run the other way, as iOS mirrors them: the
/// slider's minimum at the right (a drag to the left raises it, a tap positions from the right),
/// the stepper's + at the left.
struct RightToLeftTouchTests {
    static let yaml = """
    direction: rtl
    sections:
      - controls:
          - {id: level, kind: slider, label: Brightness, min: 0, max: 100, step: 5, default: 50}
          - {id: temp, kind: stepper, label: Setpoint, min: 16, max: 28, step: 0.5, default: 21}
    """

    var model: PanelModel

    init() throws {
        let description = try PanelDescription.parse(Self.yaml, file: "s.yml", fileExists: { _ in true })
        model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: Size(width: 800, height: 480)))
    }

    var track: Rect { model.layout.targets[0].controlFrame }
    /// Where the value `v` of the 0...100 slider sits on its mirrored track.
    func x(_ v: Double) -> Double { Double(track.maxX) - Double(track.width) * v / 100 }

    mutating func send(_ phase: TouchPhase, _ p: Point, at t: Double) -> [PanelEvent] {
        model.handle(PanelTouch(phase: phase, slot: 0, position: p), at: t)
    }

    @Test mutating func draggingLeftRaisesTheValue() {
        let y = track.center.y
        _ = send(.down, Point(x: x(50), y: y), at: 0)
        for i in 1...10 { _ = send(.motion, Point(x: x(50) - Double(track.width) * 0.031 * Double(i), y: y), at: 0.016 * Double(i)) }
        let events = send(.up, Point(x: x(81), y: y), at: 0.2)
        #expect(model.values[0] == .number(80), "31 % further left is 81, 80 on the grid")
        #expect(events.valueChanges.map(\.value) == [.number(80)])
        _ = send(.down, Point(x: x(80), y: y), at: 1)
        for i in 1...10 { _ = send(.motion, Point(x: x(80) + Double(track.width) * 0.06 * Double(i), y: y), at: 1 + 0.016 * Double(i)) }
        _ = send(.up, Point(x: x(20), y: y), at: 1.2)
        #expect(model.values[0] == .number(20), "and to the right lowers it")
    }

    @Test mutating func aTapOnTheTrackPositionsFromTheRight() {
        _ = send(.down, Point(x: x(10), y: track.center.y), at: 0)
        _ = send(.up, Point(x: x(10), y: track.center.y), at: 0.05)
        #expect(model.values[0] == .number(10))
        #expect(SliderGeometry(model.layout.targets[0]).knobX(0) == Double(track.maxX), "the minimum at the right end")
    }

    @Test mutating func theStepperPlusIsAtTheLeft() {
        let row = model.layout.targets[1], stepper = row.controlFrame
        let left = Point(x: Double(stepper.minX) + 5, y: stepper.center.y), right = Point(x: Double(stepper.maxX) - 5, y: stepper.center.y)
        _ = send(.down, left, at: 0)
        _ = send(.up, left, at: 0.05)
        #expect(model.values[1] == .number(21.5), "+ at the left")
        _ = send(.down, right, at: 1)
        _ = send(.up, right, at: 1.05)
        _ = send(.down, right, at: 2)
        _ = send(.up, right, at: 2.05)
        #expect(model.values[1] == .number(20.5), "− at the right")
        let geometry = StepperGeometry(row)
        #expect(geometry.button(1).maxX <= geometry.value.minX && geometry.button(-1).minX >= geometry.value.maxX)
    }
}
