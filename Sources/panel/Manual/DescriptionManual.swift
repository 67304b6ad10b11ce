/// One key of the description as panel.yml(5) documents it.
struct KeyDoc: Sendable {
    let key: String
    /// What the value is: its type, range and default.
    let value: String
    let text: String

    init(_ key: String, _ value: String, _ text: String) {
        self.key = key
        self.value = value
        self.text = text
    }
}

/// The text of panel.yml(5), one entry per key, by the mapping that takes it. The tests
/// hold these lists to `DescriptionKeys`, the decoder's own tables, both ways.
enum DescriptionManual {
    static let panel = [
        KeyDoc("title", "text", "The title bar's text; without it there is no title bar."),
        KeyDoc("rotate", "0|90|180|270, default 0", "Turns the panel clockwise on the screen; --rotate overrides it."),
        KeyDoc("theme", "light|dark|high-contrast|auto, or a mapping", "The look; a name, or a mapping naming its base and changing any of its keys (see THEME)."),
        KeyDoc("sections", "list of sections, required", "The groups of rows of the panel's first page (see SECTIONS)."),
        KeyDoc("blank_after", "seconds, above 0 up to 31536000", "The older name of idle: {off_after}: turns the screen off after that long untouched. Default: never."),
        KeyDoc("socket", "path", "The control socket; --socket overrides it. Default $RUNTIME_DIRECTORY/panel.sock under systemd."),
        KeyDoc("calibration", "[a, b, c, d, e, f]", "A touchscreen's libinput calibration matrix, applied before rotation; panel calibrate writes it."),
        KeyDoc("scale", "auto or 0.5 to 4, default auto", "Draws everything that many times as large; auto makes a 48 px row about 9 mm tall from the screen's size in mm (1 when unknown); --scale overrides it."),
        KeyDoc("physical_size", "[W_mm, H_mm]", "The screen's size in millimetres, for scale: auto, over what the display reports."),
        KeyDoc("columns", "auto|1|2|3, default auto", "How many columns sections flow into; auto uses columns of at least 480 points, up to three."),
        KeyDoc("direction", "auto|ltr|rtl, default auto", "Which way the panel reads: rtl mirrors it (labels at the right, widgets at the left, the back control at the top right); auto takes rtl when the first letter of the title and labels, in file order, is Hebrew, Arabic or another right-to-left script; --direction overrides it."),
        KeyDoc("mqtt", "mapping", "Connects to an MQTT broker with Home Assistant discovery (see MQTT)."),
        KeyDoc("backlight", "auto|none|NAME|PATH, default auto", "The backlight to drive: auto takes the one tied to the DRM connector, else the first by type firmware, platform, raw; NAME is under /sys/class/backlight; PATH a folder with brightness and max_brightness. Used only with idle:, night: or a slider's bind: backlight; --backlight overrides it."),
        KeyDoc("idle", "mapping", "Dims, then turns off the screen when untouched (see IDLE); the waking touch is swallowed."),
        KeyDoc("night", "mapping", "Caps the brightness in a daily window of local time (see NIGHT)."),
        KeyDoc("on_idle", "action mapping", "Runs on each idle stage change with {value} active, dimmed or off (keys as in ACTIONS)."),
        KeyDoc("burn_in", "mapping", "Moves the drawing in a slow orbit and shows a daily colour cycle (see BURN-IN)."),
    ]

    static let theme = [
        KeyDoc("base", "light|dark|high-contrast|auto, default light", "The theme the others change; auto is light by day and dark from dark_from to dark_until local time."),
        KeyDoc("dark_from", "\"HH:MM\", default \"20:00\"", "With base: auto, when dark starts."),
        KeyDoc("dark_until", "\"HH:MM\", default \"07:00\"", "With base: auto, when dark ends (across midnight when the start is later)."),
        KeyDoc("background", "colour", "The page behind the groups. Colours are \"#RRGGBB\" or \"#RRGGBBAA\"."),
        KeyDoc("text", "colour", "Labels and titles."),
        KeyDoc("accent", "colour", "Switch tracks and boxes when on, buttons' labels, the halo's ring."),
        KeyDoc("row_background", "colour", "The rows' groups."),
        KeyDoc("separator", "colour", "The hairlines between rows."),
        KeyDoc("section_text", "colour", "Section headers, detail lines and values."),
        KeyDoc("highlight", "colour", "Pressed feedback."),
        KeyDoc("pressed", "halo|row, default halo", "halo draws a capsule around the pressed widget; row fills the whole row."),
        KeyDoc("font", "path to a TrueType/OpenType file, default DejaVu Sans", "The font of all text; relative to the description's folder."),
        KeyDoc("fonts", "list of font files or families, instead of font", "The font of all text then its fallbacks: each character is drawn with the first file that has it (Arabic, Hebrew, Devanagari, CJK...); fallbacks are opened only when a label needs them. Relative to the description's folder; an entry that is no file there is a font family found with fontconfig (Noto Sans CJK SC)."),
        KeyDoc("font_size", "6 to 200, default 20", "Label size in pixels, before the scale."),
        KeyDoc("row_height", "48 to 400, default 64", "The row height in pixels, before the scale; the whole row is the touch target."),
    ]

