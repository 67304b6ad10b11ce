import PanelUI
import Testing

/// Issue 33: a 7.7 MiB state file of 900,000 ids the description doesn't have peaked at
/// 233 MB of RSS, every id kept. Read for a description, a file keeps all of the described
/// ids' values and only `UnknownIdLimit.standard` of the others, dropped as they are read.
struct StateDocumentLimitTests {
    /// `{"version":1,"values":{…}}` with `members` written as `"id":value` in order.
    static func text(_ members: [(String, String)]) -> String {
        var text = "{\"version\":1,\"values\":{"
        for (index, (id, value)) in members.enumerated() {
            if index > 0 { text += "," }
            text += "\"\(id)\":\(value)"
        }
        return text + "}}\n"
    }

    /// The file: 900,000 short ids (base 36), 7.7 MiB, none described but two at its end.
    @Test func nineHundredThousandUnknownIdsKeepAThousand() throws {
        let count = 900_000
        var members = (0..<count).map { (String($0, radix: 36), "1") }
        members += [("wifi", "true"), ("mode", "\"eco\"")]
        let text = Self.text(members)
        #expect(text.utf8.count > 7 << 20)
        let reading = try StateDocument.parse(text, describedIds: ["wifi", "mode", "absent"])
        #expect(reading.document.values.count == 1002, "what is kept, not what the file holds")
        #expect(reading.keptUnknown.ids == 1000)
        #expect(reading.droppedUnknown.ids == count - 1000)
        #expect(reading.document.values.prefix(1000).map(\.id) == (0..<1000).map { String($0, radix: 36) }, "the first ones, in file order")
        #expect(reading.document.value(for: "wifi") == .bool(true), "described ids are kept past the limit")
        #expect(reading.document.value(for: "mode") == .string("eco"))
        #expect(reading.document.value(for: String(count - 1, radix: 36)) == nil)
        // Every member's bytes are counted, kept or dropped: `"id":1` plus the comma after it is not counted.
        let unknownBytes = members.dropLast(2).reduce(0) { $0 + $1.0.utf8.count + 2 + 1 + $1.1.utf8.count }
        #expect(reading.keptUnknown.bytes + reading.droppedUnknown.bytes == unknownBytes)
    }

    /// The bytes bound holds too: large values fill 64 KiB long before 1,000 ids.
    @Test func largeUnknownValuesAreKeptUpTheByteLimit() throws {
        let value = "\"" + String(repeating: "x", count: 1000) + "\""
        let members = (0..<200).map { ("u\($0)", value) } + [("small", "1")]
        let reading = try StateDocument.parse(Self.text(members), describedIds: [])
        let each = "\"u0\":".utf8.count + value.utf8.count  // 1007 bytes for u0…u9, 1008 from u10 on
        #expect(reading.keptUnknown.bytes <= UnknownIdLimit.standard.bytes)
        #expect(reading.keptUnknown.bytes > UnknownIdLimit.standard.bytes - each - 1)
        #expect(reading.keptUnknown.ids == reading.document.values.count)
        // 10 of 1007 bytes and 55 of 1008 fill 65,510 bytes; the 26 left take "small" alone.
        #expect(reading.keptUnknown.ids == 66, "\(reading.keptUnknown)")
        #expect(reading.document.value(for: "small") == .number(1), "a later one that still fits is kept")
        #expect(reading.droppedUnknown.ids == 200 - 65)
    }

    /// A limit of its own: ids and bytes as given; nil described ids keep everything.
    @Test func theLimitIsTheCallers() throws {
        let text = Self.text((0..<10).map { ("u\($0)", "true") })
        let two = try StateDocument.parse(text, describedIds: [], limit: UnknownIdLimit(count: 2, bytes: 1000))
        #expect(two.document.values.map(\.id) == ["u0", "u1"])
        #expect(two.droppedUnknown == StateReading.Members(ids: 8, bytes: 8 * "\"u0\":true".utf8.count))
        let all = try StateDocument.parse(text, describedIds: nil, limit: UnknownIdLimit(count: 2, bytes: 10))
        #expect(all.document.values.count == 10)
        #expect(all.droppedUnknown.ids == 0)
        #expect(try StateDocument.parse(text) == all.document)
    }

    /// A repeated id is still damage when it was kept; past the limit it is not looked for.
    @Test func aRepeatedKeptIdIsAnError() throws {
        let text = Self.text([("u0", "1"), ("u1", "2"), ("u0", "3")])
        #expect(throws: JSONError.self) { try StateDocument.parse(text, describedIds: []) }
        let past = Self.text([("u0", "1"), ("u1", "2"), ("u1", "3")])
        let reading = try StateDocument.parse(past, describedIds: [], limit: UnknownIdLimit(count: 1, bytes: 100))
        #expect(reading.document.values.map(\.id) == ["u0"])
        #expect(reading.droppedUnknown.ids == 2)
    }
}
