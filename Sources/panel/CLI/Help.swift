/// The `--help` texts, one per command.
enum Help {
    static let main = """
    panel: settings panels for Linux touchscreens, drawn straight into the framebuffer.

    usage: panel [run] [--config FILE] [--state FILE] [--display SPEC] [--input SPEC]
                       [--rotate 0|90|180|270] [--screenshot OUT.png]
           panel check --config FILE
           panel layout [--config FILE] [--display headless:WxH] [--rotate N]
           panel touches --input replay:FILE [--display headless:WxH] [--rotate N]
           panel outputs [--display drm[:DEVICE][,…]]
           panel bench [--json] [--repeat N] [--static-binary FILE]

    Run `panel COMMAND --help` for each command's flags.
    """

    static let run = """
    usage: panel [run] [--config FILE] [--state FILE] [--display SPEC] [--input SPEC]
                       [--rotate 0|90|180|270] [--screenshot OUT.png] [--hold]

    Shows a settings panel and keeps its values.
      --config FILE      panel description (YAML); without it the bundled demo panel
      --state FILE       state file; default $STATE_DIRECTORY/state.json under systemd,
                         else $XDG_STATE_HOME/panel/state.json (~/.local/state/panel/state.json)
      --display SPEC     headless[:WxH], or drm[:/dev/dri/cardN][,connector=NAME]
                         [,mode=WxH[@HZ]][,format=xrgb8888|rgb565][,buffers=1|2];
                         default drm when /dev/dri has a card, else headless:800x480
      --input SPEC       replay:FILE replays an evemu or `libinput record` recording on a
                         virtual clock, saves, and exits; none (default) runs until SIGTERM/SIGINT
      --rotate N         turn the panel clockwise on the screen (overrides `rotate:`)
      --screenshot PNG   write the final frame (after the replay, or the first frame) and exit
      --hold             after a replay, keep showing the last frame until SIGTERM/SIGINT
    """

    static let check = """
    usage: panel check --config FILE

    Validates a panel description. Prints FILE:LINE:COL: message and exits 2 on the first error.
    """

    static let layout = """
    usage: panel layout [--config FILE] [--display headless:WxH] [--rotate N]

    Prints the touch targets as a JSON array: id, kind, option (radio rows), label,
    frame (the whole row) and control_frame (the drawn widget), in screen pixels after rotation.
    """

    static let touches = """
    usage: panel touches --input replay:FILE [--display headless:WxH] [--rotate N]

    Prints one JSON object per line for each decoded touch event: event (down, motion, up,
    cancel, frame), slot, x and y in screen pixels, logical_x and logical_y in panel pixels
    after rotation, and time in milliseconds.
    """

    static let outputs = """
    usage: panel outputs [--display drm[:DEVICE][,connector=NAME][,mode=WxH[@HZ]]]

    Lists each DRM device, its connectors (kernel names like HDMI-A-1, status, size in mm),
    their modes and the CRTCs with the framebuffer each shows, marking with <- chosen what
    `panel run --display drm` with the same options would use. Exits 1 when no device opens.
    """

    static let bench = """
    usage: panel bench [--json] [--repeat N] [--static-binary FILE]

    Measures the renderer against memset, memcpy and cairo (panel-bench-cairo beside this
    binary), a toggle, animation frames, text, start-up and peak RSS; build with
    `swift build -c release` first (scripts/bench.sh does everything).
      --json                one JSON object instead of the table
      --repeat N            runs per figure; medians are reported (default 30)
      --static-binary FILE  also report the size of FILE (the stripped static build)
    """
}
