import Glibc
import PanelUI
import Testing
@testable import panel

/// The control socket's request layer on seeded random requests: objects with every mix of
/// known and wrong keys and value types, and lines that aren't JSON objects at all. Every
/// line gets exactly one reply, `ok` or an `error` sentence (a `set` that changes a value
/// gets it only after the save), and an accepted `set` shows exactly the value asked for. (The JSON parser underneath has its own byte-level fuzzer.)
struct ControlRequestFuzzTests {
    let folder = TemporaryFolder()

    static let commands: [JSONValue] = [.string("get"), .string("set"), .string("subscribe"), .string("SET"), .string(""),
                                        .number(1), .null, .bool(true), .array([]), .object([])]
    static let ids: [JSONValue] = [.string("wifi"), .string("mode"), .string("off"), .string("nope"), .string(""),
                                   .number(0), .null, .bool(false), .array([.string("wifi")])]
    static let values: [JSONValue] = [.bool(true), .bool(false), .null, .string("eco"), .string("balanced"),
                                      .string("nope"), .string("true"), .number(1), .number(-0.5), .array([]),
                                      .object([("value", .bool(true))])]
    static let garbage = ["", "{", "}", "[]", "42", "\"get\"", "null", "{\"cmd\": \"get\"", "{\"cmd\": \"get\"}}", "\u{0}"]

    @Test func everyRequestGetsOneReply() throws {
        let yaml = """
        sections:
          - controls:
              - {id: wifi, kind: switch}
              - {id: off, kind: checkbox, enabled: false}
              - {id: mode, kind: radio, options: [eco, balanced], default: eco, must_have_selection: true}
        """
        let description = try PanelDescription.parse(yaml, file: "t.yml", fileExists: { _ in true })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 800, height: 480)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: Log(write: { _ in }))
        try session.renderFullFrame(at: 0)
        let loop = try EventLoop(clock: ManualClock())
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: Log(write: { _ in }), environment: [:]),
                                 log: Log(write: { _ in }), now: { 0 })
        let requests = ControlRequests(keeper: keeper, now: { 0 })

        srand48(0x50CE7)
        func pick<T>(_ items: [T]) -> T { items[Int(drand48() * Double(items.count))] }
        var accepted = 0, refused = 0
        for _ in 0..<3000 {
            var fields: [(key: String, value: JSONValue)] = []
            if drand48() < 0.9 { fields.append(("cmd", pick(Self.commands))) }
            if drand48() < 0.7 { fields.append(("id", pick(Self.ids))) }
            if drand48() < 0.7 { fields.append(("value", pick(Self.values))) }
            if drand48() < 0.1 { fields.append(("extra", pick(Self.values))) }
            let line = drand48() < 0.1 ? pick(Self.garbage) : JSONValue.object(fields).serialized()
            // A set is answered once its value is saved: after the save that follows the frame.
            var later: [JSONValue] = []
            let now = requests.respond(to: Array(line.utf8), subscribe: {}, later: { later.append($0) })
            if now == nil { session.saveIfPending() }
            #expect((now == nil ? later.count : later.count + 1) == 1, "one reply to \(line): \(now.map { [$0] } ?? later)")
            guard let reply = now ?? later.first else { continue }
            guard case .object = reply else {
                Issue.record("reply to \(line) is not an object: \(reply.serialized())")
                continue
            }
            if case .string(let message)? = reply["error"] {
                #expect(!message.isEmpty)
                refused += 1
            } else {
                #expect(reply["ok"] == .bool(true), "neither ok nor error for \(line): \(reply.serialized())")
                accepted += 1
                if case .string("set")? = (try? JSONValue.parse(line))?["cmd"], case .string(let id)? = reply["id"],
                   let index = description.controls.firstIndex(where: { $0.id == id }) {
                    #expect(session.model.values[index].json == reply["value"], "a set shows what it said: \(line)")
                }
            }
        }
        #expect(accepted > 100 && refused > 100, "both kinds of reply were exercised: \(accepted) ok, \(refused) errors")
        #expect(session.model.values[1] == .bool(false), "the disabled control never changed")
    }
}
