import PanelUI

/// The control socket's protocol, one JSON object per line each way:
///
///     {"cmd": "get"}                              → {"ok": true, "values": {"wifi": true, …}}
///     {"cmd": "get", "id": "wifi"}                → {"ok": true, "id": "wifi", "value": true}
///     {"cmd": "set", "id": "wifi", "value": true} → {"ok": true, "id": "wifi", "value": true, "changed": true}
///     {"cmd": "set", "id": "pump", "value": true, "apply": false}
///                                                 → the same reply; shown and saved, no action run
///     {"cmd": "press", "id": "restart"}           → {"ok": true, "id": "restart", "pressed": true}
///     {"cmd": "update", "id": "pump", "enabled": false, "label": "Pump (locked)", "detail": "interlock open"}
///                                                 → {"ok": true, "id": "pump", "enabled": false, "label": …, "detail": …}
///     {"cmd": "subscribe"}                        → {"ok": true, "subscribed": true}, then a line per change:
///                                                   {"event": "changed", "id": "wifi", "value": false, "source": "touch"}
///                                                   per press of a button:
///                                                   {"event": "pressed", "id": "restart", "source": "touch"}
///                                                   per update: {"event": "updated", "id": "pump", "enabled": false, …}
///                                                   and per idle stage: {"event": "idle", "state": "dimmed"}
///
/// Buttons keep no value: `get` leaves them out, and a `get` or `set` naming one is an error
/// that says to press it. A `press` runs the button's action without the confirm dialog (the
/// backend asks for it) and is answered when the action has ended: ok, or the action's
/// failure. A `press` naming any other kind is an error.
/// Values are the ones shown. Every request line gets exactly one reply line, in the
/// order of the requests; blank lines are no requests and get none. A mistake is answered
/// with `{"error": "…"}` and the connection stays open.
///
/// When a reply is sent: `get` and `subscribe` at once. A `set` is shown at once (it
/// animates like a tap), and its `ok` reply means the value is accepted and survives a
/// power cut: it is sent after the state file holding it has been written, fsync'd and
/// renamed. The sets of one wake-up share one save, made after the frame that shows them.
/// A control with an action is accepted only when its action succeeds, so the reply waits
/// for the action and then the save; if the action fails the control goes back and the
/// reply is `{"error": "action failed: exited with status 1; 'wifi' is back to true"}`
/// (or "…; a newer change of it is queued", whose action then decides). If the save fails
/// (a full or read-only disk) the reply is an error saying the value is shown but not
/// saved; panel keeps it and retries. A `set` to the value already shown and saved is
/// answered at once. Replies behind a waiting one wait too (request order), and so do
/// change lines queued after it, where a control's newer line replaces its older one
/// (`ReplyQueue`). Errors are the size of the request: a few close ids, never all of them.
struct ControlRequests {
    let keeper: ValueKeeper
    let now: () -> Double

    /// The reply to one request line; nil when it comes later, through `later` (a `set`
    /// waiting for its save or action). `later` is called at most once.
    func respond(to line: [UInt8], subscribe: () -> Void, later: @escaping (JSONValue) -> Void) -> JSONValue? {
        let request: JSONValue
        do throws(JSONError) {
            request = try JSONValue.parse(utf8: line)
        } catch {
            return Self.error("not JSON: \(Self.shown(error.description)); send one object per line, like {\"cmd\": \"get\"}")
        }
        guard case .object = request else { return Self.error("a request must be a JSON object, like {\"cmd\": \"get\"}") }
        switch request["cmd"] {
        case .string("get"): return get(request["id"])
        case .string("set"):
            guard let apply = Self.flag(request["apply"], default: true) else { return Self.error("\"apply\" must be true or false") }
            return set(request["id"], request["value"], apply: apply, later: later)
        case .string("press"): return press(request["id"], later: later)
        case .string("update"): return update(request)
        case .string("subscribe"):
            subscribe()
            return .object([("ok", .bool(true)), ("subscribed", .bool(true))])
        case .string(let other): return Self.error("unknown cmd '\(Self.shown(other))'; use get, set, press, update or subscribe")
        default: return Self.error("missing \"cmd\"; use get, set, press, update or subscribe")
        }
    }

    /// A change line for subscribers.
    static func changeEvent(_ change: ValueChange, source: ChangeSource) -> JSONValue {
        .object([("event", .string("changed")), ("id", .string(change.id)), ("value", change.value.json),
                 ("source", .string(source.rawValue))])
    }

