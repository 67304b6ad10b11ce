extension Commands {
    /// `panel help [COMMAND]`: a command's `--help`; `panel help --man 1|5`: panel(1) or
    /// panel.yml(5) as roff, for `man -l -` and the Debian package.
    static func help(_ args: ArraySlice<String>, console: Console, log: Log) -> Int32 {
        let words = Array(args)
        if words.isEmpty {
            console.out(Help.main)
        } else if words == ["--man", "1"] {
            console.out(ManPage.panel)
        } else if words == ["--man", "5"] {
            console.out(ManPage.description)
        } else if words.count == 1, let command = Help.command(words[0]) {
            console.out(command.text)
        } else {
            log.write("panel help: give a command (\(Help.commands.map(\.name).joined(separator: ", "))) or --man 1|5 (see panel --help)")
            return ExitStatus.badInput
        }
        return ExitStatus.success
    }
}
