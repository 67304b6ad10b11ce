import PanelUI
import Testing

/// What `panel calibrate` draws, pixel for pixel (Golden/calibration/), and the crosshair's
/// place in those pixels.
struct CalibrationScreenTests {
    let fonts = FontCache()

    static func procedure(_ size: Size, rotation: Rotation = .r0, presses: Int) -> CalibrationProcedure {
        let targets = CalibrationTargets(screen: size, rotation: rotation)
        var procedure = CalibrationProcedure(targets: targets)
        for place in CalibrationTargets.Place.allCases.prefix(presses) {
            let p = targets.screenPoint(place)
            _ = procedure.take(Press(position: p, spread: 1, samples: 5))
        }
        return procedure
    }

    @Test func secondPointAt800x480() throws {
        let screen = CalibrationScreen(procedure: Self.procedure(Size(width: 800, height: 480), presses: 1))
        #expect(screen.title == "Point 2 of 4")
        #expect(screen.instruction == "Touch the centre of the cross")
        #expect(screen.warning == nil)
        let frame = try screen.paint(fonts: fonts)
        expectGolden(frame, named: "calibration/point2-800x480")
        // The crosshair is centred on pixel (719, 48): its lines cross there, white.
        #expect(frame[719, 48] & 0xFFFFFF == 0xFFFFFF)
        #expect(frame[719 - 20, 48] & 0xFFFFFF == 0xFFFFFF && frame[719 + 20, 48] & 0xFFFFFF == 0xFFFFFF)
        #expect(frame[719, 48 - 20] & 0xFFFFFF == 0xFFFFFF && frame[719, 48 + 20] & 0xFFFFFF == 0xFFFFFF)
        #expect(frame[719 + 21, 48] & 0xFFFFFF != 0xFFFFFF)
    }

    @Test func centreCheckAfterASlipAt1280x800() throws {
        var procedure = Self.procedure(Size(width: 1280, height: 800), presses: 4)
        let targets = procedure.targets
        _ = procedure.take(Press(position: targets.screenPoint(.centre), spread: 40, samples: 9))
        let screen = CalibrationScreen(procedure: procedure)
        #expect(screen.title == "Check")
        #expect(screen.warning == "The finger slid 40.0 px; touch the centre again")
        #expect(screen.done.count == 4)
        expectGolden(try screen.paint(fonts: fonts), named: "calibration/check-slipped-1280x800")
    }

    @Test func restartSaysSoAt480x800Portrait() throws {
        // 800x480 turned 90°: drawn as 480x800.
        let targets = CalibrationTargets(screen: Size(width: 800, height: 480), rotation: .r90)
        var procedure = CalibrationProcedure(targets: targets)
        let off = Point(x: 60, y: 60)
        _ = procedure.take(Press(position: targets.screenPoint(.topLeft) + off, spread: 1, samples: 5))
        for place in [CalibrationTargets.Place.topRight, .bottomRight, .bottomLeft, .bottomLeft] {
            _ = procedure.take(Press(position: targets.screenPoint(place), spread: 1, samples: 5))
        }
        let screen = CalibrationScreen(procedure: procedure)
        #expect(screen.size == Size(width: 480, height: 800))
        #expect(screen.title == "Point 1 of 4")
        #expect(screen.warning?.hasSuffix("from where the others put it; starting again at point 1") == true, "\(screen.warning ?? "none")")
        expectGolden(try screen.paint(fonts: fonts), named: "calibration/restarted-480x800")
    }

    @Test func finishedShowsTheCentreError() throws {
        var procedure = Self.procedure(Size(width: 800, height: 480), presses: 4)
        _ = procedure.take(Press(position: procedure.targets.screenPoint(.centre) + Point(x: 0.3, y: 0.4), spread: 1, samples: 5))
        let screen = CalibrationScreen(procedure: procedure)
        #expect(screen.title == "Calibrated")
        #expect(screen.instruction == "Centre off by 0.5 px")
        #expect(screen.crosshair == nil)
        expectGolden(try screen.paint(fonts: fonts), named: "calibration/finished-800x480")
    }
}
