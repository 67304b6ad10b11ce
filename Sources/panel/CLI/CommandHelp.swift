/// One flag of a command: what `Arguments` accepts, what `--help` lists and what panel(1)
/// documents, from this one value.
struct FlagHelp: Sendable {
    /// The name without the dashes: `config`.
    let name: String
    /// The value's placeholder (`FILE`), or nil for a switch (`--json`).
    let value: String?
    /// The description, in lines as `--help` shows them.
    let lines: [String]

    init(_ name: String, _ value: String? = nil, _ text: String) {
        self.name = name
        self.value = value
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `--config FILE`.
    var label: String { "--\(name)" + (value.map { " \($0)" } ?? "") }
}

/// A command's usage, description and flags: the one source of its `--help`, of its part of
/// panel(1) and of the flags its `Arguments` accept, so none can name a flag another lacks.
struct CommandHelp: Sendable {
    /// The command word (`run`); empty for `panel` itself.
    let name: String
    /// The usage block as `--help` starts, `usage: panel …` and its continuation lines.
    let usage: String
    /// What the command does, before the flags (paragraphs split by a blank line).
    let about: String
    let flags: [FlagHelp]
    /// Paragraphs after the flags (signals, exit statuses), or empty.
    let after: String

    init(_ name: String, usage: String, about: String, flags: [FlagHelp] = [], after: String = "") {
        self.name = name
        self.usage = usage
        self.about = about
        self.flags = flags
        self.after = after
    }

    /// The flags taking a value, for `Arguments`.
    var valued: Set<String> { Set(flags.filter { $0.value != nil }.map(\.name)) }
    /// The flags without a value, for `Arguments`.
    var switches: Set<String> { Set(flags.filter { $0.value == nil }.map(\.name)) }

    /// The `--help` text: usage, description, the flags in two columns, then the rest.
    var text: String {
        var text = usage + "\n\n" + about
        let column = (flags.map { $0.label.count }.max() ?? 0) + 4
        for flag in flags {
            for (index, line) in flag.lines.enumerated() {
                let lead = index == 0 ? "  " + flag.label : ""
                text += "\n" + lead + String(repeating: " ", count: column - lead.count) + line
            }
        }
        if !after.isEmpty { text += "\n\n" + after }
        return text
    }
}
