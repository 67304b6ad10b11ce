/// The `--help` texts, one per command.
enum Help {
    static let main = """
    panel: settings panels for Linux touchscreens, drawn straight into the framebuffer.

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

    Run `panel COMMAND --help` for each command's flags.
    """

    static let run = """
    usage: panel [run] [--config FILE] [--state FILE] [--display SPEC] [--input SPEC]
                       [--rotate 0|90|180|270] [--screenshot OUT.png] [--hold] [--socket PATH] [--stats]
                       [--scale auto|N] [--backlight auto|none|NAME|PATH]

    Shows a settings panel and keeps its values.
      --config FILE      panel description (YAML); without it the bundled demo panel
      --state FILE       state file; default $STATE_DIRECTORY/state.json under systemd,
                         else $XDG_STATE_HOME/panel/state.json (~/.local/state/panel/state.json)
      --scale auto|N     draw everything N times as large (0.5 to 4), over the description's
                         scale:; auto makes a 48 px row about 9 mm from the screen's mm
      --display SPEC     headless[:WxH[@DPI]], or drm[:/dev/dri/cardN][,connector=NAME]
                         [,mode=WxH[@HZ]][,format=xrgb8888|rgb565][,buffers=1|2];
                         default drm when /dev/dri has a card, else headless:800x480
      --input SPEC       libinput[:SEAT] reads the seat's touchscreens through udev (default
                         seat0), following hotplug; a mouse or touchpad acts as one touch;
                         path:/dev/input/eventN[,…] reads just those devices;
                         replay:FILE replays an evemu or `libinput record` recording on a
                         virtual clock, saves, and exits; none runs without input until
                         SIGTERM/SIGINT. Default: libinput when /dev/input exists, else none
      --rotate N         turn the panel clockwise on the screen (overrides `rotate:`)
      --screenshot PNG   write the final frame (after the replay, or the first frame) and exit
      --hold             after a replay, keep showing the last frame until SIGTERM/SIGINT
      --socket PATH      control socket (JSON lines; see panel ctl --help); default `socket:`
                         from the description, else $RUNTIME_DIRECTORY/panel.sock under systemd
      --backlight B      the backlight to drive (overrides `backlight:`): auto (the one tied
                         to the panel's DRM connector, else the first by type firmware,
                         platform, raw), none, a name under /sys/class/backlight, or a folder
                         holding brightness and max_brightness; $PANEL_SYSFS_ROOT replaces /sys
      --stats            on exit, log touch to screen (p50/p99): from each finger's kernel
                         event time to the page flip of the frame showing it (DRM), or to that
                         frame's present (headless, one buffer)

    SIGHUP reads the description again and keeps the values; SIGTERM/SIGINT save and exit 0.
    """

    static let check = """
    usage: panel check --config FILE [--json]

    Validates a panel description. Prints every error it finds, FILE:LINE:COL: message, one
    line each in file order (at most 50), and exits 2. Prints FILE:LINE:COL: warning: message
    on stderr for what loads but is likely a mistake (a placeholder other than {id} and {value}
    in an exec argument, whose command is then never started) and exits 0.
      --json   one JSON array of {file, line, column, severity, message} on stdout instead
               (severity "error" or "warning"); the exit status is the same
    """

    static let layout = """
    usage: panel layout [--config FILE] [--display headless:WxH[@DPI]] [--rotate N] [--scale auto|N]
                        [--page ID]

    Prints the touch targets as a JSON array: id, kind, option (radio rows), label,
    frame (the whole row), control_frame (the drawn widget) and label_frame (the label's
    lines and detail line), in screen pixels after rotation, at the scale a run would use.
    --page ID: the targets of that page, the first being its back control (kind "back").
    With burn_in: the frames are at rest (offset 0, 0); a line on stderr says how far a
    running panel moves them.
    """

    static let touches = """
    usage: panel touches --input SPEC [--config FILE] [--display headless:WxH] [--rotate N]
                         [--count N] [--timeout S]

    Prints one JSON object per line for each decoded touch event: event (down, motion, up,
    cancel, frame), slot, x and y in screen pixels, logical_x and logical_y in panel pixels
    after rotation, and time in milliseconds (since the recording or panel started).
      --input SPEC   replay:FILE (a recording), or live: libinput[:SEAT] or
                     path:/dev/input/eventN[,…] until SIGTERM/SIGINT, for checking a
                     panel's calibration on site
      --config FILE  use the description's `calibration` and `rotate`
      --count N      stop after N lines;  --timeout S  stop after S seconds without input
    """

