import PanelUI

/// A command-line mistake: printed as one line, exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The flags of one subcommand, parsed by hand: no argument-parser package is available
/// on the target (and the program should not need one).
struct Arguments {
    private var values: [String: String] = [:]
    private(set) var wantsHelp = false
    private var switchesGiven: Set<String> = []

    /// Parses `--name value` and `--name=value` for the flags in `valued`, the flags
    /// without a value in `switches`, and `--help`.
    init(_ args: some Collection<String>, command: String, valued: Set<String>, switches: Set<String> = []) throws(UsageError) {
        var rest = args[...]
        while let arg = rest.popFirst() {
            if arg == "--help" || arg == "-h" {
                wantsHelp = true
                continue
            }
            guard arg.hasPrefix("--") else {
                throw UsageError(message: "panel \(command): unexpected argument '\(arg)' (see panel \(command) --help)")
            }
            if switches.contains(String(arg.dropFirst(2))) {
                switchesGiven.insert(String(arg.dropFirst(2)))
                continue
            }
            var name = String(arg.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard valued.contains(name) else {
                throw UsageError(message: "panel \(command): unknown flag --\(name) (see panel \(command) --help)")
            }
            if value == nil { value = rest.popFirst() }
            guard let value, !value.isEmpty else {
                throw UsageError(message: "panel \(command): --\(name) needs a value")
            }
            guard values[name] == nil else {
                throw UsageError(message: "panel \(command): --\(name) given twice")
            }
            values[name] = value
        }
    }

    /// Parses the flags `help` lists, and only those: a flag can't be accepted undocumented.
    init(_ args: some Collection<String>, help: CommandHelp) throws(UsageError) {
        try self.init(args, command: help.name, valued: help.valued, switches: help.switches)
    }

    subscript(_ name: String) -> String? { values[name] }

    /// Whether a flag without a value (`--hold`) was given.
    func has(_ name: String) -> Bool { switchesGiven.contains(name) }

    func rotation(command: String) throws(UsageError) -> Rotation? {
        guard let text = values["rotate"] else { return nil }
        guard let degrees = Int(text), let rotation = Rotation(degrees: degrees) else {
            throw UsageError(message: "panel \(command): --rotate must be 0, 90, 180 or 270, not '\(text)'")
        }
        return rotation
    }

    /// `--scale auto|NUMBER`, or nil when the flag is absent.
    func scale(command: String) throws(UsageError) -> ScaleSetting? {
        guard let text = values["scale"] else { return nil }
        guard let setting = ScaleSetting(parsing: text) else {
            throw UsageError(message: "panel \(command): --scale must be auto or a number from 0.5 to 4, not '\(text)'")
        }
        return setting
    }

    /// `--direction auto|ltr|rtl`, or nil when the flag is absent.
    func direction(command: String) throws(UsageError) -> DirectionSetting? {
        guard let text = values["direction"] else { return nil }
        guard let setting = DirectionSetting(rawValue: text) else {
            throw UsageError(message: "panel \(command): --direction must be auto, ltr or rtl, not '\(text)'")
        }
        return setting
    }

    /// A number above 0 (`--timeout 2.5`), or nil when the flag is absent.
    func positiveNumber(_ name: String, command: String) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw UsageError(message: "panel \(command): --\(name) must be a number above 0, not '\(text)'")
        }
        return value
    }

    /// A whole number above 0 (`--count 10`) that fits an Int, read as one (never through a
    /// Double, whose 2^63 is past Int), or nil when the flag is absent.
    func positiveWholeNumber(_ name: String, command: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "panel \(command): --\(name) must be a whole number above 0, not '\(text)'")
        }
        return value
    }
}
