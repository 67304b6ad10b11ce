import PanelUI

/// `panel check`: every mistake it can find in one run, in file order (at most
/// `DescriptionError.limit`), then exit status 2; warnings alone exit 0. `--json` prints the
/// same as one JSON array of objects (file, line, column, severity, message) for editors.
extension Commands {
    static func check(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        let flags = try Arguments(args, help: Help.check)
        if flags.wantsHelp { console.out(Help.check.text); return ExitStatus.success }
        guard let path = flags["config"] else {
            throw UsageError(message: "panel check: --config FILE is required")
        }
        let json = flags.has("json")
        var description: PanelDescription
        do {
            description = try loadDescription(path)
            _ = try loadAssets(description, file: path)
            try checkMQTTFiles(description, file: path)
            description.warnings = warnings(description, file: path)
        } catch let failure as CommandFailure {
            guard json else { throw failure }
            let problems = failure.message.split(separator: "\n").map { CheckProblem(line: String($0), file: path, severity: "error") }
            console.out(CheckProblem.json(problems))
            return failure.status
        }
        if json {
            console.out(CheckProblem.json(description.warnings.map {
                CheckProblem(file: $0.file, line: $0.location.line, column: $0.location.column, severity: "warning", message: $0.message)
            }))
            return ExitStatus.success
        }
        for warning in description.warnings { console.err(warning.description) }
        let warned = description.warnings.isEmpty ? "" : " (\(description.warnings.count) warning\(description.warnings.count == 1 ? "" : "s"))"
        console.out("\(path): ok, \(description.controls.count) controls\(warned)")
        return ExitStatus.success
    }
}

/// One line of `panel check`'s report, as `--json` prints it.
struct CheckProblem {
    var file: String
    var line: Int?
    var column: Int?
    var severity: String
    var message: String

    init(file: String, line: Int?, column: Int?, severity: String, message: String) {
        (self.file, self.line, self.column, self.severity, self.message) = (file, line, column, severity, message)
    }

    /// A report line `FILE:LINE:COL: message` taken apart; a line without a place (a file that
    /// can't be read: "panel: cannot read …") keeps the whole text as its message.
    init(line text: String, file: String, severity: String) {
        self.init(file: file, line: nil, column: nil, severity: severity, message: text)
        let prefix = file + ":"
        guard text.hasPrefix(prefix) else { return }
        let parts = text.dropFirst(prefix.count).split(separator: ":", maxSplits: 2)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) else { return }
        self.line = line
        self.column = column
        message = String(parts[2].drop(while: { $0 == " " }))
    }

    var json: JSONValue {
        .object([("file", .string(file)), ("line", line.map { .number(Double($0)) } ?? .null),
                 ("column", column.map { .number(Double($0)) } ?? .null), ("severity", .string(severity)),
                 ("message", .string(message))])
    }

    static func json(_ problems: [CheckProblem]) -> String { JSONValue.array(problems.map(\.json)).serialized() }
}
