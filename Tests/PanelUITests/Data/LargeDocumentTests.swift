import PanelUI
import Testing

/// Documents with very many members, on one line and on many: parsing and building them must
/// take time linear in their size. Before, every object key had its column counted from the
/// start of its line (100,000 keys on one line took 21 s in a debug build, 8 MiB on one line
/// minutes) and StateDocument looked each id up in a list (quadratic in the number of ids).
/// No timing is asserted: on the old code these tests simply ran for minutes.
struct LargeDocumentTests {
    static let count = 100_000

    /// `{"version":1,"values":{"u000000":true,"u000001":false,…}}` with `separator` between members.
    static func stateText(count: Int, separator: String) -> String {
        var text = "{\"version\":1,\"values\":{"
        text.reserveCapacity(count * 20)
        for i in 0..<count {
            if i > 0 { text += separator }
            text += "\"u\(i)\":\(i % 2 == 0 ? "true" : "false")"
        }
        return text + "}}\n"
    }

    @Test(arguments: [",", ",\n    "])
    func aStateFileWithAHundredThousandIdsParsesWithAllOfThem(_ separator: String) throws {
        let text = Self.stateText(count: Self.count, separator: separator)
        let document = try StateDocument.parse(text)
        #expect(document.values.count == Self.count)
        #expect(document.values.first?.id == "u0" && document.values.last?.id == "u\(Self.count - 1)")
        #expect(document.value(for: "u99998") == .bool(true))
        #expect(document.value(for: "u99999") == .bool(false))
    }

    @Test func aOneLineJSONObjectWithAHundredThousandKeysParses() throws {
        let text = Self.stateText(count: Self.count, separator: ",")
        let value = try JSONValue.parse(text)
        guard case .object(let members)? = value["values"] else { Issue.record("no values object"); return }
        #expect(members.count == Self.count)
    }

    /// Locations are worked out only for the error now; they must still be right, far along a long line.
    @Test func anErrorAtTheEndOfALongLineHasItsColumn() {
        let members = (0..<Self.count).map { "\"é\($0)\":1" }.joined(separator: ",")
        let text = "{\n\"a\": {\(members), \"é\": tru}}"
        // `"a": {` is 6 characters before the members, `, "é": ` 7 after; columns count characters, é is one.
        let column = 1 + 6 + members.count + 7
        do {
            _ = try JSONValue.parse(text)
            Issue.record("parsed")
        } catch {
            #expect(error.location == SourceLocation(line: 2, column: column), "\(error)")
        }
        // And for a duplicate id, found by the state reader, far along the line.
        let duplicated = "{\"version\": 1, \"values\": {\(members), \"é7\": 2}}"
        do {
            _ = try StateDocument.parse(duplicated)
            Issue.record("parsed")
        } catch {
            // `{"version": 1, "values": {` is 26 characters, then the members and `, `.
            #expect(error.description == "1:\(26 + members.count + 2 + 1): the value of \"é7\" appears twice")
        }
    }

    /// Setting and looking up ids takes constant time, so building a large document is linear.
    @Test func settingAHundredThousandIdsKeepsOrderAndReplacesInPlace() {
        var document = StateDocument()
        for i in 0..<Self.count { document.set("id\(i)", .number(Double(i))) }
        for i in stride(from: 0, to: Self.count, by: 2) { document.set("id\(i)", .bool(true)) }
        #expect(document.values.count == Self.count)
        #expect(document.values[Self.count - 1].id == "id\(Self.count - 1)")
        #expect(document.value(for: "id4") == .bool(true) && document.value(for: "id5") == .number(5))
        #expect(document.values[4].id == "id4", "replaced where it was")
        #expect(StateDocument(values: [("a", .null), ("b", .null), ("a", .bool(true))]).values.map(\.id) == ["a", "b"])
    }
}
