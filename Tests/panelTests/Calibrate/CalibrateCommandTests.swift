import Glibc
import PanelUI
import Testing
@testable import panel

/// `panel calibrate --input replay:FILE` through the built binary, on the recordings of
/// Tests/calibration: presses at the crosshairs from devices mounted wrong in six ways.
/// Each fitted matrix is checked the way a panel will use it: written into a description with
/// --write, then `panel touches` with that description replays the same presses, and each
/// press (its samples averaged) must land within 2 px of the crosshair it was aimed at.
struct CalibrateCommandTests {
    struct Case: CustomStringConvertible, Sendable {
        var recording: String
        var rotation: Int = 0
        /// The matrix the model in make-recordings.py implies (its inverse).
        var expected: [Double]
        var description: String { "\(recording) at \(rotation)°" }
    }

    /// make-recordings.py's skew: device = S·screen + t, so the matrix is S⁻¹ and -S⁻¹·t.
    static let skew: [Double] = {
        let (a, b, c, d, tx, ty) = (0.9, 0.08, 0.05, 0.85, 0.02, 0.05)
        let det = a * d - b * c
        let (ia, ib, ic, id) = (d / det, -b / det, -c / det, a / det)
        return [ia, ib, -(ia * tx + ib * ty), ic, id, -(ic * tx + id * ty)]
    }()

    static let cases: [Case] = [
        Case(recording: "swapped", expected: [0, 1, 0, 1, 0, 0]),
        Case(recording: "inverted", expected: [-1, 0, 1, 0, 1, 0]),
        Case(recording: "offset", expected: [1, 0, -0.04, 0, 1, 0.03]),
        Case(recording: "scaled", expected: [2, 0, -0.5, 0, 1.25, -0.125]),
        Case(recording: "mount90", expected: [0, -1, 1, 1, 0, 0]),
        Case(recording: "skew-r0", expected: skew),
        Case(recording: "skew-r90", rotation: 90, expected: skew),
        Case(recording: "skew-r180", rotation: 180, expected: skew),
        Case(recording: "skew-r270", rotation: 270, expected: skew),
        // Point 2's first press slid; it is asked for again and the second one is used.
        Case(recording: "slipped", expected: [0, 1, 0, 1, 0, 0]),
        // Point 4's first press was far from where the other three put it.
        Case(recording: "disagrees", expected: [-1, 0, 1, 0, 1, 0]),
    ]

    static let screen = Size(width: 800, height: 480)

    /// A description with comments, blank lines and an old matrix, which --write must keep
    /// except for that one line.
    static func description(rotation: Int) -> String {
        """
        # Hallway panel: calibrate rewrites only the calibration line.
        title: Hallway

        rotate: \(rotation)   # the panel hangs turned
        calibration: [1, 0, 0, 0, 1, 0]  # before calibrating
        sections:
          - controls:
              - {id: heater, kind: switch, label: Heater}
              - {id: fan, kind: checkbox, label: Fan}

        """
    }

    @Test(arguments: cases)
    func aFittedMatrixPutsEveryPressWithin2PxOfItsCrosshair(_ test: Case) throws {
        let folder = TemporaryFolder()
        let config = folder.write(Self.description(rotation: test.rotation), to: "panel.yml")
        chmod(config, 0o640)
        let recording = CalibrationRecording.path(test.recording)
        let run = try CalibrateProcess.run(["calibrate", "--input", "replay:\(recording)", "--display", "headless:800x480",
                                            "--rotate", "\(test.rotation)", "--write", config], in: folder)
        #expect(run.status == .exited(0), "\(run.err)")
        let matrix = try #require(run.matrix, "no calibration line in: \(run.out)")
        for (got, want) in zip(matrix, test.expected) {
            #expect(abs(got - want) < 0.01, "\(matrix) vs \(test.expected)")
        }
        // The udev rule carries the same six numbers, matched on the recording's device name.
        let rule = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("ACTION==") })
        #expect(rule.contains("ATTRS{name}==\""))
        #expect(rule.hasSuffix("ENV{LIBINPUT_CALIBRATION_MATRIX}=\"\(CalibrationMatrix(matrix))\""))

        // Everything but the calibration line is as it was, and the mode too.
        let written = try #require(folder.readText("panel.yml"))
        let expectedText = Self.description(rotation: test.rotation).replacingFirst(
            "calibration: [1, 0, 0, 0, 1, 0]  # before calibrating",
            with: "calibration: [\(CalibrationMatrix(matrix).shownValues.joined(separator: ", "))]  # before calibrating")
        #expect(written == expectedText)
        var info = stat()
        #expect(stat(config, &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(folder.entries() == ["panel.yml", "stderr", "stdout"], "no temporary file left")

        // The presses again, through the written calibration and the rotation, as a panel sees them.
        let touches = try CalibrateProcess.run(["touches", "--input", "replay:\(recording)", "--display", "headless:800x480", "--config", config],
                                               in: folder)
        #expect(touches.status == .exited(0), "\(touches.err)")
        var presses = Self.pressMeans(touches.out)
        let targets = CalibrationTargets(screen: Self.screen, rotation: Rotation(degrees: test.rotation)!)
        switch test.recording {
        case "slipped":
            // The slipped press is left out; it was the one refused.
            presses.remove(at: 1)
        case "disagrees":
            presses.remove(at: 3)
        default: break
        }
        #expect(presses.count == 5, "\(presses)")
        for (press, place) in zip(presses, CalibrationTargets.Place.allCases) {
            let target = targets.logicalPoint(place)
            #expect(press.distance(to: target) <= 2, "\(place): press at \(press), crosshair at \(target)")
        }
    }

    /// The mean logical position of each press (down and motions) in `panel touches` output.
    static func pressMeans(_ out: String) -> [Point] {
        var means: [Point] = []
        var sum = Point.zero, count = 0.0
        for line in out.split(separator: "\n") {
            let event = field(line, "event")
            guard event == "down" || event == "motion" || event == "up",
                  let x = Double(field(line, "logical_x")), let y = Double(field(line, "logical_y")) else { continue }
            if event == "up" {
                if count > 0 { means.append(Point(x: sum.x / count, y: sum.y / count)) }
                (sum, count) = (.zero, 0)
            } else {
                sum = sum + Point(x: x, y: y)
                count += 1
            }
        }
        return means
    }

    /// The raw text of `"key":value` in a one-line JSON object (numbers and plain strings).
    static func field(_ line: Substring, _ key: String) -> String {
        guard let range = line.firstRange(of: "\"\(key)\":") else { return "" }
        let rest = line[range.upperBound...].prefix { $0 != "," && $0 != "}" }
        return String(rest.filter { $0 != "\"" && $0 != " " })
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
