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
    /// The panel's own page: what shows at start.
    public var sections: [SectionDescription] {
        didSet { (controls, pageStarts, pageRuns) = Self.flattened(sections) }
    }
    /// Every image file the description names (theme and controls), once per resolved path,
    /// in file order: the program loads each once at start and reports one that fails to decode
    /// at the place it was first written.
    public var imageReferences: [ImageReference]
    /// Key `blank_after`: seconds without a touch before the screen is blanked; nil never blanks.
    public var blankAfter: Double?
    /// Key `socket`: the control socket's path; nil leaves it to `--socket` or the default.
    public var socketPath: String?
    /// Key `calibration`: libinput's 6-number calibration matrix for every touchscreen
    /// (replacing udev's LIBINPUT_CALIBRATION_MATRIX); nil keeps the device's own.
    public var calibration: [Double]?
    /// Where the theme's `font` was written, to report a file FreeType can't use there;
    /// nil when the description leaves the font to the default (`theme.font` either way).
    public var fontReference: FileReference?
    /// Where each fallback of the theme's `fonts` was written, in order.
    public var fallbackFontReferences: [FileReference] = []
    /// Every line of text the panel draws, where it is written, for `TextCoverage`.
    public var drawnTexts: [DrawnText] = []
    /// Key `scale`: `auto` (from the screen's pixels per millimetre) or a factor.
    public var scale: ScaleSetting
    /// Key `physical_size`: the screen's size in millimetres, for `scale: auto` where the
    /// display does not report one.
    public var physicalSize: PhysicalSize?
    /// Key `columns`: how many columns sections flow into.
    public var columns: ColumnSetting
    /// Key `direction`: `rtl` mirrors the layout (`auto` reads the text, `layoutDirection`).
    public var direction = DirectionSetting.auto
    /// `theme: auto`: the light and dark themes and the window of local time the dark one
    /// shows in; nil for a fixed theme. `theme` is the light one until a panel picks by the clock.
    public var themeSchedule: ThemeSchedule?
    /// Key `mqtt`: the broker to join; nil talks to no broker (libmosquitto is never loaded).
    public var mqtt: MQTTDescription?
    /// Keys `backlight`, `idle` (with `blank_after` as its `off_after`), `night`, `on_idle`.
    public var screen = ScreenSettings()
    /// Key `burn_in`: the drawing's slow shift and the daily colour cycle; nil does neither.
    public var burnIn: BurnInSettings?
    /// What loads but is probably a mistake (an `exec` argument's `{vaule}`), in file order:
    /// `panel check` prints these, `panel run` logs them.
    public var warnings: [DescriptionWarning] = []

    /// All controls of all sections of every page: the panel's own in file order first, then
    /// each page's (`pageStarts`), so the controls of one page are one run of indices. Kept, not
    /// gathered on each use, because drawing and hit testing index it for every row.
    public private(set) var controls: [ControlDescription]
    /// Per page control (its index in `controls`): where its page's controls start in `controls`.
    public private(set) var pageStarts: [Int: Int]

    /// Each page's own controls in `controls` (not those of pages inside it), in the order
    /// they start there: `page(holding:)` bisects them.
    private var pageRuns: [PageRun]

    /// The run of `controls` that page control `page` lists in its own sections.
    struct PageRun: Equatable, Sendable {
        var page: Int
        var controls: Range<Int>
    }

    /// The controls of every page in one list, pages after the page that opens them (breadth
    /// first), with where each page's run starts, and the runs in order.
    static func flattened(_ sections: [SectionDescription]) -> ([ControlDescription], [Int: Int], [PageRun]) {
        var controls = sections.flatMap(\.controls)
        var starts: [Int: Int] = [:]
        var runs: [PageRun] = []
        var next = 0
        while next < controls.count {
            if let page = controls[next].page {
                starts[next] = controls.count
                let own = page.flatMap(\.controls)
                runs.append(PageRun(page: next, controls: controls.count..<(controls.count + own.count)))
                controls += own
            }
            next += 1
        }
        return (controls, starts, runs)
    }

    /// The page control whose page lists control `index` (in its own sections, not in pages
    /// inside it); nil for a control of the panel's own page. Found by bisection: a layout
    /// asks it for every page, and searching every page each time made 40,000 pages take seconds.
    public func page(holding index: Int) -> Int? {
        // The last run starting at or before `index`, if it reaches it.
        var low = 0, high = pageRuns.count
        while low < high {
            let middle = (low + high) / 2
            if pageRuns[middle].controls.lowerBound <= index { low = middle + 1 } else { high = middle }
        }
        guard low > 0, pageRuns[low - 1].controls.contains(index) else { return nil }
        return pageRuns[low - 1].page
    }

    /// The sections a page shows (nil: the panel's own) and the index of its first control.
    public func sections(ofPage page: Int?) -> (sections: [SectionDescription], firstControl: Int) {
        guard let page else { return (sections, 0) }
        return (controls[page].page ?? [], pageStarts[page] ?? controls.count)
    }

    public init(title: String? = nil, rotation: Rotation? = nil, theme: Theme = .standard, sections: [SectionDescription],
                imageReferences: [ImageReference] = [], blankAfter: Double? = nil, socketPath: String? = nil,
                calibration: [Double]? = nil, fontReference: FileReference? = nil, scale: ScaleSetting = .auto,
                physicalSize: PhysicalSize? = nil, columns: ColumnSetting = .auto,
                themeSchedule: ThemeSchedule? = nil, mqtt: MQTTDescription? = nil) {
        self.scale = scale
        self.physicalSize = physicalSize
        self.columns = columns
        self.title = title
        self.mqtt = mqtt
        self.themeSchedule = themeSchedule
        self.fontReference = fontReference
        self.socketPath = socketPath
        self.calibration = calibration
        self.blankAfter = blankAfter
        self.rotation = rotation
        self.theme = theme
        self.sections = sections
        (controls, pageStarts, pageRuns) = Self.flattened(sections)
        self.imageReferences = imageReferences
    }
}

