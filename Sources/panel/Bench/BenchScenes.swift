import Glibc
import PanelUI

/// What `panel bench` draws: a description with a name, and the file the cairo helper and
/// the start-up runs read it from (nil: the bundled demo, which they have compiled in).
struct BenchScene {
    var name: String
    var description: PanelDescription
    var path: String?
}

enum BenchScenes {
    /// A screen full of rows, so that rows and not background cover it. Its first section is
    /// the LVGL anchor's `--dense` scene (../shared/anchors/lvgl): 15 rows of 64 px under a
    /// 64 px title and a header, alternately a switch and a checkbox, "Setting 1" to
    /// "Setting 15", on where (n − 1) mod 4 < 2, which fill 1920x1080. Below it, sections
    /// mixing radio groups with switches and checkboxes carry the list to about two and a half
    /// screens at 1080p, so it scrolls (the scroll figure is taken in its middle). Two rows in
    /// three of those sections have a detail line under the label, as settings lists do; the
    /// first section has none, since the anchor draws none and the 1080p frame must be the same
    /// drawing as LVGL's. So the full frames up to 1080p show one-line rows, while the 3840x2160
    /// frame at scale 1 and the scroll frame (in the list's middle) draw detail lines and radio
    /// options too. One column (`columns: 1`),
    /// as the anchor draws it: `columns: auto` would lay 1080p out in three, where neither the
    /// LVGL figures nor the single-column scroll compare.
    static let denseYAML: String = {
        var lines = ["title: Settings", "columns: 1", "theme: {row_height: 64}", "sections:", "  - title: Network", "    controls:"]
        for n in 1...15 {
            let kind = n % 2 == 1 ? "switch" : "checkbox"
            lines.append("      - {id: setting\(n), kind: \(kind), label: Setting \(n), default: \((n - 1) % 4 < 2)}")
        }
        let more: [(title: String, radio: (id: String, label: String, options: [String])?, rows: [(String, String)])] = [
            ("Display", ("brightness", "Brightness", ["Low", "Medium", "High", "Automatic"]),
             [("Night shift", "Warmer colours after sunset"), ("True tone", "Matches the light in the room"),
              ("Raise to wake", ""), ("Auto-lock", "After two minutes without a touch"), ("Bold text", "Heavier strokes in every label"),
              ("Larger text", "")]),
            ("Sound", ("alert", "Alert tone", ["Chime", "Bell", "Pulse"]),
             [("Silent mode", "Alerts flash the screen instead"), ("Keyboard clicks", "A tick on every key"), ("Lock sound", ""),
              ("Vibrate on ring", "Needs the haptic motor"), ("Vibrate on silent", "Also in silent mode"), ("Haptics", "")]),
            ("Privacy", ("location", "Location", ["Never", "While using", "Always"]),
             [("Analytics", "Counts of use and nothing more"), ("Crash reports", "Sent after a restart"), ("Personalised ads", ""),
              ("Share with developers", "Crash reports only")]),
        ]
        for section in more {
            lines += ["  - title: \(section.title)", "    controls:"]
            if let radio = section.radio {
                lines.append("      - {id: \(radio.id), kind: radio, label: \(radio.label), options: [\(radio.options.joined(separator: ", "))], "
                    + "default: \(radio.options[1])}")
            }
            for (i, (label, detail)) in section.rows.enumerated() {
                let id = label.lowercased().split(separator: " ").joined(separator: "_").replacingDashes()
                let detailKey = detail.isEmpty ? "" : ", detail: \(detail)"
                lines.append("      - {id: \(id), kind: \(i % 2 == 0 ? "checkbox" : "switch"), label: \(label)\(detailKey), default: \(i % 3 == 0)}")
            }
        }
        return lines.joined(separator: "\n")
    }()

    static func demo() throws -> BenchScene {
        BenchScene(name: "demo", description: try Commands.loadDescription(nil), path: nil)
    }

    /// The dense scene, written into `folder` for the cairo helper and the start-up runs.
    static func dense(in folder: BenchFolder) throws -> BenchScene {
        let path = "\(folder.path)/dense.yml"
        try writeBenchFile(path, denseYAML)
        let description = try PanelDescription.parse(denseYAML, file: "(benchmark dense scene)", fileExists: { _ in true })
        return BenchScene(name: "dense", description: description, path: path)
    }

    /// `--config FILE`: that description, named by its path.
    static func config(_ path: String) throws -> BenchScene {
        BenchScene(name: path, description: try Commands.loadDescription(path), path: path)
    }
}

private extension String {
    func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}

/// Writes a scratch file into the benchmark's own folder (made by mkdtemp, ours alone).
func writeBenchFile(_ path: String, _ text: String) throws(CommandFailure) {
    do throws(Errno) {
        let file = try FileDescriptor(opening: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, permissions: 0o600)
        try file.writeAll(Array(text.utf8))
        try file.close()
    } catch {
        throw CommandFailure(message: "panel bench: cannot write \(path): \(error)", status: ExitStatus.failure)
    }
}