    static let section = [
        KeyDoc("title", "text", "The header over the group; without it none."),
        KeyDoc("controls", "list of controls", "The rows of the group (see CONTROLS)."),
    ]

    static let control = [
        KeyDoc("id", "identifier, required", "Names the value in the state file, the socket and MQTT; unique across all pages."),
        KeyDoc("kind", "checkbox|switch|radio|slider|stepper|button|value|page, required", "What the row is."),
        KeyDoc("label", "text", "The row's label; wraps onto a second line, then ends in an ellipsis."),
        KeyDoc("detail", "text", "A smaller secondary line under the label."),
        KeyDoc("enabled", "true|false, default true", "A disabled control is drawn faded and takes no touches."),
        KeyDoc("icon", "PNG file", "A picture before the label (9/16 of the row)."),
        KeyDoc("default", "the kind's value", "The value before anything is saved: true or false for switches and checkboxes (default false), an option for radio, a number on the grid for sliders and steppers (default min), text for value rows."),
        KeyDoc("action", "mapping", "A program run on every change or tap (see ACTIONS)."),
    ]

    static let kindKeys = [
        KeyDoc("options", "list of texts, required", "The radio's options, one row each."),
        KeyDoc("must_have_selection", "true|false, default false", "A radio that always has an option selected (the first by default)."),
        KeyDoc("min", "number, default 0", "The lowest value."),
        KeyDoc("max", "number above min, default 100", "The highest value; min + k × step must reach it."),
        KeyDoc("step", "number, default 1", "Every value is min + k × step (at most 5 decimals, 1,000,000 steps)."),
        KeyDoc("unit", "text", "Shown after the number (\"%\", \"°C\")."),
        KeyDoc("send", "release|continuous, default release", "When a slider's value is reported: at touch up, or also during the drag."),
        KeyDoc("interval", "seconds, 0 to 60, default 0.2", "With send: continuous, the shortest time between reports."),
        KeyDoc("bind", "backlight", "The slider sets the screen's backlight: its fraction of min..max is the brightness (one control per panel)."),
        KeyDoc("min_brightness", "percent, default 5%", "With bind: backlight, the least brightness the slider gives, so it never goes dark."),
        KeyDoc("source", "mapping", "A command whose output the value row shows (see VALUE SOURCES)."),
        KeyDoc("sections", "list of sections, required", "The page's own sections, opened by a tap on its row; pages nest up to 8 deep."),
        KeyDoc("summary", "control id", "Shows that control's value (a control on the page) before the chevron."),
        KeyDoc("style", "destructive", "A button's label in the theme's red."),
        KeyDoc("confirm", "text", "Asks first in a dialog with this message, either way."),
    ]

    static let style = [
        KeyDoc("label_color", "colour", "The label."),
        KeyDoc("label_font_size", "6 to 200", "The label's size in pixels."),
        KeyDoc("show_label", "true|false, default true", "Whether the label is drawn."),
        KeyDoc("box_type", "circle|square", "The box's shape: square for checkboxes, round for radio options by default."),
        KeyDoc("line_width", "0.5 to 20", "The box's outline."),
        KeyDoc("hide_box", "true|false, default false", "Draws only the check."),
        KeyDoc("tint_color", "colour", "A box's outline or a switch's track when off; a slider's bar beyond the knob."),
        KeyDoc("on_tint_color", "colour", "A box's outline or a switch's track when on; a slider's bar up to the knob."),
        KeyDoc("on_fill_color", "colour", "The box's fill when on."),
        KeyDoc("on_check_color", "colour", "The check mark."),
        KeyDoc("check_color", "colour", "Another name for on_check_color (write one of the two)."),
        KeyDoc("box_fill_color", "colour", "Inside the box in both states."),
        KeyDoc("box_border_color", "colour", "Both outline colours, unless a tint is given at the same or a more specific level."),
        KeyDoc("thumb_color", "colour", "The knob."),
        KeyDoc("animation_duration", "seconds, 0 to 10", "0.5 s for boxes and 0.2 s for switches by default; 0 turns animation off."),
        KeyDoc("on_animation", "stroke|fill|bounce|flat|one_stroke|fade", "How a box turns on."),
        KeyDoc("off_animation", "stroke|fill|bounce|flat|one_stroke|fade", "How a box turns off (the on animation played backwards)."),
        KeyDoc("on_image", "PNG file", "Drawn instead of the box when on; for a switch, the track."),
        KeyDoc("off_image", "PNG file", "Drawn instead of the box when off; for a switch, the track."),
        KeyDoc("thumb_image", "PNG file", "A switch's knob."),
    ]

