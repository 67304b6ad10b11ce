import PanelUI

/// What to do after a hotplug event (or a failed flip) re-probed the connectors.
/// `DRMDisplay.reprobe` calls `decide` when the event loop hears a udev hotplug of the card.
enum HotplugDecision: Equatable {
    /// The driven connector is still connected with the same mode: carry on.
    case keep
    /// Nothing usable is connected: stop flipping and wait for the next event.
    case wait
    /// The output came back, or another one is connected: modeset it and redraw the whole frame.
    case modeset(DRMChoice)

    /// `current` is the output being driven, nil while waiting. A new output must offer the
    /// screen size the panel was laid out for (`screenSize`); another size needs a restart.
    static func decide(current: DRMChoice?, device: DRMResources, request: DRMRequest, screenSize: Size) -> HotplugDecision {
        if let current,
           let connector = device.connectors.first(where: { $0.id == current.connector.id }),
           connector.status == .connected,
           connector.modes.contains(where: { $0.size == current.mode.size }) {
            return .keep
        }
        var pinned = request
        pinned.size = screenSize
        pinned.refresh = nil
        if let choice = try? DRMSelection.choose(in: device, request: pinned) {
            return .modeset(choice)
        }
        if request.connector != nil {
            return .wait
        }
        // Any other connected output of the same size will do when none was named.
        for connector in device.connectors where connector.status == .connected {
            pinned.connector = connector.name
            if let choice = try? DRMSelection.choose(in: device, request: pinned) { return .modeset(choice) }
        }
        return .wait
    }
}
