import PanelUI

/// A tap turning on a checkbox of each animation type and a switch, frame by frame
/// (`ToggleBench`), in one panel; and the demo's tapped box without an animation
/// (`animation_duration: 0`), which shows its new state in the touch-up frame, as LVGL's
/// toggle does with transitions off.
enum AnimationBench {
    static let checkboxAnimations = ["stroke", "fill", "bounce", "flat", "one_stroke", "fade"]

    /// A panel with one checkbox per animation type and a switch, all off.
    static let yaml: String = {
        var lines = ["title: Animations", "theme: {row_height: 52}", "sections:", "  - controls:"]
        for name in checkboxAnimations {
            lines.append("      - {id: \(name), kind: checkbox, label: \(name), on_animation: \(name)}")
        }
        lines.append("      - {id: switch, kind: switch, label: switch}")
        return lines.joined(separator: "\n")
    }()

    static func measure(size: Size, fonts: FontCache, repeats: Int) throws -> [TapFigures] {
        let description = try PanelDescription.parse(yaml, file: "(benchmark animations)", fileExists: { _ in true })
        return try description.controls.map { control in
            try ToggleBench.measure(description: description, name: control.id, size: size, fonts: fonts,
                                    controlID: control.id, repeats: repeats)
        }
    }

    /// The demo with every control's animation turned off.
    static func instantDemo() throws -> PanelDescription {
        let yaml = DemoPanel.yaml.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line == "theme: {row_height: 52}" ? "theme: {row_height: 52, animation_duration: 0}" : String(line)
        }.joined(separator: "\n")
        let description = try PanelDescription.parse(yaml, file: "(benchmark demo without animations)", fileExists: { _ in true })
        guard description.controls.allSatisfy({ $0.checkboxStyle.animationDuration == 0 && $0.switchStyle.animationDuration == 0 }) else {
            throw CommandFailure(message: "panel bench: the demo's theme line changed; cannot turn its animations off", status: ExitStatus.failure)
        }
        return description
    }
}
