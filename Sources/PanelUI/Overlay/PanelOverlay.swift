/// A modal dialog over the page: a confirm dialog (`confirm:` on a button, switch or checkbox)
/// or the sheet saying why a control's action failed. While one shows, it takes every touch:
/// the rows behind it change nothing. The state machine is in PanelOverlay.md beside this file;
/// the model routes touches to it (PanelModel+Overlay.swift) and the painter draws it over the
/// dimmed page (DialogPainter.swift).
public struct PanelOverlay: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        /// A tap asked before going ahead: pressing a button (`value` nil) or changing a
        /// switch or checkbox to `value`.
        case confirm(control: Int, value: ControlValue?)
        /// A tap on a failed row's badge: why its action failed.
        case failure(control: Int)
    }

    /// What each button of the dialog does.
    public enum Role: Equatable, Sendable {
        /// Closes the dialog; nothing changes.
        case cancel
        /// Closes it and goes ahead with what it asked about, once.
        case goAhead
        /// Closes a sheet.
        case dismiss
    }

    /// The one finger the dialog follows: the first that goes down while it shows (others are
    /// ignored until it is up).
    struct Finger: Equatable, Sendable {
        var slot: Int
        /// The button it went down on, tracked as a UIControl; nil for a finger that went down
        /// elsewhere.
        var button: Int?
        var tracker = ControlTracker()
        /// It went down outside the box: lifted outside too, it cancels the dialog.
        var downOutside: Bool
    }

    public var purpose: Purpose
    /// Left to right, as `layout.buttons`.
    public var roles: [Role]
    /// Red for the go-ahead of a destructive button.
    public var destructive: Bool
    public var layout: DialogLayout
    var finger: Finger?

    /// The button drawn pressed: a finger went down on it and is still over it.
    public var highlightedButton: Int? {
        guard let finger, let button = finger.button, finger.tracker.isHighlighted else { return nil }
        return button
    }

    /// The control the dialog is about.
    public var control: Int {
        switch purpose {
        case .confirm(let control, _), .failure(let control): control
        }
    }

    /// Black at this opacity over the whole page while a dialog shows.
    public static let dimOpacity = 0.45
    /// The longest failure reason kept per control, in characters; longer ones end in "…".
    public static let longestReason = 300
}