    /// A press line for subscribers.
    static func pressEvent(_ id: String, source: ChangeSource) -> JSONValue {
        .object([("event", .string("pressed")), ("id", .string(id)), ("source", .string(source.rawValue))])
    }

    /// An idle stage line for subscribers: `active`, `dimmed` or `off`.
    static func idleEvent(_ state: IdleState) -> JSONValue {
        .object([("event", .string("idle")), ("state", .string(state.rawValue))])
    }

    private var model: PanelModel { keeper.session.model }

    /// `get` without an id: every value (buttons keep none).
    func everyValue() -> JSONValue {
        let values = zip(model.description.controls, model.values).filter { $0.0.kind.savesValue }.map { (key: $0.id, value: $1.json) }
        return .object([("ok", .bool(true)), ("values", .object(values))])
    }

    private func get(_ id: JSONValue?) -> JSONValue {
        guard let id else { return everyValue() }
        switch control(id) {
        case .failure(let error): return error.reply
        case .success(let index) where !model.description.controls[index].kind.savesValue:
            return Self.keepsNoValue(model.description.controls[index])
        case .success(let index):
            return .object([("ok", .bool(true)), ("id", .string(model.description.controls[index].id)), ("value", model.values[index].json)]
                + Self.properties(of: model.description.controls[index]))
        }
    }

    /// A control's runtime properties, as `get` and `update` reply and subscribers hear them.
    static func properties(of control: ControlDescription) -> [(key: String, value: JSONValue)] {
        [("enabled", .bool(control.enabled)), ("label", .string(control.label)), ("detail", control.detail.map(JSONValue.string) ?? .null)]
    }

    /// An update line for subscribers.
    static func updateEvent(_ control: ControlDescription) -> JSONValue {
        .object([("event", .string("updated")), ("id", .string(control.id))] + properties(of: control))
    }

    private func update(_ request: JSONValue) -> JSONValue {
        guard let id = request["id"] else { return Self.error("update needs \"id\" and one of \"enabled\", \"label\", \"detail\"") }
        let index: Int
        switch control(id) {
        case .failure(let error): return error.reply
        case .success(let found): index = found
        }
        var update = ControlUpdate()
        switch request["enabled"] {
        case nil: break
        case .bool(let enabled)?: update.enabled = enabled
        default: return Self.error("\"enabled\" must be true or false")
        }
        switch request["label"] {
        case nil: break
        case .string(let label)? where ControlUpdate.isShowable(label) && !label.isEmpty: update.label = label
        default: return Self.error("\"label\" must be text of one line, 1 to \(PanelDescription.longestText) characters")
        }
        switch request["detail"] {
        case nil: break
        case .null?: update.detail = .some(nil)
        case .string(let detail)? where ControlUpdate.isShowable(detail): update.detail = detail.isEmpty ? .some(nil) : detail
        default: return Self.error("\"detail\" must be text of one line (at most \(PanelDescription.longestText) characters) or null")
        }
        guard !update.isEmpty else { return Self.error("update needs one of \"enabled\", \"label\", \"detail\"") }
        keeper.update(control: index, update, at: now())
        let control = model.description.controls[index]
        return .object([("ok", .bool(true)), ("id", .string(control.id))] + Self.properties(of: control))
    }

    /// A true/false member, `fallback` when absent; nil when it is something else.
    static func flag(_ value: JSONValue?, default fallback: Bool) -> Bool? {
        switch value {
        case nil: fallback
        case .bool(let flag)?: flag
        default: nil
        }
    }

    private func set(_ id: JSONValue?, _ value: JSONValue?, apply: Bool, later: @escaping (JSONValue) -> Void) -> JSONValue? {
        guard let id else { return Self.error("set needs \"id\" and \"value\"") }
        let index: Int
        switch control(id) {
        case .failure(let error): return error.reply
        case .success(let found): index = found
        }
        let description = model.description.controls[index]
        guard description.kind.savesValue else { return Self.keepsNoValue(description) }
        guard let value else { return Self.error("set needs \"value\" for '\(description.id)'") }
        // A disabled control takes what the device reports, never a command.
        guard description.enabled || !apply else {
            return Self.error("'\(description.id)' is disabled; only a set with \"apply\": false (what the device reports) changes it")
        }
        guard let newValue = ControlValue(json: value, for: description) else {
            return Self.error("value \(Self.shown(value.serialized())) does not fit \(description.kind.rawValue) '\(description.id)'; use \(Self.expected(description, given: value))")
        }
        let changed = model.values[index] != newValue
        // Settled at once (already saved) or later; the reply goes whichever way it comes.
        var now: JSONValue?
        var waiting = false
        keeper.set(newValue, ofControl: index, at: self.now(), apply: apply) { settlement in
            let reply = Self.reply(to: settlement, id: description.id, value: newValue, changed: changed)
            if waiting { later(reply) } else { now = reply }
        }
        waiting = true
        return now
    }