    static let calibrate = """
    usage: panel calibrate [--display SPEC] [--rotate 0|90|180|270] [--input SPEC] [--write FILE]
                           [--config FILE] [--timeout S]

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
      --display SPEC  as for panel run (default drm when /dev/dri has a card)
      --rotate N      the panel's rotation the crosshairs are drawn at (default `rotate:` of
                      --config, else of --write's file, else 0)
      --input SPEC    libinput[:SEAT] (default seat0), path:/dev/input/eventN[,…], or
                      replay:FILE (a recording's touches, for tests)
      --write FILE    set the `calibration:` key of this description, everything else kept
                      byte for byte; written atomically with the file's mode; a symbolic link
                      or a description that does not load is refused before anything is shown
      --config FILE   the description whose `rotate:` applies
      --timeout S     give up after S seconds without a touch (default 60; not for replays,
                      where a recording that ends first is an error naming the crosshair)

    Exit status: 0 calibrated (and written), 1 a failure at run time (display, input, a
    signal, the write), 2 a mistake in the command line, the recording or the description
    (--write is refused before the screen is touched), 3 no touch within --timeout.
    """

    static let outputs = """
    usage: panel outputs [--display drm[:DEVICE][,connector=NAME][,mode=WxH[@HZ]]]

    Lists each DRM device, its connectors (kernel names like HDMI-A-1, status, size in mm),
    their modes and the CRTCs with the framebuffer each shows, marking with <- chosen what
    `panel run --display drm` with the same options would use. Exits 1 when no device opens.
    """

    static let ctl = """
    usage: panel ctl [--socket PATH] get [ID]
           panel ctl [--socket PATH] set [--no-apply] ID VALUE
           panel ctl [--socket PATH] press ID
           panel ctl [--socket PATH] update ID [--enabled true|false] [--label TEXT] [--detail TEXT]
           panel ctl [--socket PATH] subscribe

    Talks to a running panel over its control socket (default $RUNTIME_DIRECTORY/panel.sock,
    else /run/panel/panel.sock) and prints its JSON reply: all values or one; set shows the
    value at once, runs the control's action, and is answered once the value is in the
    state file (an error if the action or the save failed) (VALUE: true, false, an option,
    or null, a number, text); --no-apply shows and saves the value without running the action
    (the backend reporting what the device is). press runs a button's action without its
    confirm dialog and is answered when the action has ended. update changes a control's
    runtime properties (--detail '' removes the detail line; disabling a control a finger
    holds cancels that touch). subscribe prints a line per change, press and update until
    interrupted. Exits 1 on an error reply, or when the connection ends without a complete one.
    """

    static let bench = """
    usage: panel bench [--json] [--repeat N] [--config FILE] [--frames-only] [--static-binary FILE]

    Measures, every figure a median of N runs and every ratio from the same loop: full frames
    of two scenes (demo: the bundled panel; dense: a screen full of rows) at three sizes, and
    dense at 1920x1080 scale 2 and 3840x2160 scales 1 and 2, against memset, memcpy and cairo
    (panel-bench-cairo beside this binary drawing the same layout, timed between panel's own
    frames); a 7 px scroll frame of the dense list at 1920x1080; a tap on a checkbox frame by
    frame (touch-up, first frame showing the change, every animation frame of each animation
    and of a switch) and without animation; touch to present through the event loop (1000
    taps); text; start-up and peak RSS of each scene. Build with `swift build -c release`
    first (scripts/bench.sh does everything).
      --json                one JSON object instead of the table
      --repeat N            runs per figure; medians are reported (default 30)
      --config FILE         full frames (and a start-up) of this description instead of the
                            demo and dense scenes
      --frames-only         only the full frames at 1920x1080 and the start-ups (peak RSS)
      --static-binary FILE  also report the size of FILE (the stripped static build)
    """
}
