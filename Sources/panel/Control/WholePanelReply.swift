import PanelUI

/// The reply to `{"cmd":"get"}` without an id, serialized once per state of the panel: on a
/// panel of 1,200 controls it is ~290 KB and ~1.25 ms of CPU to write, and twenty clients
/// asking for it at once kept a well-behaved client waiting 60-90 ms (the soak's figure). It is
/// made again after any value, mark or property changes (the model's revision) and for a new
/// session (a reload).
final class WholePanelReply {
    private var key: (session: ObjectIdentifier, revision: Int)?
    private var text = ""

    /// The serialized reply when `line` asks for every value; nil for any other request.
    func reply(to line: [UInt8], session: PanelSession, make: () -> JSONValue) -> String? {
        guard Self.asksForEverything(line) else { return nil }
        let now = (ObjectIdentifier(session), session.model.pageRevision)
        if key?.session != now.0 || key?.revision != now.1 {
            text = make().serialized()
            key = now
        }
        return text
    }

    /// `{"cmd":"get"}`, spaced as any client writes it: an object whose only member is cmd "get".
    static func asksForEverything(_ line: [UInt8]) -> Bool {
        // Short lines only: a whole-panel get is a dozen bytes; anything long is something else.
        guard line.count <= 64, case .object(let members)? = try? JSONValue.parse(utf8: line) else { return false }
        return members.count == 1 && members[0].key == "cmd" && members[0].value == .string("get")
    }
}
