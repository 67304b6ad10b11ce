/// panel(1), rendered from the commands' `CommandHelp`: the page lists exactly the flags
/// `--help` lists and `Arguments` accepts.
enum ManPage {
    static var panel: String {
        var page = [
            ".TH PANEL 1 \"\" \"panel \(BuildInfo.version)\" \"User Commands\"",
            ".nh",
            ".SH NAME", "panel \\- " + Roff.escape(Help.summary),
            ".SH SYNOPSIS", Roff.verbatim(String(Help.mainUsage.dropFirst("usage: ".count)), dropping: 7),
            ".SH DESCRIPTION", Roff.paragraphs("""
                panel shows a settings panel described in YAML (see panel.yml(5)) on a Linux
                touchscreen: it draws into DRM dumb buffers (or headless PNGs for tests), reads
                touches through libinput (or recordings), keeps every value in a JSON state file
                and runs each control's action. It runs as a hardened systemd service
                (panel.service) with a control socket for other programs (panel ctl).

                The command is run when none is given. Every command takes --help (or -h) and
                prints its usage and flags; panel help COMMAND does the same.
                """),
            ".SH COMMANDS",
        ]
        for command in Help.commands {
            page.append(".SS \"panel \(command.name)\"")
            page.append(Roff.verbatim(String(command.usage.dropFirst("usage: ".count)), dropping: 7))
            page.append(".PP\n" + Roff.paragraphs(command.about))
            for flag in command.flags {
                page.append(Roff.item("--" + flag.name, flag.value, flag.lines.joined(separator: "\n")))
            }
            if !command.after.isEmpty { page.append(".PP\n" + Roff.paragraphs(command.after)) }
        }
        page += [
            ".SS \"panel help\"", Roff.paragraphs("""
                panel help prints the list of commands; panel help COMMAND that command's --help;
                panel help --man 1 this page and panel help --man 5 panel.yml(5), as roff
                (panel help --man 1 | man -l -).
                """),
            ".SS \"panel --version\"", Roff.paragraphs("Prints panel VERSION (COMMIT): the release and the git commit it was built from."),
            ".SH \"EXIT STATUS\"", Roff.paragraphs("""
                0 done; 1 a failure at run time (a display, input, socket or file that failed);
                2 a mistake in the command line or an input file (the description, a recording),
                reported as FILE:LINE:COL: message; 3 panel calibrate saw no touch within --timeout.
                """),
            ".SH SIGNALS", Roff.paragraphs("SIGHUP reads the description again and keeps the values; SIGTERM and SIGINT save and exit 0."),
            ".SH FILES",
            Roff.item("/etc/panel/panel.yml", nil, "the description panel.service shows"),
            Roff.item("/var/lib/panel/state.json", nil, "the values, under systemd (StateDirectory=panel); kept when the package is removed"),
            Roff.item("/run/panel/panel.sock", nil, "the control socket, under systemd (RuntimeDirectory=panel)"),
            ".SH \"SEE ALSO\"",
            ".BR panel.yml (5),\n.BR systemctl (1),\n.BR journalctl (1),\n.BR libinput (4)",
            "",
        ]
        return page.joined(separator: "\n")
    }
}
