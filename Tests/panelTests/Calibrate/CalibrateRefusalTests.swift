import Glibc
import PanelUI
import Testing
@testable import panel

/// What `panel calibrate` says and refuses, through the built binary: refused presses asked
/// again (on stderr; the screen's sentence is CalibrationScreenTests'), recordings that end
/// early or are no touchscreen, and --write targets it must not touch.
struct CalibrateRefusalTests {
    static let original = "title: Kept\n# a comment\nsections:\n  - controls:\n      - {id: fan, kind: switch, label: Fan}\n"

    func calibrate(_ recording: String, _ extra: [String] = [], folder: TemporaryFolder) throws -> CalibrateProcess {
        try CalibrateProcess.run(["calibrate", "--input", "replay:\(recording)", "--display", "headless:800x480"] + extra, in: folder)
    }

    @Test func aSlippedPressIsAskedForAgain() throws {
        let folder = TemporaryFolder()
        let run = try calibrate(CalibrationRecording.path("slipped"), folder: folder)
        #expect(run.status == .exited(0), "\(run.err)")
        #expect(run.err.contains("calibrate: point 2 of 4 (top right): The finger slid"), "\(run.err)")
        #expect(run.err.contains("(more than 14.0 px); asking for it again"))
        // Point 2 is taken once, after the refusal; point 1 once.
        #expect(run.err.components("point 2 of 4 (top right) taken") == 1)
        #expect(run.err.components("point 1 of 4 (top left) taken") == 1)
    }

    @Test func aPressFarFromTheOthersIsAskedForAgain() throws {
        let folder = TemporaryFolder()
        let run = try calibrate(CalibrationRecording.path("disagrees"), folder: folder)
        #expect(run.status == .exited(0), "\(run.err)")
        #expect(run.err.contains("point 4 of 4 (bottom left): That press is 6"), "\(run.err)")
        #expect(run.err.contains("px from where the others put it (more than 24.0 px); asking for it again"))
        #expect(!run.err.contains("starting again"))
    }

