import PanelUI
import Testing

/// Seeded fuzzing of every reader of outside input: each must either accept the input or
/// throw its located error with a message; never trap, never take long. The corpora are in
/// Tests/PanelUITests/Corpus; inputs that once broke a reader are in Corpus/crashers and run
/// first (see CrasherTests). Counts are kept so the whole suite stays well under a minute.
struct FuzzTests {
    /// Any one input taking longer than this is a hang for a panel reading a file at start
    /// (a debug build, on a loaded shared machine).
    static let slowInput = 0.5

    @Test func descriptionReader() {
        let fuzzer = Fuzzer(corpus: Fuzzer.corpus("description"),
                            tokens: ["title:", "sections:", "controls:", "- ", "{", "}", "[", "]", ": ", "\n", "\n  ", "\n      - ",
                                     "id:", "kind: radio", "kind: switch", "kind: checkbox", "options:", "default:", "theme:",
                                     "font_size:", "row_height:", "line_width:", "must_have_selection: true", "\"", "'", "&a ", "*a",
                                     "!!str ", "#", "---\n", "...\n", "? ", "|\n", ">-\n", "%YAML 1.1\n", "\"#FF00FF\"",
                                     "kind: button", "confirm: ", "style: destructive",
                                     "kind: slider", "kind: stepper", "min: ", "max: ", "step: ", "unit: ", "send: continuous",
                                     "interval: ", "0.1", "-0.5", "1e9",
                                     "backlight: ", "idle: {", "dim_after: ", "dim_to: ", "off_after: ", "night: {", "from: ",
                                     "until: ", "brightness: ", "20%", "bind: backlight", "min_brightness: ", "blank_after: "],
                            seed: 0xD35C)
        expectBoundedAndMixed(fuzzer, iterations: 1500, checkDescription)
    }

    @Test func evemuReader() {
        fuzzRecordings(Fuzzer(corpus: Fuzzer.corpus("evemu"),
                              tokens: ["E: ", "N: ", "I: ", "B: ", "A: ", "P: ", "# EVEMU 1.3\n", "0003 0039 -001", "0003 002f ",
                                       "0000 0000 0000", "0.000001", "\n", "\t", " ", "ffffffff", "A: 35 0 0 0 0 0\n", "A: 2f 0 -1 0 0 0\n"],
                              seed: 0xE7E3))
    }

    @Test func libinputRecordReader() {
        fuzzRecordings(Fuzzer(corpus: Fuzzer.corpus("libinput-record"),
                              tokens: ["version: 1\n", "devices:", "evdev:", "events:", "absinfo:", "codes:", "- [", "]", ", ",
                                       "  ", "\n", "3: [0, 1, 47, 53, 54, 57]", "47: [0, 0, 0, 0, 0]", "- evdev:\n", "[0, 0, 0, 0, 0]"],
                              seed: 0x11B1))
    }

    @Test func stateFileReader() {
        let fuzzer = Fuzzer(corpus: Fuzzer.corpus("state"), tokens: jsonTokens + ["\"version\"", "\"values\"", "1", "2"], seed: 0x57A7)
        expectBoundedAndMixed(fuzzer, iterations: 3000, checkStateFile)
    }

    /// The control socket reads one JSON value per line with `JSONValue.parse(utf8:)`.
    /// Its request layer (the socket work, Sources/panel/Socket or similar) isn't merged yet:
    /// when it is, fuzz whole lines through its request decoder too (unknown verbs, wrong types,
    /// huge ids, lines without a newline or over the length limit), with a Corpus/socket-request
    /// of real requests, and check each gets an error reply rather than a dropped connection.
    @Test func jsonLineParser() {
        let fuzzer = Fuzzer(corpus: Fuzzer.corpus("json-line"), tokens: jsonTokens, seed: 0x150F)
        expectBoundedAndMixed(fuzzer, iterations: 3000, checkJSONLine)
    }

    /// Deep nesting is where recursive parsers die: the JSON reader limits depth, the YAML
    /// tree must too (libyaml has no limit of its own).
    @Test(arguments: [10, 100, 10_000, 100_000])
    func deepNestingIsAnErrorNotACrash(depth: Int) {
        checkJSONLine(Array(String(repeating: "[", count: depth).utf8))
        checkJSONLine(Array((String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8))
        checkDescription(Array(("sections: " + String(repeating: "[", count: depth)).utf8))
        checkDescription(Array(("title: x\nsections:\n" + String(repeating: "- ", count: depth) + "x\n").utf8))
    }

    private func fuzzRecordings(_ fuzzer: Fuzzer) {
        expectBoundedAndMixed(fuzzer, iterations: 1500, checkRecording)
    }

    /// Every input is quick, and the mutants reach both sides: some still read, most are errors
    /// (all accepted or all refused would mean the fuzzer isn't getting past the first check).
    private func expectBoundedAndMixed(_ fuzzer: Fuzzer, iterations: Int, _ check: ([UInt8]) -> Bool) {
        #expect(!fuzzer.corpus.isEmpty)
        var slowest = 0.0, accepted = 0
        let total = fuzzer.run(iterations: iterations) { bytes in
            slowest = max(slowest, secondsTaken { if check(bytes) { accepted += 1 } })
        }
        #expect(slowest < Self.slowInput)
        #expect(accepted >= fuzzer.corpus.count && accepted < total, "\(accepted) of \(total) accepted")
    }
}

let jsonTokens = ["{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\udc00", "\\u00e9", "true", "false", "null",
                  "-", "e", "E+", ".", "0", "1e999", " ", "\n", "\t", "\"values\": {", "\"a\": "]

/// A description either decodes or throws a located error naming the file.
@discardableResult
func checkDescription(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        _ = try PanelDescription.parse(text, file: "fuzz.yaml", fileExists: { _ in true })
        return true
    } catch {
        #expect(error.file == "fuzz.yaml")
        #expect(error.location.line >= 1 && error.location.column >= 1, "\(error)")
        #expect(!error.message.isEmpty)
        return false
    }
}

/// A recording either reads (and then decodes for a screen without trapping) or throws a located error.
@discardableResult
func checkRecording(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let recording = try RecordingReader.parse(text, file: "fuzz.rec")
        guard var decoder = try? TouchDecoder(device: recording.device, screen: Size(width: 800, height: 480)) else { return true }
        for event in recording.events {
            for touch in decoder.feed(event) {
                #expect(touch.position.x.isFinite && touch.position.y.isFinite)
            }
        }
        return true
    } catch {
        #expect(error.file == "fuzz.rec")
        #expect(error.line >= 1, "\(error)")
        #expect(!error.message.isEmpty)
        return false
    }
}

/// A state file either parses (and then survives a write and a re-read unchanged) or throws a located error.
@discardableResult
func checkStateFile(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let document = try StateDocument.parse(text)
        #expect(try StateDocument.parse(document.serialized()) == document)
        return true
    } catch {
        #expect(error.location.line >= 1 && error.location.column >= 1, "\(error)")
        #expect(!error.message.isEmpty)
        return false
    }
}

/// A line either parses (and then round-trips through the writer) or throws a located error.
@discardableResult
func checkJSONLine(_ bytes: [UInt8]) -> Bool {
    do {
        let value = try JSONValue.parse(utf8: bytes)
        #expect(try JSONValue.parse(value.serialized()) == value)
        return true
    } catch {
        #expect(error.location.line >= 1 && error.location.column >= 1, "\(error)")
        #expect(!error.message.isEmpty)
        return false
    }
}