    static let action = [
        KeyDoc("exec", "[/absolute/program, argument, …], required", "Run without a shell; {id} and {value} are replaced in every argument, and the child gets PANEL_ID and PANEL_VALUE."),
        KeyDoc("timeout", "seconds, 0.1 to 600, default 5", "Then SIGTERM, and SIGKILL a second later; the control goes back to its last accepted value."),
    ]

    static let source = [
        KeyDoc("exec", "[/absolute/program, argument, …], required", "The command whose first line of stdout the row shows."),
        KeyDoc("every", "seconds, 0.5 to 86400, required", "How often it runs, on a fixed schedule from the start."),
        KeyDoc("timeout", "seconds, 0.1 up to every", "By default every, but at most 10 s; then SIGTERM, SIGKILL 1 s later."),
    ]

    static let mqttSource = [
        KeyDoc("mqtt", "topic, required", "source: {mqtt: TOPIC}: the row shows each message on that one topic (no + or #, not $…; needs the top-level mqtt:), its first line trimmed; an empty message shows —."),
    ]

    static let idle = [
        KeyDoc("dim_after", "seconds, above 0, less than off_after", "Untouched that long, the backlight fades over 0.5 s to dim_to (needs a backlight)."),
        KeyDoc("dim_to", "percent, above 0", "The dimmed brightness, never above the setting."),
        KeyDoc("off_after", "seconds, above 0 up to 31536000", "Untouched that long, the screen goes off: bl_power, else DPMS or a black frame."),
        KeyDoc("wake", "touch, default touch", "What wakes it; the waking touch is swallowed, down to its last finger lifting."),
    ]

    static let night = [
        KeyDoc("from", "\"HH:MM\", required", "When the window starts, local time."),
        KeyDoc("until", "\"HH:MM\", required", "When it ends (across midnight when the start is later)."),
        KeyDoc("brightness", "percent, above 0, required", "The most brightness inside the window."),
    ]

    static let burnIn = [
        KeyDoc("shift_every", "seconds, 10 up to 31536000, default 600", "How often the drawing moves one pixel along its orbit (one full repaint)."),
        KeyDoc("max_shift", "points, 0 to 16, default 4", "How far it may move each way, times the scale, less where the layout has less room."),
        KeyDoc("exercise_at", "\"HH:MM\"", "A daily colour cycle (red, green, blue, white, black, 1 s each) when nobody has touched the panel for 60 s; a touch stops it."),
    ]

    static let mqtt = [
        KeyDoc("host", "host name or address, required", "The broker."),
        KeyDoc("port", "1 to 65535, default 1883 (8883 with tls)", "The broker's port."),
        KeyDoc("client_id", "text, default panel-HOSTNAME", "The MQTT client id."),
        KeyDoc("base_topic", "topic, default panel/CLIENT_ID", "Where the panel publishes and listens."),
        KeyDoc("discovery", "true|false, default true", "Publishes Home Assistant discovery configs."),
        KeyDoc("discovery_prefix", "topic, default homeassistant", "Where the discovery configs go."),
        KeyDoc("protocol", "3.1.1|5, default 3.1.1", "The MQTT protocol version."),
        KeyDoc("username", "text", "The user name to log in with."),
        KeyDoc("credentials", "file", "A file (mode 0600) whose first line is the password; else systemd's credential mqtt-password."),
        KeyDoc("tls", "mapping", "Connects with TLS (keys below)."),
        KeyDoc("password", "refused", "Never written in the description: use credentials."),
    ]

    static let tls = [
        KeyDoc("ca_file", "file", "The CA certificate the broker's is checked against (a regular file)."),
        KeyDoc("cert_file", "file", "A client certificate, with key_file (a regular file)."),
        KeyDoc("key_file", "file", "The client certificate's key (a regular file)."),
    ]
}
