/// The dialog over the page (PanelOverlay.md): opening it, the touches it takes while it
/// shows, and what its buttons do.
extension PanelModel {
    /// What a tap on a control goes on to do: with `confirm:` it asks first (nothing happens
    /// until its go-ahead); otherwise a button's press or the value change, at once.
    mutating func tapGoesAhead(control index: Int, value: ControlValue?, at now: Double) -> [PanelEvent] {
        let control = description.controls[index]
        if control.confirm != nil { return openConfirm(control: index, value: value, at: now) }
        return goAhead(control: index, value: value, at: now)
    }

    /// The press of a button (`value` nil) or the change of a value, as a tap does it.
    private mutating func goAhead(control index: Int, value: ControlValue?, at now: Double) -> [PanelEvent] {
        guard let value else { return [.pressed(controlIndex: index, id: description.controls[index].id)] }
        return setValue(value, ofControl: index, animated: true, at: now).map { [.valueChanged($0)] } ?? []
    }

    /// Shows the confirm dialog of a control: its label as the title, its `confirm:` text, and
    /// Cancel beside what goes ahead ("Turn Off", a button's label).
    mutating func openConfirm(control index: Int, value: ControlValue?, at now: Double) -> [PanelEvent] {
        let control = description.controls[index]
        let ahead = control.kind.behavior.confirmTitle(of: control, changingTo: value)
        return open(PanelOverlay(purpose: .confirm(control: index, value: value), roles: [.cancel, .goAhead],
                                 destructive: control.kind.presses && control.buttonStyle == .destructive,
                                 layout: dialogLayout(title: control.label, message: control.confirm ?? "", buttons: ["Cancel", ahead])),
                    at: now)
    }

    /// Shows why a control's action failed, with one OK.
    mutating func openFailureSheet(control index: Int, at now: Double) -> [PanelEvent] {
        let control = description.controls[index]
        let message = failureReasons[index].map { "The action \($0)." } ?? "The action failed."
        return open(PanelOverlay(purpose: .failure(control: index), roles: [.dismiss], destructive: false,
                                 layout: dialogLayout(title: control.label, message: message, buttons: ["OK"])), at: now)
    }

    private func dialogLayout(title: String, message: String, buttons: [String]) -> DialogLayout {
        let dialog = DialogLayout(title: title, message: message, buttons: buttons, screen: layout.logicalSize, metrics: layout.metrics,
                                  fonts: dialogFonts)
        return layout.direction.isRightToLeft ? dialog.mirrored() : dialog
    }

    /// Every other finger loses its touch (as UIKit's presented alert takes them), then the
    /// dialog and the dim over the whole screen show.
    private mutating func open(_ dialog: PanelOverlay, at now: Double) -> [PanelEvent] {
        let events = cancelAllTouches(at: now)
        overlay = dialog
        pendingScreenDamage.append(Rect(x: 0, y: 0, width: layout.logicalSize.width, height: layout.logicalSize.height))
        return events
    }

    /// Closes the dialog, changing nothing (Cancel, a tap outside, the program taking it away).
    public mutating func closeOverlay() {
        guard overlay != nil else { return }
        overlay = nil
        pendingScreenDamage.append(Rect(x: 0, y: 0, width: layout.logicalSize.width, height: layout.logicalSize.height))
    }

    /// A touch while the dialog shows: it follows one finger on its buttons; nothing behind it
    /// sees the touch.
    mutating func handleOverlayTouch(_ touch: PanelTouch, at now: Double) -> [PanelEvent] {
        guard var dialog = overlay else { return [] }
        let p = touch.position
        switch touch.phase {
        case .down:
            guard dialog.finger == nil else { return [] }
            let button = dialog.layout.button(at: p)
            var finger = PanelOverlay.Finger(slot: touch.slot, button: button, downOutside: !dialog.layout.box.contains(p))
            if button != nil { _ = finger.tracker.handle(.down(inside: true)) }
            dialog.finger = finger
        case .motion:
            guard var finger = dialog.finger, finger.slot == touch.slot, let button = finger.button else { return [] }
            _ = finger.tracker.handle(.move(inside: isInside(p, button: button, of: dialog.layout)))
            dialog.finger = finger
        case .up:
            guard let finger = dialog.finger, finger.slot == touch.slot else { return [] }
            dialog.finger = nil
            if let button = finger.button {
                var tracker = finger.tracker
                let upInside = tracker.handle(.up(inside: isInside(p, button: button, of: dialog.layout))).contains(.upInside)
                if upInside { return finish(dialog, role: dialog.roles[button], at: now) }
            } else if finger.downOutside, !dialog.layout.box.contains(p) {
                return finish(dialog, role: .cancel, at: now)
            }
        case .cancel:
            guard let finger = dialog.finger, finger.slot == touch.slot else { return [] }
            dialog.finger = nil
        case .frame:
            return []
        }
        setOverlay(dialog)
        return []
    }

    /// Keeps the dialog's new state, repainting a button whose pressed look changed.
    private mutating func setOverlay(_ dialog: PanelOverlay) {
        if let old = overlay, old.highlightedButton != dialog.highlightedButton {
            for button in [old.highlightedButton, dialog.highlightedButton].compactMap({ $0 }) {
                pendingScreenDamage.append(dialog.layout.buttons[button])
            }
        }
        overlay = dialog
    }

    /// Within a button's tracking bounds: its rectangle grown by the tracking margin, never
    /// over another button.
    private func isInside(_ p: Point, button: Int, of dialog: DialogLayout) -> Bool {
        let m = Self.trackingMargin
        guard dialog.buttons[button].outsetBy(dx: m, dy: m).contains(p) else { return false }
        return dialog.buttons.indices.allSatisfy { $0 == button || !dialog.buttons[$0].contains(p) }
    }

    /// A button of the dialog was tapped: it closes, and a go-ahead makes its change once.
    private mutating func finish(_ dialog: PanelOverlay, role: PanelOverlay.Role, at now: Double) -> [PanelEvent] {
        closeOverlay()
        guard role == .goAhead, case .confirm(let index, let value) = dialog.purpose, isEnabled(control: index) else { return [] }
        return goAhead(control: index, value: value, at: now)
    }

    /// Whether a control takes touches now.
    private func isEnabled(control index: Int) -> Bool {
        layout.targets.indices.contains { controlIndex(ofTarget: $0) == index && trackers[$0].isEnabled }
    }
}
