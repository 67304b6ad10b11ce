import Glibc
import PanelUI
import Testing
@testable import panel

/// How the matrix and `--rotate` compose: libinput (and a replay's decoder) apply the
/// calibration to reach unrotated screen pixels, and panel turns those by its rotation
/// afterwards. So `panel calibrate --rotate 90` fits to where its crosshairs are on the
/// unrotated screen, and the matrix it writes makes `panel run --rotate 90` put a finger on
/// the row under it; the same matrix comes out at 0°.
struct CalibrateRotationTests {
    static let description = """
        rotate: 90
        sections:
          - controls:
              - {id: heater, kind: switch, label: Heater}
              - {id: fan, kind: checkbox, label: Fan}
              - {id: lamp, kind: checkbox, label: Lamp}

        """

    /// make-recordings.py's mount90 on the 0..799 x 0..479 Atmel: device (u, v) = (y, 1 - x).
    static func device(screen p: Point) -> (x: Int, y: Int) {
        let u = p.y / 480, v = 1 - p.x / 800
        return (Int(u * 800), Int(v * 480))
    }

    @Test func aMatrixWrittenAtRotate90MakesRunAtRotate90TapTheRowUnderTheFinger() throws {
        let folder = TemporaryFolder()
        let config = folder.write(Self.description, to: "panel.yml")
        let uncalibrated = folder.write(Self.description, to: "uncalibrated.yml")
        let calibrated = try CalibrateProcess.run(["calibrate", "--input", "replay:\(CalibrationRecording.path("mount90-r90"))",
                                                   "--display", "headless:800x480", "--write", config], in: folder)
        #expect(calibrated.status == .exited(0), "\(calibrated.err)")
        let matrix = try #require(calibrated.matrix)

        // The lamp row, where `panel layout` says it is on the screen at 90°.
        let layout = CommandRunner.run(["layout", "--config", config, "--display", "headless:800x480"])
        #expect(layout.status == 0)
        let lamp = try #require(LayoutRows.frame(of: "lamp", in: layout.out))
        var tap = try SyntheticRecording()
        tap.touchDown(slot: 0, at: Self.device(screen: lamp.center), time: 0.1)
        tap.touchUp(slot: 0, time: 0.15)
        let recording = folder.write(tap.text, to: "tap.evemu")

        func lampAfterTap(_ description: String) throws -> String {
            let run = try CalibrateProcess.run(["run", "--config", description, "--input", "replay:\(recording)", "--display", "headless:800x480",
                                                "--state", folder.file("state-\(description.hashValue).json")], in: folder)
            #expect(run.status == .exited(0), "\(run.err)")
            return run.out
        }
        #expect(try lampAfterTap(config).contains("\"lamp\": true"))
        // Without the matrix the same finger lands elsewhere: the lamp stays off.
        #expect(!(try lampAfterTap(uncalibrated).contains("\"lamp\": true")))

        // Fitted at 0° (crosshairs elsewhere on the same device), the matrix is the same.
        let atZero = try CalibrateProcess.run(["calibrate", "--input", "replay:\(CalibrationRecording.path("mount90"))",
                                               "--display", "headless:800x480", "--rotate", "0"], in: folder)
        let zero = try #require(atZero.matrix)
        for (a, b) in zip(matrix, zero) { #expect(abs(a - b) < 0.005, "\(matrix) vs \(zero)") }
    }
}

/// Row frames out of `panel layout`'s JSON (pretty: one key a line).
enum LayoutRows {
    static func frame(of id: String, in json: String) -> Rect? {
        let lines = json.split(separator: "\n").map { $0.trimmingSpaces }
        guard let start = lines.firstIndex(of: "\"id\": \"\(id)\","),
              let frame = lines[start...].firstIndex(of: "\"frame\": {") else { return nil }
        func number(_ offset: Int) -> Int? {
            let line = lines[frame + offset]
            return Int(line.split(separator: ":").last!.filter { $0.isNumber || $0 == "-" })
        }
        guard let x = number(1), let y = number(2), let width = number(3), let height = number(4) else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }
}
