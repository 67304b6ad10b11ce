import Glibc
import PanelUI
@testable import panel

/// `panel ARGS…` run to its end as a real process, stdout and stderr in files of `folder`.
struct CalibrateProcess {
    var status: ChildProcess.Termination?
    var out: String
    var err: String

    /// Runs the built binary; gives up (killing it) after `seconds`, leaving `status` nil.
    static func run(_ arguments: [String], in folder: TemporaryFolder, seconds: Double = 20) throws -> CalibrateProcess {
        let out = folder.file("stdout"), err = folder.file("stderr")
        let child = try ChildProcess(argv: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >\"$PANEL_TEST_OUT\" 2>\"$PANEL_TEST_ERR\"", PanelProcess.binary]
                                        + arguments,
                                     environment: ["PATH=/usr/bin:/bin", "HOME=/tmp", "PANEL_TEST_OUT=\(out)", "PANEL_TEST_ERR=\(err)"])
        var pollFD = pollfd(fd: child.pidfd.rawValue, events: Int16(POLLIN), revents: 0)
        var status: ChildProcess.Termination?
        if poll(&pollFD, 1, CInt(seconds * 1000)) == 1 {
            status = child.reap()
        } else {
            child.signalGroup(SIGKILL)
            _ = poll(&pollFD, 1, 5000)
            _ = child.reap()
        }
        return CalibrateProcess(status: status, out: folder.readText("stdout") ?? "", err: folder.readText("stderr") ?? "")
    }

    /// The six numbers of the `calibration: [...]` line on stdout.
    var matrix: [Double]? {
        guard let line = out.split(separator: "\n").first(where: { $0.hasPrefix("calibration: [") && $0.hasSuffix("]") }) else { return nil }
        let numbers = line.dropFirst("calibration: [".count).dropLast().split(separator: ",").map { Double($0.trimmingSpaces) }
        guard numbers.count == 6, numbers.allSatisfy({ $0 != nil }) else { return nil }
        return numbers.map { $0! }
    }
}

/// The recordings of Tests/calibration (written by its make-recordings.py).
enum CalibrationRecording {
    static func path(_ name: String) -> String { RepositoryFile.path("Tests/calibration/\(name).evemu") }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
