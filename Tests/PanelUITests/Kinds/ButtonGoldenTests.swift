import Testing
@testable import PanelUI

/// What buttons, their confirm dialog, the busy spinner and the failure sheet look like in
/// each named theme (Golden/kinds/). Looked at: see the report of the branch that added them.
struct ButtonGoldenTests {
    /// Flush held down, Restart's action running for 0.55 s (its spinner two steps round),
    /// Erase failed: normal, pressed, destructive, disabled, busy and failed rows.
    @Test(arguments: ButtonScenes.themes)
    func buttonRows(theme: String) throws {
        var model = try ButtonScenes.model(theme: theme)
        let flush = model.layout.targets[ButtonScenes.target(model, control: ButtonScenes.flush)]
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: flush.frame.center), at: 0)
        model.setBusy(true, control: ButtonScenes.restart, since: 0)
        model.setFailed(true, control: ButtonScenes.erase, reason: "exited with status 1")
        #expect(model.spinnerShows(control: ButtonScenes.restart, at: 0.55))
        expectGolden(try ButtonScenes.render(model, at: 0.55), named: "kinds/button-rows-\(theme)")
    }

    /// The destructive button's confirm dialog over the dimmed page.
    @Test(arguments: ButtonScenes.themes)
    func confirmDialog(theme: String) throws {
        var model = try ButtonScenes.model(theme: theme)
        ButtonScenes.tap(&model, control: ButtonScenes.erase)
        #expect(model.overlay != nil)
        expectGolden(try ButtonScenes.render(model), named: "kinds/button-confirm-\(theme)")
    }

    /// A switch going off asks "Turn Off", here held down.
    @Test(arguments: ButtonScenes.themes)
    func switchDialogWithThePressedGoAhead(theme: String) throws {
        var model = try ButtonScenes.model(theme: theme)
        ButtonScenes.tap(&model, control: ButtonScenes.heating)
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: model.overlay!.layout.buttons[1].center), at: 0)
        #expect(model.overlay?.highlightedButton == 1)
        expectGolden(try ButtonScenes.render(model), named: "kinds/switch-confirm-pressed-\(theme)")
    }

    /// A failed row's badge tapped: the sheet with the action's reason and one OK.
    @Test(arguments: ButtonScenes.themes)
    func failureSheet(theme: String) throws {
        var model = try ButtonScenes.model(theme: theme)
        model.setFailed(true, control: ButtonScenes.erase,
                        reason: "exited with status 1 (stderr: rm: cannot remove '/data/settings': Read-only file system)")
        let row = model.layout.targets[ButtonScenes.target(model, control: ButtonScenes.erase)]
        ButtonScenes.tap(&model, at: row.badgeFrame(model.layout.metrics).center)
        #expect(model.overlay?.purpose == .failure(control: ButtonScenes.erase))
        expectGolden(try ButtonScenes.render(model), named: "kinds/failure-sheet-\(theme)")
    }

    /// The dialog on a 320x240 screen and at scale 2 on 1280x800: it fits and grows with the scale.
    @Test(arguments: [(Size(width: 320, height: 240), 1.0), (Size(width: 1280, height: 800), 2.0)])
    func dialogOnOtherScreens(size: Size, scale: Double) throws {
        var model = try ButtonScenes.model(size: size, scale: scale)
        ButtonScenes.tap(&model, control: ButtonScenes.heating)
        let box = try #require(model.overlay?.layout.box)
        #expect(Rect(x: 0, y: 0, width: size.width, height: size.height).contains(box))
        expectGolden(try ButtonScenes.render(model), named: "kinds/switch-confirm-\(size.width)x\(size.height)")
    }
}
