/// Every command's usage, description and flags: `--help` and panel(1) are rendered from
/// these, and each command's `Arguments` accepts exactly the flags listed here.
enum Help {
    /// The one line panel(1)'s NAME and `panel --help` start with.
    static let summary = "settings panels for Linux touchscreens, drawn straight into the framebuffer"

    static let mainUsage = """
    usage: panel [run] [--config FILE] [--state FILE] [--display SPEC] [--input SPEC]
                       [--rotate 0|90|180|270] [--screenshot OUT.png]
           panel check --config FILE
           panel layout [--config FILE] [--display headless:WxH] [--rotate N]
           panel touches --input SPEC [--config FILE] [--display headless:WxH] [--rotate N]
                         [--count N] [--timeout S]
           panel calibrate [--display SPEC] [--rotate N] [--input SPEC] [--write FILE] [--config FILE]
                           [--timeout S]
           panel outputs [--display drm[:DEVICE][,…]]
           panel ctl [--socket PATH] get [ID] | set [--no-apply] ID VALUE | press ID | update ID … | subscribe
           panel bench [--json] [--repeat N] [--config FILE] [--frames-only] [--static-binary FILE]
           panel help [COMMAND] | panel help --man 1|5
           panel --version
    """

    static let main = "panel: \(summary).\n\n\(mainUsage)\n\n" + """
    Run `panel COMMAND --help` for each command's flags; `panel help --man 1` prints the
    manual page panel(1) (roff, for man -l), `panel help --man 5` panel.yml(5), every key
    of the description. `panel --version` prints the version and the commit it was built from.
    """

    /// The commands in the order panel(1) lists them.
    static let commands = [run, check, layout, touches, calibrate, outputs, ctl, bench]

    /// The command named `name`, if there is one.
    static func command(_ name: String) -> CommandHelp? { commands.first { $0.name == name } }

    static let run = CommandHelp("run", usage: """
        usage: panel [run] [--config FILE] [--state FILE] [--display SPEC] [--input SPEC]
                           [--rotate 0|90|180|270] [--screenshot OUT.png] [--hold] [--socket PATH] [--stats]
                           [--scale auto|N] [--direction auto|ltr|rtl] [--backlight auto|none|NAME|PATH]
        """, about: "Shows a settings panel and keeps its values.", flags: [
        FlagHelp("config", "FILE", "panel description (YAML); without it the bundled demo panel"),
        FlagHelp("state", "FILE", """
            state file; default $STATE_DIRECTORY/state.json under systemd,
            else $XDG_STATE_HOME/panel/state.json (~/.local/state/panel/state.json)
            """),
        FlagHelp("scale", "auto|N", """
            draw everything N times as large (0.5 to 4), over the description's
            scale:; auto makes a 48 px row about 9 mm from the screen's mm
            """),
        FlagHelp("direction", "auto|ltr|rtl", """
            lay the panel out left to right or mirrored right to left, over the
            description's direction:; auto reads the first letter of the title
            and labels (Hebrew, Arabic and other right-to-left scripts: rtl)
            """),
        FlagHelp("display", "SPEC", """
            headless[:WxH[@DPI]], or drm[:/dev/dri/cardN][,connector=NAME]
            [,mode=WxH[@HZ]][,format=xrgb8888|rgb565][,buffers=1|2];
            default drm when /dev/dri has a card, else headless:800x480
            """),
        FlagHelp("input", "SPEC", """
            libinput[:SEAT] reads the seat's touchscreens through udev (default
            seat0), following hotplug; a mouse or touchpad acts as one touch;
            path:/dev/input/eventN[,…] reads just those devices;
            replay:FILE replays an evemu or `libinput record` recording on a
            virtual clock, saves, and exits; none runs without input until
            SIGTERM/SIGINT. Default: libinput when /dev/input exists, else none
            """),
        FlagHelp("rotate", "N", "turn the panel clockwise on the screen (0, 90, 180, 270; overrides `rotate:`)"),
        FlagHelp("screenshot", "PNG", "write the final frame (after the replay, or the first frame) and exit"),
        FlagHelp("hold", nil, "after a replay, keep showing the last frame until SIGTERM/SIGINT"),
        FlagHelp("socket", "PATH", """
            control socket (JSON lines; see panel ctl --help); default `socket:`
            from the description, else $RUNTIME_DIRECTORY/panel.sock under systemd
            """),
        FlagHelp("backlight", "B", """
            the backlight to drive (overrides `backlight:`): auto (the one tied
            to the panel's DRM connector, else the first by type firmware,
            platform, raw), none, a name under /sys/class/backlight, or a folder
            holding brightness and max_brightness; $PANEL_SYSFS_ROOT replaces /sys
            """),
        FlagHelp("stats", nil, """
            on exit, log touch to screen (p50/p99): from each finger's kernel
            event time to the page flip of the frame showing it (DRM), or to that
            frame's present (headless, one buffer)
            """),
    ], after: "SIGHUP reads the description again and keeps the values; SIGTERM/SIGINT save and exit 0.")

