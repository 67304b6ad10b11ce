import Testing
@testable import PanelUI

/// Touch routing and value semantics of the live panel, driven by hand-made touches.
struct PanelModelTests {
    static let yaml = """
    sections:
      - title: A
        controls:
          - {id: wifi, kind: switch, label: Wi-Fi, default: true}
          - {id: bt, kind: checkbox, enabled: false}
          - {id: dim, kind: checkbox}
          - {id: mode, kind: radio, options: [eco, balanced, performance], default: balanced, must_have_selection: true}
          - {id: color, kind: radio, options: [red, blue]}
    """

    var model: PanelModel

    init() throws {
        let description = try PanelDescription.parse(Self.yaml, file: "t.yml", fileExists: { _ in true })
        model = PanelModel(description: description,
                           layout: PanelLayout(description: description, logicalSize: Size(width: 800, height: 1000)))
    }

    func row(_ id: String, _ option: String? = nil) -> PanelLayout.Row {
        model.layout.targets.first { row in
            guard case .control(let index, let o) = row.kind else { return false }
            let control = model.description.controls[index]
            return control.id == id && o.map { control.options[$0] } == option
        }!
    }

    func center(_ id: String, _ option: String? = nil) -> Point { row(id, option).frame.center }

    func value(_ id: String) -> ControlValue {
        model.values[model.description.controls.firstIndex { $0.id == id }!]
    }

    @discardableResult
    mutating func touch(_ phase: TouchPhase, _ slot: Int, _ p: Point, at t: Double = 0) -> [ValueChange] {
        model.handle(PanelTouch(phase: phase, slot: slot, position: p), at: t).valueChanges
    }

    mutating func tap(_ p: Point, slot: Int = 0, at t: Double = 0) -> [ValueChange] {
        touch(.down, slot, p, at: t)
        touch(.frame, -1, .zero, at: t)
        return touch(.up, slot, p, at: t + 0.05)
    }

    @Test mutating func tapTogglesOnceAndReportsTheChange() {
        let changes = tap(center("wifi"))
        #expect(changes == [ValueChange(controlIndex: 0, id: "wifi", value: .bool(false), previous: .bool(true))])
        #expect(value("wifi") == .bool(false))
        #expect(tap(center("wifi")).map(\.value) == [.bool(true)])
    }

    @Test mutating func highlightFollowsTheFinger() {
        let target = model.layout.targets.firstIndex { $0 == row("dim") }!
        touch(.down, 0, center("dim"))
        #expect(model.trackers[target].isHighlighted)
        touch(.motion, 0, Point(x: 400, y: 900))
        #expect(!model.trackers[target].isHighlighted)
        #expect(model.trackers[target].isTracking)
    }

    @Test mutating func disabledControlIgnoresTaps() {
        #expect(tap(center("bt")).isEmpty)
        #expect(value("bt") == .bool(false))
    }

    @Test mutating func dragOffDoesNotToggle() {
        touch(.down, 0, center("dim"))
        touch(.motion, 0, center("dim") + Point(x: 0, y: 100))
        #expect(touch(.up, 0, center("dim") + Point(x: 0, y: 100)).isEmpty)
        #expect(value("dim") == .bool(false))
    }

    @Test mutating func dragOffAndBackToggles() {
        touch(.down, 0, center("dim"))
        touch(.motion, 0, center("dim") + Point(x: 0, y: 100))
        touch(.motion, 0, center("dim") + Point(x: 5, y: 0))
        #expect(touch(.up, 0, center("dim") + Point(x: 5, y: 0)).map(\.value) == [.bool(true)])
    }

    @Test mutating func releaseJustOutsideTheRowStillCounts() {
        let below = Point(x: center("dim").x, y: Double(row("dim").frame.maxY + PanelModel.trackingMargin - 2))
        touch(.down, 0, center("dim"))
        touch(.motion, 0, below)
        #expect(touch(.up, 0, below).map(\.value) == [.bool(true)])
    }

    @Test mutating func cancelDoesNotToggle() {
        touch(.down, 0, center("dim"))
        touch(.cancel, 0, center("dim"))
        #expect(touch(.up, 0, center("dim")).isEmpty)
        #expect(value("dim") == .bool(false))
    }

    @Test mutating func cancelAllTouchesDropsEveryFinger() {
        touch(.down, 0, center("dim"))
        touch(.down, 1, center("wifi"))
        _ = model.cancelAllTouches(at: 0)
        #expect(touch(.up, 0, center("dim")).isEmpty)
        #expect(touch(.up, 1, center("wifi")).isEmpty)
        #expect(!model.trackers.contains { $0.isTracking })
    }

