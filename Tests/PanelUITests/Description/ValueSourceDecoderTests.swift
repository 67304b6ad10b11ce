import Testing
@testable import PanelUI

/// A value row's `source: {exec: [...], every: SECONDS, timeout: S}`: decoded values, the
/// default timeout, the bounds, and every mistake located at FILE:LINE:COL.
struct ValueSourceDecoderTests {
    /// Decodes `source` written as the value of `source:` on line 2, column 11.
    func decode(_ source: String) throws(DescriptionError) -> (ValueSourceDescription, [DescriptionWarning]) {
        let text = "row:\n  source: \(source)\n"
        let context = DecodingContext(file: "panel.yaml", source: text, fileExists: { _ in true })
        guard let root = try? YAMLNode.parse(text), let node = root.value(forKey: "row")?.value(forKey: "source") else {
            Issue.record("not YAML: \(text)")
            throw context.error(at: SourceLocation(line: 1, column: 1), "not YAML")
        }
        return (try decodeValueSource(node, context), context.warnings.all)
    }

    func failure(_ source: String) -> String? {
        do {
            _ = try decode(source)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aSourceDecodesWithTheDefaultTimeout() throws {
        let (source, warnings) = try decode("{exec: [/usr/bin/cat, /sys/class/thermal/thermal_zone0/temp], every: 30}")
        #expect(source == ValueSourceDescription(exec: ["/usr/bin/cat", "/sys/class/thermal/thermal_zone0/temp"], every: 30, timeout: 10,
                                                 location: SourceLocation(line: 2, column: 11)))
        #expect(warnings.isEmpty)
        #expect(try decode("{exec: [/bin/date], every: 2}").0.timeout == 2, "every, when shorter than 10 s")
        #expect(try decode("{exec: [/bin/date], every: 0.5}").0.timeout == 0.5)
        #expect(try decode("{exec: [/bin/date], every: 86400, timeout: 30}").0.timeout == 30)
        #expect(try decode("{exec: [/bin/date], every: 5, timeout: 5}").0.timeout == 5, "as long as every")
        #expect(try decode("{exec: [/bin/date], every: 5, timeout: 0.1}").0.timeout == 0.1)
    }

    @Test func argumentsSubstituteTheRowsIDAndText() {
        let source = ValueSourceDescription(exec: ["/bin/show", "{id}", "--was={value}"], every: 5, location: SourceLocation(line: 1, column: 1))
        #expect(source.arguments(id: "temp", value: "21.5") == ["/bin/show", "temp", "--was=21.5"])
        #expect(source.unknownPlaceholder == nil)
    }

    static let example = "[/usr/bin/cat, /sys/class/thermal/thermal_zone0/temp]"
    static let errors: [(String, String)] = [
        ("/bin/date", "panel.yaml:2:11: 'source' must be a mapping like {exec: \(example), every: 30}, not '/bin/date'"),
        ("[/bin/date]", "panel.yaml:2:11: 'source' must be a mapping like {exec: \(example), every: 30}, not a list"),
        ("{every: 30}", "panel.yaml:2:11: 'source' has no 'exec'; add the program and its arguments, like exec: \(example)"),
        ("{exec: [/bin/date]}", "panel.yaml:2:11: 'source' has no 'every'; add how often to run the program, in seconds, like every: 30"),
        ("{exec: [date], every: 30}", "panel.yaml:2:19: the program 'date' in 'exec' must be an absolute path, like /usr/bin/date"),
        ("{exec: [], every: 30}", "panel.yaml:2:18: 'exec' is empty; name the program to run, like \(example)"),
        ("{exec: date, every: 30}",
         "panel.yaml:2:18: 'exec' must be a list of the program and its arguments, like \(example), not 'date' (no shell is used)"),
        ("{exec: [/bin/date, \"a\\0b\"], every: 30}", "panel.yaml:2:32: an argument in 'exec' contains the control character U+0000 (NUL); it can't hold control characters"),
        ("{exec: [/bin/date], every: 0.4}", "panel.yaml:2:38: 'every' must be a number from 0.5 to 86400, not '0.4'"),
        ("{exec: [/bin/date], every: 86401}", "panel.yaml:2:38: 'every' must be a number from 0.5 to 86400, not '86401'"),
        ("{exec: [/bin/date], every: \"30\"}", "panel.yaml:2:38: 'every' must be a number from 0.5 to 86400, not the quoted text \"30\""),
        ("{exec: [/bin/date], every: 1e3}", "panel.yaml:2:38: 'every' must be a number from 0.5 to 86400, not '1e3'"),
        ("{exec: [/bin/date], every: 30, timeout: 0.05}", "panel.yaml:2:51: 'timeout' must be a number from 0.1 to 86400, not '0.05'"),
        ("{exec: [/bin/date], every: 30, timeout: 40}",
         "panel.yaml:2:51: 'timeout' is 40 s, longer than 'every' (30 s); a source runs one program at a time, so give it at most 30"),
        ("{exec: [/bin/date], every: 2.5, timeout: 3}",
         "panel.yaml:2:52: 'timeout' is 3 s, longer than 'every' (2.5 s); a source runs one program at a time, so give it at most 2.5"),
        ("{exec: [/bin/date], evry: 30}", "panel.yaml:2:31: unknown key 'evry' in 'source' (did you mean 'every'?); the closest keys it takes: every, exec, timeout"),
        ("{exec: [/bin/date], every: 30, every: 60}", "panel.yaml:2:42: duplicate key 'every' in 'source' (first at 2:31)"),
    ]

    @Test(arguments: errors.indices)
    func mistakesAreLocated(_ index: Int) {
        let (source, expected) = Self.errors[index]
        #expect(failure(source) == expected, "\(source)")
    }

    @Test func anUnknownPlaceholderIsAWarningAtItsArgumentAndKeepsTheSourceFromRunning() throws {
        let (source, warnings) = try decode(#"{exec: [/bin/echo, "{ID}", "{vaule}"], every: 5}"#)
        #expect(warnings.map(\.description) == [
            "panel.yaml:2:30: warning: unknown placeholder {ID} in exec argument 1 (did you mean {id}?); panel replaces only {id} and {value} and will not start this command while it has {ID}",
            "panel.yaml:2:38: warning: unknown placeholder {vaule} in exec argument 2 (did you mean {value}?); panel replaces only {id} and {value} and will not start this command while it has {vaule}",
        ])
        #expect(source.unknownPlaceholder?.reason == "unknown placeholder {ID} in exec argument 1")
    }
}
