import PanelUI
import Testing

private func failure(_ text: String) -> String? {
    do {
        _ = try JSONValue.parse(text)
        return nil
    } catch {
        return error.description
    }
}

@Test func parsesEveryKindOfValueKeepingObjectOrder() throws {
    let value = try JSONValue.parse(#" { "b": [1, -2.5, 3e2, true, false, null], "a": {"x": "y"}, "": [] } "#)
    #expect(value == .object([
        ("b", .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null])),
        ("a", .object([("x", .string("y"))])),
        ("", .array([])),
    ]))
    #expect(value["a"]?["x"] == .string("y"))
    #expect(value["missing"] == nil)
    #expect(JSONValue.array([])["a"] == nil)
    // Order matters for equality.
    #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
}

@Test func writesCompactAndPrettyDeterministically() throws {
    let value = JSONValue.object([
        ("n", .array([.number(1), .number(-0.5), .number(1e20), .number(0.1), .number(9007199254740991), .number(.nan)])),
        ("e", .object([])), ("s", .string("a\"b\\c\n\u{01}\u{1F}é😀/")), ("t", .bool(true)), ("z", .null),
    ])
    #expect(value.serialized() == #"{"n":[1,-0.5,1e+20,0.1,9007199254740991,null],"e":{},"s":"a\"b\\c\n\u0001\u001fé😀/","t":true,"z":null}"#)
    #expect(JSONValue.object([("a", .array([.number(1), .object([("b", .array([]))])]))]).serialized(pretty: true) == """
        {
          "a": [
            1,
            {
              "b": []
            }
          ]
        }
        """)
}

@Test(arguments: [
    "null", "true", "[]", "{}", #""""#, "0", "-0.25", "123456789012", "1.5e-10", "[[[{\"a\":[1,{\"b\":null}]}]]]",
    #""\"\\\/\b\f\n\r\t\u0000\u00e9\ud83d\ude00""#, "1.7976931348623157e308", "5e-324", "9007199254740993",
])
func roundTrips(_ text: String) throws {
    let value = try JSONValue.parse(text)
    #expect(try JSONValue.parse(value.serialized()) == value)
    #expect(try JSONValue.parse(value.serialized(pretty: true)) == value)
}

@Test func escapesAndSurrogatesDecode() throws {
    #expect(try JSONValue.parse(#""\ud83d\ude00 \u00E9 \u0041 \n""#) == .string("😀 é A \n"))
    #expect(try JSONValue.parse(#""x\u0000y""#) == .string("x\u{0}y"))
    #expect(try JSONValue.parse("\"é😀\"") == .string("é😀"))
}

@Test func numbers() throws {
    #expect(try JSONValue.parse("-0") == .number(0))
    #expect(try JSONValue.parse("1E3") == .number(1000))
    #expect(try JSONValue.parse("1e-3") == .number(0.001))
    #expect(try JSONValue.parse("123456789012345678") == .number(1.2345678901234568e17))
    #expect(try JSONValue.parse("0.1") == .number(0.1))
    #expect(JSONValue.number(2).serialized() == "2")
    #expect(JSONValue.number(9007199254740992).serialized() == "9007199254740992.0")  // past 2^53: not an exact integer
    #expect(JSONValue.number(-3).serialized() == "-3")
}

private let errorCases: [(json: String, expected: String)] = [
    ("", "1:1: unexpected end of input; expected a value"),
    ("  \n ", "2:2: unexpected end of input; expected a value"),
    ("[1,]", "1:4: unexpected ']'; expected a value"),
    ("{\"a\":1,}", "1:8: expected a key in double quotes, found '}'"),
    ("{\"a\" 1}", "1:6: expected ':' after the key \"a\", found '1'"),
    ("{a:1}", "1:2: expected a key in double quotes, found 'a'"),
    ("[1 2]", "1:4: expected ',' or ']' after an array element, found '2'"),
    ("{\"a\":1\n \"b\":2}", "2:2: expected ',' or '}' after an object member, found '\"'"),
    ("[1", "1:3: expected ',' or ']' after an array element, found end of input"),
    ("1 2", "1:3: unexpected '2' after the JSON value"),
    ("{} x", "1:4: unexpected 'x' after the JSON value"),
    ("tru", "1:1: unknown word; expected a value such as true, false, null, a number or a \"string\""),
    ("nul", "1:1: unknown word; expected a value such as true, false, null, a number or a \"string\""),
    ("'a'", "1:1: unexpected '''; expected a value"),
    ("01", "1:1: numbers can't start with 0 unless they are 0 (write 7, not 07)"),
    ("-", "1:2: expected a digit after '-'"),
    ("-a", "1:2: expected a digit after '-'"),
    ("+1", "1:1: unexpected '+'; expected a value"),
    (".5", "1:1: unexpected '.'; expected a value"),
    ("1.", "1:3: expected a digit after '.'"),
    ("1.e5", "1:3: expected a digit after '.'"),
    ("1e", "1:3: expected a digit in the exponent"),
    ("1e+", "1:4: expected a digit in the exponent"),
    ("[1e999]", "1:2: number 1e999 is too large"),
    ("\"abc", "1:1: string is not closed; add the missing '\"'"),
    ("[\"a\tb\"]", "1:4: control character U+0009 inside a string; write it as \\u0009"),
    ("\"é\n\"", "1:3: control character U+000A inside a string; write it as \\u000A"),
    ("\"\\x\"", "1:2: unknown escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"),
    ("\"\\u12G4\"", "1:6: \\u must be followed by four hex digits"),
    ("\"\\u12\"", "1:6: \\u must be followed by four hex digits"),
    ("\"ab\\ud83d\"", "1:4: \\uD83D starts a surrogate pair but no \\uDC00-\\uDFFF follows"),
    ("\"\\ud83d\\u0041\"", "1:2: \\uD83D starts a surrogate pair but \\u0041 is not a low surrogate"),
    ("\"\\ude00\"", "1:2: \\uDE00 is half of a surrogate pair; the high half must come first"),
    ("\n\n  [\"é😀\", x]", "3:10: unexpected 'x'; expected a value"),
    ("\u{0}", "1:1: unexpected byte 0x00; expected a value"),
    (String(repeating: "[", count: 64) + String(repeating: "]", count: 64), ""),
    (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "1:65: nesting deeper than 64 levels"),
    (String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65), "1:321: nesting deeper than 64 levels"),
]

@Test(arguments: errorCases.indices)
func errorsAreLocated(_ index: Int) {
    let (json, expected) = errorCases[index]
    #expect(failure(json) == (expected.isEmpty ? nil : expected), "\(json)")
}

@Test(arguments: [
    ([0x22, 0xFF, 0x22], "1:2: invalid UTF-8 byte 0xFF"),
    ([0x22, 0xC3, 0x22], "1:2: invalid UTF-8 sequence starting with byte 0xC3"),
    ([0x22, 0xC0, 0x80, 0x22], "1:2: invalid UTF-8 byte 0xC0"),  // overlong NUL
    ([0x22, 0xED, 0xA0, 0x80, 0x22], "1:2: invalid UTF-8 sequence starting with byte 0xED"),  // encoded surrogate
    ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:2: invalid UTF-8 sequence starting with byte 0xF4"),  // past U+10FFFF
    ([0xEF, 0xBB, 0xBF, 0x31], "1:1: unexpected byte 0xEF; expected a value"),  // RFC 8259 forbids a BOM
] as [([UInt8], String)])
func invalidUTF8IsAnError(_ bytes: [UInt8], _ expected: String) {
    #expect(throws: JSONError.self) { try JSONValue.parse(utf8: bytes) }
    do {
        _ = try JSONValue.parse(utf8: bytes)
    } catch {
        #expect(error.description == expected)
    }
}

/// xorshift64*: reproducible without Foundation or a global random source.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2685821657736338717
    }
}

@Test func randomBytesNeverCrash() throws {
    var random = SeededGenerator(state: 0x9E3779B97F4A7C15)
    // Mostly JSON-ish bytes so the parser gets deep, plus anything at all.
    let alphabet = Array("{}[]\":,.-+eE0123456789tfnrulasx\\u \n\t".utf8) + [0x00, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
    var parsed = 0
    for _ in 0..<5000 {
        let count = Int.random(in: 0...40, using: &random)
        let bytes: [UInt8] = (0..<count).map { _ in
            Bool.random(using: &random) ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
        if let value = try? JSONValue.parse(utf8: bytes) {
            parsed += 1
            #expect(try JSONValue.parse(value.serialized()) == value)
        }
    }
    #expect(parsed > 0)
}