    @Test mutating func twoFingersOnTwoControlsToggleBoth() {
        touch(.down, 0, center("dim"))
        touch(.down, 1, center("wifi"))
        touch(.frame, -1, .zero)
        let first = touch(.up, 1, center("wifi"))
        let second = touch(.up, 0, center("dim"))
        #expect(first.map(\.id) == ["wifi"])
        #expect(second.map(\.id) == ["dim"])
    }

    @Test mutating func secondFingerOnATrackedControlIsIgnored() {
        touch(.down, 0, center("dim"))
        touch(.down, 1, center("dim"))
        #expect(touch(.up, 1, center("dim")).isEmpty)
        #expect(touch(.up, 0, center("dim")).map(\.value) == [.bool(true)])
    }

    @Test mutating func duplicateDownKeepsTheFirstTarget() {
        touch(.down, 0, center("dim"))
        touch(.down, 0, center("wifi"))
        #expect(touch(.up, 0, center("dim")).map(\.id) == ["dim"])
        #expect(value("wifi") == .bool(true))
    }

    @Test mutating func touchesOffEveryTargetDoNothing() {
        #expect(tap(Point(x: 2, y: 2)).isEmpty)
        #expect(touch(.up, 7, center("dim")).isEmpty, "an up without a down")
        #expect(touch(.motion, 7, center("dim")).isEmpty)
        #expect(model.values == model.description.controls.map(\.defaultValue))
    }

    @Test mutating func radioSelectsOneAndKeepsASelection() {
        #expect(tap(center("mode", "eco")).map(\.value) == [.option("eco")])
        #expect(tap(center("mode", "eco")).isEmpty, "must_have_selection: the selected option stays")
        #expect(tap(center("mode", "performance")).map(\.value) == [.option("performance")])
        let onTargets = model.layout.targets.indices.filter { model.isOn(target: $0) }
            .filter { model.controlIndex(ofTarget: $0) == 3 }
        #expect(onTargets.count == 1)
    }

    @Test mutating func radioWithoutMustHaveSelectionCanBeCleared() {
        #expect(value("color") == .option(nil))
        #expect(tap(center("color", "red")).map(\.value) == [.option("red")])
        #expect(tap(center("color", "blue")).map(\.value) == [.option("blue")])
        #expect(tap(center("color", "blue")).map(\.value) == [.option(nil)])
    }

    @Test mutating func settingTheSameValueIsNoChange() {
        #expect(model.setValue(.bool(true), ofControl: 0, animated: false, at: 0) == nil)
        #expect(model.setValue(.bool(false), ofControl: 0, animated: false, at: 0) != nil)
    }

    @Test mutating func toggleAnimatesThenSettles() {
        _ = tap(center("dim"), at: 1)
        let target = model.layout.targets.firstIndex { $0 == row("dim") }!
        #expect(model.isAnimating(at: 1.1))
        let midway = model.transitions[target].value(at: 1.3)
        #expect(midway > 0 && midway < 1)
        #expect(!model.isAnimating(at: 1.05 + model.animationDuration(ofControl: 2)))
        #expect(model.transitions[target].value(at: 5) == 1)
    }

    @Test mutating func damageIsThePressedWidgetThenItsBox() {
        _ = model.takeDamage(previousFrame: 0, now: 0)
        touch(.down, 0, center("dim"), at: 1)
        #expect(model.takeDamage(previousFrame: 0, now: 1) == [row("dim").pressedFrame], "halo on")
        touch(.up, 0, center("dim"), at: 1.05)
        let atUp = model.takeDamage(previousFrame: 1, now: 1.05)
        #expect(Set(atUp) == [row("dim").pressedFrame], "halo off and the new value: the widget with its halo")
        let later = model.takeDamage(previousFrame: 1.05, now: 1.07)
        #expect(later == [row("dim").controlFrame], "animation frames: only the widget")
        #expect(model.takeDamage(previousFrame: 3, now: 3.1).isEmpty, "nothing moves, nothing redraws")
    }

    @Test func coveredDamageIsDroppedOnce() {
        let row = Rect(x: 0, y: 0, width: 100, height: 50)
        let widget = Rect(x: 80, y: 10, width: 10, height: 10)
        let other = Rect(x: 0, y: 60, width: 100, height: 50)
        #expect(PanelModel.withoutCoveredRects([row, widget, row, other, .empty]) == [row, other])
    }
}
