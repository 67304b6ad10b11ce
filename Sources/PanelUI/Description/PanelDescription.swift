/// What a panel description file says: the settings to show and how they look.
///
/// Built only by `PanelDescription.parse`, which checks everything a person can get
/// wrong so the rest of the program can trust these values.
public struct PanelDescription: Equatable, Sendable {
    /// The title bar text; nil means no title bar.
    public var title: String?
    /// Key `rotate`; nil means the display's own orientation.
    public var rotation: Rotation?
    public var theme: Theme
    public var sections: [SectionDescription]
    /// Key `blank_after`: seconds without a touch before the screen is blanked; nil never blanks.
    public var blankAfter: Double?

    /// All controls of all sections, in file order.
    public var controls: [ControlDescription] { sections.flatMap(\.controls) }

    public init(title: String? = nil, rotation: Rotation? = nil, theme: Theme = .standard, sections: [SectionDescription],
                blankAfter: Double? = nil) {
        self.title = title
        self.blankAfter = blankAfter
        self.rotation = rotation
        self.theme = theme
        self.sections = sections
    }
}

public struct SectionDescription: Equatable, Sendable {
    public var title: String?
    public var controls: [ControlDescription]

    public init(title: String? = nil, controls: [ControlDescription]) {
        self.title = title
        self.controls = controls
    }
}

public enum ControlKind: String, Sendable, CaseIterable {
    case checkbox, `switch`, radio
}

public enum ControlValue: Equatable, Sendable {
    /// A checkbox or switch.
    case bool(Bool)
    /// A radio group: the selected option, or nil when nothing is selected.
    case option(String?)
}

public struct ControlDescription: Equatable, Sendable {
    /// Names the value in the state file; letters, digits, `_`, `.` and `-`.
    public var id: String
    public var kind: ControlKind
    /// Defaults to the id.
    public var label: String
    public var enabled: Bool
    /// `.bool` for checkboxes and switches, `.option` for radio groups.
    public var defaultValue: ControlValue
    /// Radio groups only: non-empty, unique, non-empty strings. Empty for other kinds.
    public var options: [String]
    /// Radio groups only: a touch on the selected option does not clear it.
    public var mustHaveSelection: Bool
    /// Where the control's mapping starts, for later messages about it.
    public var location: SourceLocation

    public init(id: String, kind: ControlKind, label: String? = nil, enabled: Bool = true, defaultValue: ControlValue? = nil,
                options: [String] = [], mustHaveSelection: Bool = false, location: SourceLocation) {
        self.id = id
        self.kind = kind
        self.label = label ?? id
        self.enabled = enabled
        self.defaultValue = defaultValue ?? (kind == .radio ? .option(mustHaveSelection ? options.first : nil) : .bool(false))
        self.options = options
        self.mustHaveSelection = mustHaveSelection
        self.location = location
    }
}

public struct Theme: Equatable, Sendable {
    public var background: Color
    public var text: Color
    /// Switch and checkbox when on, radio dot.
    public var accent: Color
    public var rowBackground: Color
    public var separator: Color
    public var sectionText: Color
    /// Path of a TrueType/OpenType file.
    public var font: String
    public var fontSize: Int
    /// Rows are touch targets, so at least 48 pixels.
    public var rowHeight: Int

    public static let standard = Theme(
        background: Color(rgb: 0xF2F2F7), text: Color(rgb: 0x000000), accent: Color(rgb: 0x007AFF),
        rowBackground: Color(rgb: 0xFFFFFF), separator: Color(rgb: 0xC6C6C8), sectionText: Color(rgb: 0x6D6D72),
        font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", fontSize: 20, rowHeight: 64)
}