/// A file named in a description (an image, the font): where it is and where it was written,
/// so a file that turns out unusable when the program opens it is reported at that place.
public struct FileReference: Equatable, Sendable {
    /// Resolved: relative paths are joined to the description file's folder.
    public var path: String
    /// Where the path was first written (the value, not the key).
    public var location: SourceLocation

    public init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }
}

/// An image file named in a description.
public typealias ImageReference = FileReference

public struct SectionDescription: Equatable, Sendable {
    public var title: String?
    public var controls: [ControlDescription]

    public init(title: String? = nil, controls: [ControlDescription]) {
        self.title = title
        self.controls = controls
    }
}

public enum ControlValue: Equatable, Sendable {
    /// A checkbox or switch.
    case bool(Bool)
    /// A radio group: the selected option, or nil when nothing is selected.
    case option(String?)
    /// A slider or stepper: a number within its range, on its step grid.
    case number(Double)
    /// A value row: the text it shows.
    case text(String)
    /// A button or page: nothing to keep.
    case none
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
    /// Sliders and steppers only: the range, step grid and unit of the value.
    public var number: NumberSetting?
    /// Where the control's mapping starts, for later messages about it.
    public var location: SourceLocation
    /// The look of a checkbox or of each radio option. Always filled, so painters need no
    /// optionals: a switch holds the theme's checkbox look, untouched by its own keys.
    public var checkboxStyle: CheckboxStyle
    /// The look of a switch; a checkbox or radio group holds the theme's switch look.
    public var switchStyle: SwitchStyle
    public var labelStyle: LabelStyle
    /// Key `detail`: a second, smaller line under the label in the secondary colour.
    public var detail: String?
    /// Key `action`: run on every change of the value (a button: on every press); nil runs nothing.
    public var action: ActionDescription?
    /// Key `confirm` (buttons, switches, checkboxes): a tap asks first, in a dialog with this
    /// message; nil changes at once. A socket `set` or `press` never asks.
    public var confirm: String?
    /// Key `style` of a button: `destructive` draws it in the theme's red.
    public var buttonStyle: ButtonStyle = .normal
    /// The style keys the control itself wrote, kept so the styles can be made again over
    /// another theme (`theme: auto` switching to dark).
    public var styleOverrides: StyleOverrides
    /// Key `source` of a value row: the command run on a schedule whose output it shows.
    public var source: ValueSourceDescription?
    /// `source: {mqtt: TOPIC}` on a value row: the text comes from that MQTT topic's messages.
    public var mqttSource: MQTTValueSource?
    /// Key `icon`: a picture at the row's leading edge (resolved path), scaled to the row.
    public var icon: String?
    /// Key `summary` of a page: the id of a control inside it whose value its row shows.
    public var summary: String?
    /// A page's own sections (kind `page`): what opens when its row is tapped.
    public var page: [SectionDescription]?
    /// A slider's `bind: backlight`: its value is the backlight's brightness.
    public var backlightBinding: BacklightBinding?

    /// Styles left out are the standard theme's look for `kind`.
    public init(id: String, kind: ControlKind, label: String? = nil, enabled: Bool = true, defaultValue: ControlValue? = nil,
                options: [String] = [], mustHaveSelection: Bool = false, location: SourceLocation,
                checkboxStyle: CheckboxStyle? = nil, switchStyle: SwitchStyle? = nil, labelStyle: LabelStyle? = nil,
                action: ActionDescription? = nil, detail: String? = nil,
                styleOverrides: StyleOverrides = StyleOverrides()) {
        self.detail = detail
        self.id = id
        self.styleOverrides = styleOverrides
        self.kind = kind
        self.label = label ?? id
        self.enabled = enabled
        self.defaultValue = defaultValue ?? kind.behavior.initialValue(options: options, mustHaveSelection: mustHaveSelection)
        self.options = options
        self.mustHaveSelection = mustHaveSelection
        self.location = location
        self.checkboxStyle = checkboxStyle ?? Theme.standard.checkboxStyle(for: kind)
        self.switchStyle = switchStyle ?? Theme.standard.switchStyle
        self.labelStyle = labelStyle ?? Theme.standard.labelStyle
        self.action = action
    }
}

extension PanelDescription {
    /// The same panel drawn in `theme`: every control's styles made again from the theme's
    /// look and the keys the control wrote. Layout keys (font size, row height) come along,
    /// so a schedule's two themes must share them, as decoded ones do.
    public func themed(_ theme: Theme) -> PanelDescription {
        var copy = self
        copy.theme = theme
        copy.sections = Self.restyled(sections, by: theme)
        return copy
    }
}

extension PanelDescription {
    static func restyled(_ sections: [SectionDescription], by theme: Theme) -> [SectionDescription] {
        sections.map { section in
            var section = section
            section.controls = section.controls.map { control in
                var control = control.styled(by: theme)
                control.page = control.page.map { restyled($0, by: theme) }
                return control
            }
            return section
        }
    }
}

extension ControlDescription {
    /// The control with its styles made from `theme` and its own style keys.
    func styled(by theme: Theme) -> ControlDescription {
        var control = self
        (control.checkboxStyle, control.switchStyle, control.labelStyle) = theme.styles(for: kind, overrides: styleOverrides)
        return control
    }
}