    static let check = CommandHelp("check", usage: "usage: panel check --config FILE [--json]", about: """
        Validates a panel description. Prints every error it finds, FILE:LINE:COL: message, one
        line each in file order (at most 50), and exits 2. Prints FILE:LINE:COL: warning: message
        on stderr for what loads but is likely a mistake (a placeholder other than {id} and {value}
        in an exec argument, whose command is then never started) and exits 0.
        """, flags: [
        FlagHelp("config", "FILE", "the description to check"),
        FlagHelp("json", nil, """
            one JSON array of {file, line, column, severity, message} on stdout instead
            (severity "error" or "warning"); the exit status is the same
            """),
    ])

    static let layout = CommandHelp("layout", usage: """
        usage: panel layout [--config FILE] [--display headless:WxH[@DPI]] [--rotate N] [--scale auto|N]
                            [--direction auto|ltr|rtl] [--page ID]
        """, about: """
        Prints the touch targets as a JSON array: id, kind, option (radio rows), label,
        frame (the whole row), control_frame (the drawn widget) and label_frame (the label's
        lines and detail line), in screen pixels after rotation, at the scale a run would use.
        With burn_in: the frames are at rest (offset 0, 0); a line on stderr says how far a
        running panel moves them.
        """, flags: [
        FlagHelp("config", "FILE", "the description; without it the bundled demo panel"),
        FlagHelp("display", "headless:WxH[@DPI]", "the screen to lay out for (default headless:800x480)"),
        FlagHelp("rotate", "N", "0, 90, 180 or 270, as for panel run"),
        FlagHelp("scale", "auto|N", "as for panel run"),
        FlagHelp("direction", "auto|ltr|rtl", "as for panel run; right to left, every frame is mirrored"),
        FlagHelp("page", "ID", "the targets of that page, the first being its back control (kind \"back\")"),
    ])

    static let touches = CommandHelp("touches", usage: """
        usage: panel touches --input SPEC [--config FILE] [--display headless:WxH] [--rotate N]
                             [--count N] [--timeout S]
        """, about: """
        Prints one JSON object per line for each decoded touch event: event (down, motion, up,
        cancel, frame), slot, x and y in screen pixels, logical_x and logical_y in panel pixels
        after rotation, and time in milliseconds (since the recording or panel started).
        """, flags: [
        FlagHelp("input", "SPEC", """
            replay:FILE (a recording), or live: libinput[:SEAT] or
            path:/dev/input/eventN[,…] until SIGTERM/SIGINT, for checking a
            panel's calibration on site
            """),
        FlagHelp("config", "FILE", "use the description's `calibration` and `rotate`"),
        FlagHelp("display", "headless:WxH", "the screen size touches are scaled to"),
        FlagHelp("rotate", "N", "0, 90, 180 or 270 (overrides the description's `rotate`)"),
        FlagHelp("count", "N", "stop after N lines"),
        FlagHelp("timeout", "S", "stop after S seconds without input"),
    ])
}
