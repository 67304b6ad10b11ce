/// The description's keys about the screen itself: which backlight, the idle stages, the
/// night cap and the action run on each stage change (`backlight:`, `idle:`, `night:`,
/// `on_idle:`; `blank_after:` is `idle: {off_after:}`).
public struct ScreenSettings: Equatable, Sendable {
    public var backlight: BacklightSetting = .auto
    /// nil: the screen never dims nor goes off by itself.
    public var idle: IdleSettings?
    /// nil: no cap at night.
    public var night: NightSettings?
    /// Run on each idle stage change with `{value}` the state's name (`active`, `dimmed`, `off`).
    public var onIdle: ActionDescription?

    public init(backlight: BacklightSetting = .auto, idle: IdleSettings? = nil, night: NightSettings? = nil,
                onIdle: ActionDescription? = nil) {
        self.backlight = backlight
        self.idle = idle
        self.night = night
        self.onIdle = onIdle
    }
}

/// `backlight:` (and `--backlight`): which device of the kernel's backlight class the panel drives.
public enum BacklightSetting: Equatable, Sendable, CustomStringConvertible {
    /// The one tied to the panel's DRM connector, else the first by type (firmware, platform, raw).
    case auto
    /// None: idle `off` uses DPMS or a black frame, `dim_after` is skipped.
    case none
    /// A device under /sys/class/backlight by its name (`rpi_backlight`, `10-0045`).
    case name(String)
    /// A folder holding `brightness` and `max_brightness` (any path with a `/`).
    case path(String)

    /// `auto`, `none`, a path (it has a `/`) or a device's name; nil for empty text or a name
    /// that can't be a folder entry (`.`, `..`).
    public init?(parsing text: String) {
        switch text {
        case "auto": self = .auto
        case "none": self = .none
        case "", ".", "..": return nil
        default: self = text.contains("/") ? .path(text) : .name(text)
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .none: "none"
        case .name(let name): name
        case .path(let path): path
        }
    }
}

/// `idle: {dim_after: 60, dim_to: 20%, off_after: 300, wake: touch}`.
public struct IdleSettings: Equatable, Sendable {
    /// How the screen wakes: a touch (swallowed whole, so it presses nothing).
    public enum Wake: String, Sendable, CaseIterable { case touch }

    /// Seconds without a touch before the backlight dims; nil never dims.
    public var dimAfter: Double?
    /// The dimmed brightness, 0...1 of the backlight's range (never brighter than the setting).
    public var dimTo: Double
    /// Seconds without a touch before the screen goes off; nil never does.
    public var offAfter: Double?
    public var wake: Wake

    public static let defaultDimTo = 0.2

    public init(dimAfter: Double? = nil, dimTo: Double = defaultDimTo, offAfter: Double? = nil, wake: Wake = .touch) {
        self.dimAfter = dimAfter
        self.dimTo = dimTo
        self.offAfter = offAfter
        self.wake = wake
    }
}

/// `night: {from: "22:00", until: "06:30", brightness: 10%}`: the brightness is at most
/// `brightness` inside the window of local time.
public struct NightSettings: Equatable, Sendable {
    public var window: DailyWindow
    /// 0...1 of the backlight's range.
    public var brightness: Double

    public init(window: DailyWindow, brightness: Double) {
        self.window = window
        self.brightness = brightness
    }
}

/// A slider's `bind: backlight`: its value sets the backlight's brightness.
public struct BacklightBinding: Equatable, Sendable {
    /// `min_brightness` (5 % by default), 0...1: the slider's bottom is never darker.
    public var minimum: Double
    /// Where `bind` was written, for the error about a second binding.
    public var location: SourceLocation

    public static let defaultMinimum = 0.05

    public init(minimum: Double = defaultMinimum, location: SourceLocation) {
        self.minimum = minimum
        self.location = location
    }
}

extension PanelDescription {
    /// The same description with these screen keys.
    func with(screen: ScreenSettings) -> PanelDescription {
        var description = self
        description.screen = screen
        return description
    }

    /// The control whose value sets the backlight (`bind: backlight`), if one does.
    public var backlightControl: Int? {
        controls.firstIndex { $0.backlightBinding != nil }
    }
}

extension PanelDescription {
    /// The brightness (0...1) the bound slider asks for with `values` (the model's, by
    /// control); nil when no control binds the backlight.
    public func backlightSetting(values: [ControlValue]) -> Double? {
        guard let index = backlightControl, index < values.count, let binding = controls[index].backlightBinding,
              case .number(let value) = values[index] else { return nil }
        return BrightnessLevel.setting(value, of: controls[index].numberSetting, binding: binding)
    }
}
