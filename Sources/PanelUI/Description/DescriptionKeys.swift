/// Every key the description's decoder accepts, by the mapping that takes it, read from the
/// decoders' own field tables: panel.yml(5) is checked against these lists, so a key the
/// decoder learns cannot stay out of the manual.
public enum DescriptionKeys {
    /// The top level: `title`, `theme`, `sections`, …
    public static var panel: [String] { panelKeys }
    /// A section (also a page's sections).
    public static var section: [String] { sectionKeys }
    /// A `theme:` mapping, its own keys and the style keys it sets defaults for.
    public static var theme: [String] { themeKeys }
    /// The style keys, taken by a control and, as defaults, by the theme.
    public static var style: [String] { styleFields.map(\.key) }
    /// A control: the keys every kind takes, each kind's own and the style keys.
    public static var control: [String] { controlKeys }
    /// Each kind's name and its own keys.
    public static var kinds: [(kind: String, keys: [String])] {
        ControlKind.allCases.map { ($0.rawValue, $0.behavior.ownKeys) }
    }
    /// A control's `action:`.
    public static var action: [String] { actionKeys }
    /// A value row's `source:`.
    public static var source: [String] { sourceKeys }
    /// `mqtt:` and its `tls:`.
    public static var mqtt: [String] { mqttKeys }
    public static var tls: [String] { tlsKeys }
    /// A value row's `source: {mqtt: TOPIC}`.
    public static var mqttSource: [String] { mqttSourceKeys }
    /// `idle:`, `night:` and `burn_in:`.
    public static var idle: [String] { idleKeys }
    public static var night: [String] { nightKeys }
    public static var burnIn: [String] { burnInKeys }
}