    @Test func aRecordingThatEndsEarlyNamesTheMissingPointAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let config = folder.write(Self.original, to: "panel.yml")
        let recording = CalibrationRecording.path("two-corners")
        let run = try calibrate(recording, ["--write", config], folder: folder)
        #expect(run.status == .exited(2))
        #expect(run.err.contains("\(recording): the recording ended before a good press at point 3 of 4 (bottom right); 2 of 4 corners taken, nothing written"),
                "\(run.err)")
        #expect(run.out.isEmpty)
        #expect(folder.readText("panel.yml") == Self.original)
    }

    @Test func aRecordingCutMidPressSaysAFingerIsStillDown() throws {
        let folder = TemporaryFolder()
        let text = try readFile(CalibrationRecording.path("swapped"))
        // Up to the SYN_REPORT of the third press's down: the finger never lifts.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let downs = lines.indices.filter { lines[$0].hasSuffix(" 0001 014a 1") }
        lines = Array(lines[...(downs[2] + 3)])
        let recording = folder.write(lines.joined(separator: "\n") + "\n", to: "cut.evemu")
        let run = try calibrate(recording, folder: folder)
        #expect(run.status == .exited(2))
        #expect(run.err.contains("the recording ended before a good press at point 3 of 4 (bottom right) (it ends with a finger still down)"), "\(run.err)")
    }

    @Test func aRecordingOfNoTouchscreenIsRefusedWithItsName() throws {
        let folder = TemporaryFolder()
        let recording = folder.write("# EVEMU 1.3\nN: Some Keyboard\nI: 0003 0001 0001 0001\nP: 00 00 00 00 00 00 00 00\nB: 00 0b 00 00 00 00 00 00 00\n"
                                     + "E: 0.000000 0000 0000 0\n", to: "keyboard.evemu")
        let run = try calibrate(recording, folder: folder)
        #expect(run.status == .exited(2))
        #expect(run.err.contains("\(recording): 'Some Keyboard' has no X/Y position axes"), "\(run.err)")
    }

    @Test func aMissingRecordingIsNamed() throws {
        let folder = TemporaryFolder()
        let run = try calibrate(folder.file("nothing.evemu"), folder: folder)
        #expect(run.status == .exited(2))
        #expect(run.err.contains(folder.file("nothing.evemu")), "\(run.err)")
    }

    @Test func writeRefusesASymbolicLinkBeforeAnything() throws {
        let folder = TemporaryFolder()
        let target = folder.write(Self.original, to: "real.yml")
        #expect(symlink(target, folder.file("link.yml")) == 0)
        let run = try calibrate(CalibrationRecording.path("swapped"), ["--write", folder.file("link.yml")], folder: folder)
        #expect(run.status == .exited(2))
        #expect(run.err.contains("refusing --write \(folder.file("link.yml")): it is a symbolic link; give the file it points to (→ \(target))"), "\(run.err)")
        #expect(!run.err.contains("taken"), "no press was read")
        #expect(run.out.isEmpty)
        #expect(folder.readText("real.yml") == Self.original)
        var info = stat()
        #expect(lstat(folder.file("link.yml"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func writeRefusesADescriptionThatDoesNotLoad() throws {
        let folder = TemporaryFolder()
        let broken = "title: Broken\nsections:\n  - controls:\n      - {id: fan, kind: dial}\n"
        let config = folder.write(broken, to: "panel.yml")
        let run = try calibrate(CalibrationRecording.path("swapped"), ["--write", config], folder: folder)
        #expect(run.status == .exited(2))
        #expect(run.err.contains("\(config):4:"), "\(run.err)")
        #expect(run.err.contains("(--write changes only a description that loads)"))
        #expect(folder.readText("panel.yml") == broken)
    }

    @Test func writeAppendsTheKeyWhenThereIsNone() throws {
        let folder = TemporaryFolder()
        let config = folder.write(Self.original, to: "panel.yml")
        let run = try calibrate(CalibrationRecording.path("inverted"), ["--write", config], folder: folder)
        #expect(run.status == .exited(0), "\(run.err)")
        let matrix = try #require(run.matrix)
        #expect(folder.readText("panel.yml") == Self.original + "calibration: [\(CalibrationMatrix(matrix).shownValues.joined(separator: ", "))]\n")
        let check = CommandRunner.run(["check", "--config", config])
        #expect(check.status == 0, "\(check.err)")
    }

    @Test func badFlagsAreMistakesAndHelpNamesTheExitStatuses() throws {
        let folder = TemporaryFolder()
        for (flags, message) in [(["--rotate", "45"], "panel calibrate: --rotate must be 0, 90, 180 or 270, not '45'"),
                                 (["--timeout", "0"], "panel calibrate: --timeout must be a number above 0, not '0'"),
                                 (["--scale", "2"], "panel calibrate: unknown flag --scale")] {
            let run = try CalibrateProcess.run(["calibrate", "--display", "headless:800x480"] + flags, in: folder)
            #expect(run.status == .exited(2))
            #expect(run.err.contains(message), "\(run.err)")
        }
        let help = try CalibrateProcess.run(["calibrate", "--help"], in: folder)
        #expect(help.status == .exited(0))
        #expect(help.out.contains("usage: panel calibrate") && help.out.contains("3 no touch within --timeout"), "\(help.out)")
        let main = try CalibrateProcess.run(["--help"], in: folder)
        #expect(main.out.contains("panel calibrate [--display SPEC]"))
    }

    @Test func inputNoneIsAMistake() throws {
        let folder = TemporaryFolder()
        let run = try CalibrateProcess.run(["calibrate", "--input", "none", "--display", "headless:800x480"], in: folder)
        #expect(run.status == .exited(2))
        #expect(run.err.contains("panel calibrate: --input none gives no touches to calibrate with"), "\(run.err)")
    }
}

extension String {
    /// How often `part` occurs.
    func components(_ part: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.firstRange(of: part) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
