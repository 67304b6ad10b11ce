extension Help {
    static let calibrate = CommandHelp("calibrate", usage: """
        usage: panel calibrate [--display SPEC] [--rotate 0|90|180|270] [--input SPEC] [--write FILE]
                               [--config FILE] [--timeout S]
        """, about: """
        Calibrates a touchscreen on its own screen: touch the centre of the crosshair 10 % in from
        each corner (top left, top right, bottom right, bottom left), then the centre to check.
        Touches are read uncalibrated (each touchscreen's matrix is set to identity for the run,
        over udev's LIBINPUT_CALIBRATION_MATRIX), each press is averaged from down to up, and
        libinput's 6-number matrix is fitted to the four corners by least squares. A press whose
        samples spread more than 3 % of the screen's shorter side (a slipped finger), with two
        fingers, or, from the fourth corner on, more than 5 % from where the others put it, is
        asked for again (said on screen and on stderr); two such disagreements in a row start over.
        The centre check's error is shown and logged. Prints on stdout a udev rule for
        /etc/udev/rules.d/ (matched on the touchscreen's name) and a line
        `calibration: [a, b, c, d, e, f]` for the description. The matrix maps to the unrotated
        screen, as libinput applies it before panel turns touches: the same matrix is right at
        every --rotate.
        """, flags: [
        FlagHelp("display", "SPEC", "as for panel run (default drm when /dev/dri has a card)"),
        FlagHelp("rotate", "N", """
            the panel's rotation the crosshairs are drawn at (default `rotate:` of
            --config, else of --write's file, else 0)
            """),
        FlagHelp("input", "SPEC", """
            libinput[:SEAT] (default seat0), path:/dev/input/eventN[,…], or
            replay:FILE (a recording's touches, for tests)
            """),
        FlagHelp("write", "FILE", """
            set the `calibration:` key of this description, everything else kept
            byte for byte; written atomically with the file's mode; a symbolic link
            or a description that does not load is refused before anything is shown
            """),
        FlagHelp("config", "FILE", "the description whose `rotate:` applies"),
        FlagHelp("timeout", "S", """
            give up after S seconds without a touch (default 60; not for replays,
            where a recording that ends first is an error naming the crosshair)
            """),
    ], after: """
        Exit status: 0 calibrated (and written), 1 a failure at run time (display, input, a
        signal, the write), 2 a mistake in the command line, the recording or the description
        (--write is refused before the screen is touched), 3 no touch within --timeout.
        """)

    static let outputs = CommandHelp("outputs", usage: "usage: panel outputs [--display drm[:DEVICE][,connector=NAME][,mode=WxH[@HZ]]]", about: """
        Lists each DRM device, its connectors (kernel names like HDMI-A-1, status, size in mm),
        their modes and the CRTCs with the framebuffer each shows, marking with <- chosen what
        `panel run --display drm` with the same options would use. Exits 1 when no device opens.
        """, flags: [
        FlagHelp("display", "drm[:DEVICE][,…]", "the device and the connector and mode to mark, as for panel run"),
    ])

    static let ctl = CommandHelp("ctl", usage: """
        usage: panel ctl [--socket PATH] get [ID]
               panel ctl [--socket PATH] set [--no-apply] ID VALUE
               panel ctl [--socket PATH] press ID
               panel ctl [--socket PATH] update ID [--enabled true|false] [--label TEXT] [--detail TEXT]
               panel ctl [--socket PATH] subscribe
        """, about: """
        Talks to a running panel over its control socket (default $RUNTIME_DIRECTORY/panel.sock,
        else /run/panel/panel.sock) and prints its JSON reply: all values or one; set shows the
        value at once, runs the control's action, and is answered once the value is in the
        state file (an error if the action or the save failed) (VALUE: true, false, an option,
        or null, a number, text). press runs a button's action without its confirm dialog and
        is answered when the action has ended. update changes a control's runtime properties
        (disabling a control a finger holds cancels that touch). subscribe prints a line per
        change, press and update until interrupted. Exits 1 on an error reply, or when the
        connection ends without a complete one.
        """, flags: [
        FlagHelp("socket", "PATH", "the panel's control socket"),
        FlagHelp("no-apply", nil, """
            set: show and save the value without running the action (the backend
            reporting what the device is)
            """),
        FlagHelp("enabled", "true|false", "update: enable or disable the control"),
        FlagHelp("label", "TEXT", "update: the control's label"),
        FlagHelp("detail", "TEXT", "update: the detail line under the label ('' removes it)"),
    ])

    static let bench = CommandHelp("bench", usage: "usage: panel bench [--json] [--repeat N] [--config FILE] [--frames-only] [--static-binary FILE]", about: """
        Measures, every figure a median of N runs and every ratio from the same loop: full frames
        of two scenes (demo: the bundled panel; dense: a screen full of rows) at three sizes, and
        dense at 1920x1080 scale 2 and 3840x2160 scales 1 and 2, each against a memset of the frame
        buffer in the same cache state (after the copy to a screen buffer, and cold) and against
        cairo (panel-bench-cairo beside this binary drawing the same layout, timed between panel's
        own frames); a 7 px scroll frame of the dense list at 1920x1080; a tap on a checkbox frame by
        frame (touch-up, first frame showing the change, every animation frame of each animation
        and of a switch) and without animation; touch to present through the event loop (1000
        taps); text; start-up and peak RSS of each scene. Build with `swift build -c release`
        first (scripts/bench.sh does everything).
        """, flags: [
        FlagHelp("json", nil, "one JSON object instead of the table"),
        FlagHelp("repeat", "N", "runs per figure; medians are reported (default 30)"),
        FlagHelp("config", "FILE", """
            full frames (and a start-up) of this description instead of the
            demo and dense scenes
            """),
        FlagHelp("frames-only", nil, "only the full frames at 1920x1080 and the start-ups (peak RSS)"),
        FlagHelp("static-binary", "FILE", "also report the size of FILE (the stripped static build)"),
    ])
}
