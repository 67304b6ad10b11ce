@testable import PanelUI

/// The panel the button, dialog, spinner and sheet tests draw: a switch that asks before it
/// changes, a plain button, two that ask (one destructive) and a disabled one.
enum ButtonScenes {
    static func yaml(theme: String = "light") -> String {
        """
        title: Machine
        theme: \(theme)
        sections:
          - title: Service
            controls:
              - {id: heating, kind: switch, label: Heating, default: true, confirm: "Turn the heating off? The tank cools down within the hour."}
              - {id: flush, kind: button, label: Flush the lines, action: {exec: [/bin/true]}}
              - {id: restart, kind: button, label: Restart the panel, confirm: "Restart the panel?", action: {exec: [/bin/true]}}
              - {id: erase, kind: button, label: Erase All Content, style: destructive, detail: Settings and logs, confirm: "This erases every setting and log on the panel. It cannot be undone."}
              - {id: calibrate, kind: button, label: Calibrate the touchscreen, enabled: false}
          - title: Options
            controls:
              - {id: lamp, kind: checkbox, label: Lamp, confirm: "Switch the lamp?"}
        """
    }

    static let heating = 0, flush = 1, restart = 2, erase = 3, calibrate = 4, lamp = 5
    static let themes = ["light", "dark", "high-contrast"]

    static func description(theme: String = "light") throws -> PanelDescription {
        try PanelDescription.parse(yaml(theme: theme), file: "buttons.yml", fileExists: { _ in true })
    }

    static func model(theme: String = "light", size: Size = Size(width: 800, height: 480), scale: Double = 1,
                      fonts: FontCache? = FontCache()) throws -> PanelModel {
        let description = try description(theme: theme)
        return PanelModel(description: description,
                          layout: PanelLayout(description: description, logicalSize: size, scale: scale, fonts: fonts),
                          fonts: fonts)
    }

    static func painter(for model: PanelModel, fonts: FontCache = FontCache()) throws -> PanelPainter {
        try PanelPainter(description: model.description, fonts: fonts, scale: model.layout.metrics.scale,
                         logicalSize: model.layout.logicalSize)
    }

    static func render(_ model: PanelModel, at now: Double = 0, fonts: FontCache = FontCache()) throws -> PixelBuffer {
        let buffer = PixelBuffer(size: model.layout.logicalSize)
        try painter(for: model, fonts: fonts).draw(model, at: now, into: buffer, clip: buffer.bounds)
        return buffer
    }

    /// The target of a control (its first row that takes touches).
    static func target(_ model: PanelModel, control: Int) -> Int {
        model.layout.targets.indices.first { model.controlIndex(ofTarget: $0) == control }!
    }

    /// A finger down and up at `point` (screen coordinates) at `now`, slot 0.
    @discardableResult
    static func tap(_ model: inout PanelModel, at point: Point, now: Double = 0) -> [PanelEvent] {
        model.handle(PanelTouch(phase: .down, slot: 0, position: point), at: now)
            + model.handle(PanelTouch(phase: .up, slot: 0, position: point), at: now)
    }

    /// A tap on a control's row.
    @discardableResult
    static func tap(_ model: inout PanelModel, control: Int, now: Double = 0) -> [PanelEvent] {
        tap(&model, at: model.onScreen(model.layout.targets[target(model, control: control)].frame, at: now).center, now: now)
    }

    /// A tap on the dialog's button `index` (0 Cancel, 1 the go-ahead; 0 the sheet's OK).
    @discardableResult
    static func tapDialog(_ model: inout PanelModel, button index: Int, now: Double = 0) -> [PanelEvent] {
        tap(&model, at: model.overlay!.layout.buttons[index].center, now: now)
    }
}
