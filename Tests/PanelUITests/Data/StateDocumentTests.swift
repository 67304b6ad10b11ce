import PanelUI
import Testing

@Test func keepsUnknownIdsInFileOrderAndWritesPretty() throws {
    var document = try StateDocument.parse(#"{"version": 1, "values": {"old": [1, 2], "wifi": true, "mode": null}}"#)
    #expect(document.values.map(\.id) == ["old", "wifi", "mode"])
    #expect(document.value(for: "old") == .array([.number(1), .number(2)]))
    #expect(document.value(for: "nope") == nil)
    document.set("wifi", .bool(false))
    document.set("mode", .string("eco"))
    document.set("new", .bool(true))
    #expect(document.serialized() == """
        {
          "version": 1,
          "values": {
            "old": [
              1,
              2
            ],
            "wifi": false,
            "mode": "eco",
            "new": true
          }
        }

        """)
    #expect(try StateDocument.parse(document.serialized()) == document)
    #expect(StateDocument().serialized() == "{\n  \"version\": 1,\n  \"values\": {}\n}\n")
}

@Test(arguments: [
    (#"{"version": 2, "values": {}}"#, "1:13: state file version 2 is not supported; this panel reads version 1"),
    (#"{"version": "1", "values": {}}"#, "1:13: state file version \"1\" is not supported; this panel reads version 1"),
    (#"{"values": {}}"#, "1:1: the state file has no \"version\""),
    ("\n {\"version\": 1}", "2:2: the state file has no \"values\""),
    (#"{"version": 1, "values": []}"#, "1:26: expected an object ('{'), found '['"),
    (#"[1]"#, "1:1: expected an object ('{'), found '['"),
    (#"{"version": 1, "values": {}, "extra": 0}"#, "1:30: unknown key \"extra\"; a state file has only \"version\" and \"values\""),
    (#"{"version": 1, "version": 1, "values": {}}"#, "1:16: \"version\" appears twice"),
    (#"{"version": 1, "values": {"a": 1, "a": 2}}"#, "1:35: the value of \"a\" appears twice"),
    (#"{"version": 1, "values": {"a": tru}}"#, "1:32: unknown word; expected a value such as true, false, null, a number or a \"string\""),
    (#"{"version": 1, "values": {}} {}"#, "1:30: unexpected '{' after the JSON value"),
])
func rejectsWrongShapesWithLocations(_ text: String, _ expected: String) {
    do {
        _ = try StateDocument.parse(text)
        Issue.record("parsed: \(text)")
    } catch {
        #expect(error.description == expected)
    }
}