    /// Runs a button's action as a tap's go-ahead would; answered once the action has ended.
    private func press(_ id: JSONValue?, later: @escaping (JSONValue) -> Void) -> JSONValue? {
        guard let id else { return Self.error("press needs \"id\"") }
        let index: Int
        switch control(id) {
        case .failure(let error): return error.reply
        case .success(let found): index = found
        }
        let description = model.description.controls[index]
        guard description.kind.presses else {
            return Self.error("'\(description.id)' is a \(description.kind.rawValue), not a button; change it with set")
        }
        guard description.enabled else { return Self.error("'\(description.id)' is disabled") }
        var now: JSONValue?
        var waiting = false
        keeper.press(index, source: .socket, at: self.now()) { settlement in
            let reply: JSONValue
            switch settlement {
            case .actionFailed(let reason, _): reply = Self.error("action failed: \(reason)")
            case .saved, .notSaved: reply = .object([("ok", .bool(true)), ("id", .string(description.id)), ("pressed", .bool(true))])
            }
            if waiting { later(reply) } else { now = reply }
        }
        waiting = true
        return now
    }

    /// The answer to a `get` or `set` of a button.
    private static func keepsNoValue(_ control: ControlDescription) -> JSONValue {
        error("'\(control.id)' is a \(control.kind.rawValue) and keeps no value; press it with {\"cmd\": \"press\", \"id\": \"\(control.id)\"}")
    }

    /// The reply to a settled `set`.
    static func reply(to settlement: ValueKeeper.Settlement, id: String, value: ControlValue, changed: Bool) -> JSONValue {
        switch settlement {
        case .saved:
            return .object([("ok", .bool(true)), ("id", .string(id)), ("value", value.json), ("changed", .bool(changed))])
        case .notSaved(let failure):
            return error("'\(id)' shows \(value.json.serialized()) but it is not saved: \(failure)")
        case .actionFailed(let reason, let back?):
            return error("action failed: \(reason); '\(id)' is back to \(back.json.serialized())")
        case .actionFailed(let reason, nil):
            return error("action failed: \(reason); a newer change of '\(id)' is queued")
        }
    }

    private func control(_ id: JSONValue) -> Result<Int, ErrorReply> {
        guard case .string(let name) = id else { return .failure(ErrorReply(Self.error("\"id\" must be a string"))) }
        guard let index = keeper.session.controlIndex(of: name) else {
            // A few close ids, never the whole list: the reply stays the size of the request.
            let close = CloseNames.suggestion(for: name, in: model.description.controls.lazy.map(\.id))
            return .failure(ErrorReply(Self.error("unknown id '\(Self.shown(name))'\(close)"
                + (close.isEmpty ? "; {\"cmd\": \"get\"} lists the ids of the values" : ""))))
        }
        return .success(index)
    }

    /// What a request sent, echoed in an error: at most `longest` scalars, cut with "…", so
    /// that an error reply is small whatever was sent.
    static func shown(_ text: String, longest: Int = 64) -> String {
        guard text.unicodeScalars.count > longest else { return text }
        // Scalars, not characters: one character may join any number of combining marks.
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(longest - 1))) + "\u{2026}"
    }

    /// What `control` takes, for an error: a radio of many options names its count and the
    /// few close to `value`, not all of them (their list is the panel's size, not the request's).
    static func expected(_ control: ControlDescription, given value: JSONValue) -> String {
        guard control.kind == .radio, control.options.count > manyOptions else { return control.expectedValues }
        let close: String
        if case .string(let text) = value { close = CloseNames.suggestion(for: text, in: control.options) } else { close = "" }
        return "one of its \(control.options.count) options\(close)\(control.mustHaveSelection ? "" : " or null")"
    }

    /// Radios with more options than this are not listed whole in an error.
    static let manyOptions = 8

    static func error(_ message: String) -> JSONValue {
        .object([("error", .string(message))])
    }
}

/// An error reply carried through a Result.
struct ErrorReply: Error {
    let reply: JSONValue
    init(_ reply: JSONValue) { self.reply = reply }
}
