import PanelUI

/// The control socket's protocol, one JSON object per line each way:
///
///     {"cmd": "get"}                              → {"ok": true, "values": {"wifi": true, …}}
///     {"cmd": "get", "id": "wifi"}                → {"ok": true, "id": "wifi", "value": true}
///     {"cmd": "set", "id": "wifi", "value": true} → {"ok": true, "id": "wifi", "value": true, "changed": true}
///     {"cmd": "subscribe"}                        → {"ok": true, "subscribed": true}, then a line per change:
///                                                   {"event": "changed", "id": "wifi", "value": false, "source": "touch"}
///
/// Values are the ones shown. A `set` is answered as soon as the panel shows the value;
/// its action runs after that, and a failed action's revert arrives as a change with
/// `"source": "revert"`. Every mistake is answered with `{"error": "…"}` and the
/// connection stays open.
struct ControlRequests {
    let keeper: ValueKeeper
    let now: () -> Double

    func respond(to line: [UInt8], subscribe: () -> Void) -> JSONValue {
        let request: JSONValue
        do throws(JSONError) {
            request = try JSONValue.parse(utf8: line)
        } catch {
            return Self.error("not JSON: \(error); send one object per line, like {\"cmd\": \"get\"}")
        }
        guard case .object = request else { return Self.error("a request must be a JSON object, like {\"cmd\": \"get\"}") }
        switch request["cmd"] {
        case .string("get"): return get(request["id"])
        case .string("set"): return set(request["id"], request["value"])
        case .string("subscribe"):
            subscribe()
            return .object([("ok", .bool(true)), ("subscribed", .bool(true))])
        case .string(let other): return Self.error("unknown cmd '\(other)'; use get, set or subscribe")
        default: return Self.error("missing \"cmd\"; use get, set or subscribe")
        }
    }

    /// A change line for subscribers.
    static func changeEvent(_ change: ValueChange, source: ChangeSource) -> JSONValue {
        .object([("event", .string("changed")), ("id", .string(change.id)), ("value", change.value.json),
                 ("source", .string(source.rawValue))])
    }

    private var model: PanelModel { keeper.session.model }

    private func get(_ id: JSONValue?) -> JSONValue {
        guard let id else {
            let values = zip(model.description.controls, model.values).map { (key: $0.id, value: $1.json) }
            return .object([("ok", .bool(true)), ("values", .object(values))])
        }
        switch control(id) {
        case .failure(let error): return error.reply
        case .success(let index):
            return .object([("ok", .bool(true)), ("id", .string(model.description.controls[index].id)), ("value", model.values[index].json)])
        }
    }

    private func set(_ id: JSONValue?, _ value: JSONValue?) -> JSONValue {
        guard let id else { return Self.error("set needs \"id\" and \"value\"") }
        let index: Int
        switch control(id) {
        case .failure(let error): return error.reply
        case .success(let found): index = found
        }
        let description = model.description.controls[index]
        guard let value else { return Self.error("set needs \"value\" for '\(description.id)'") }
        guard description.enabled else { return Self.error("'\(description.id)' is disabled") }
        guard let newValue = ControlValue(json: value, for: description) else {
            let expected = description.kind == .radio
                ? "one of \(description.options.map { "\"\($0)\"" }.joined(separator: ", "))\(description.mustHaveSelection ? "" : " or null")"
                : "true or false"
            return Self.error("value \(value.serialized()) does not fit \(description.kind.rawValue) '\(description.id)'; use \(expected)")
        }
        let changed = model.values[index] != newValue
        keeper.session.setValue(newValue, ofControl: index, source: .socket, at: now())
        return .object([("ok", .bool(true)), ("id", .string(description.id)), ("value", newValue.json), ("changed", .bool(changed))])
    }

    private func control(_ id: JSONValue) -> Result<Int, ErrorReply> {
        guard case .string(let name) = id else { return .failure(ErrorReply(Self.error("\"id\" must be a string"))) }
        guard let index = keeper.session.controlIndex(of: name) else {
            let ids = model.description.controls.map(\.id).joined(separator: ", ")
            return .failure(ErrorReply(Self.error("unknown id '\(name)'; ids: \(ids)")))
        }
        return .success(index)
    }

    static func error(_ message: String) -> JSONValue {
        .object([("error", .string(message))])
    }
}

/// An error reply carried through a Result.
struct ErrorReply: Error {
    let reply: JSONValue
    init(_ reply: JSONValue) { self.reply = reply }
}
