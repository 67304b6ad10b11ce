import Testing

/// Inputs the fuzzers found that once crashed or hung a reader, kept as regression tests.
/// Each file in Corpus/crashers is named for the reader it broke: `description-…`,
/// `recording-…`, `state-…` or `json-…`.
@Test(arguments: Fuzzer.corpusNames("crashers"))
func crasherStaysFixed(_ name: String) throws {
    let bytes = try #require(readBytes("\(Fuzzer.corpusFolder("crashers"))/\(name)"))
    let seconds = secondsTaken {
        switch name.split(separator: "-").first {
        case "description": checkDescription(bytes)
        case "recording": checkRecording(bytes)
        case "state": checkStateFile(bytes)
        case "json": checkJSONLine(bytes)
        default: Issue.record("\(name): name it for its reader (description-, recording-, state-, json-)")
        }
    }
    #expect(seconds < FuzzTests.slowInput)
}
