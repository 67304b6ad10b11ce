import Glibc
import PanelUI
import Testing
@testable import panel

/// An error reply is the size of its request, not of the panel: an unknown id names a few
/// close ids, not all 300; a radio of 2,000 options names a few close ones; what the request
/// sent is echoed cut short.
struct ErrorReplySizeTests {
    let folder = TemporaryFolder()

    func requests() throws -> ControlRequests {
        let controls = (0..<300).map { "      - {id: setting-number-\($0), kind: checkbox}\n" }.joined()
        let options = (0..<2000).map { "o\($0)" }.joined(separator: ", ")
        let yaml = "sections:\n  - controls:\n" + controls
            + "      - {id: mode, kind: radio, options: [\(options)], default: o0, must_have_selection: true}\n"
            + "      - {id: fan, kind: radio, options: [low, high], default: low, must_have_selection: true}\n"
        let description = try PanelDescription.parse(yaml, file: "t.yml", fileExists: { _ in true })
        let log = Log(write: { _ in })
        let session = try PanelSession(description: description, rotation: .r0, display: HeadlessDisplay(size: Size(width: 320, height: 240)),
                                       store: StateStore(path: folder.file("state.json")), fonts: FontCache(), now: 0, log: log)
        let loop = try EventLoop(clock: ManualClock())
        let keeper = ValueKeeper(session: session, actions: ActionRunner(loop: loop, log: log, environment: [:]), log: log, now: { 0 })
        return ControlRequests(keeper: keeper, now: { 0 })
    }

    func reply(_ requests: ControlRequests, _ line: String) -> String {
        requests.respond(to: Array(line.utf8), subscribe: {}, later: { _ in })?.serialized() ?? "(later)"
    }

    @Test func anUnknownIdNamesAFewCloseOnes() throws {
        let requests = try requests()
        let close = reply(requests, #"{"cmd":"get","id":"setting-numbr-7"}"#)
        #expect(close.hasPrefix(#"{"error":"unknown id 'setting-numbr-7' (did you mean 'setting-number-7', "#) && close.utf8.count < 200, "\(close)")
        let far = reply(requests, #"{"cmd":"set","id":"zzz","value":true}"#)
        #expect(far == #"{"error":"unknown id 'zzz'; {\"cmd\": \"get\"} lists the ids of the values"}"#)
        // A long id, sent or not close to any: the reply stays small.
        let long = String(repeating: "q", count: 60_000)
        let longReply = reply(requests, #"{"cmd":"update","id":"\#(long)","enabled":false}"#)
        #expect(longReply.utf8.count < 300 && longReply.contains("qqq\u{2026}'"), "\(longReply.utf8.count) bytes")
        for line in [#"{"cmd":"\#(long)"}"#, #"{"cmd":"press","id":"\#(long)"}"#] {
            #expect(reply(requests, line).utf8.count < 300)
        }
    }

    @Test func aRadioOfManyOptionsNamesAFewCloseOnes() throws {
        let requests = try requests()
        let many = reply(requests, #"{"cmd":"set","id":"mode","value":"o19999"}"#)
        #expect(many.utf8.count < 300, "\(many.utf8.count) bytes: \(many.prefix(300))")
        #expect(many.contains("use one of its 2000 options (did you mean 'o1999'"), "\(many)")
        // A few options are still listed whole.
        #expect(reply(requests, #"{"cmd":"set","id":"fan","value":"mid"}"#)
            == #"{"error":"value \"mid\" does not fit radio 'fan'; use one of \"low\", \"high\""}"#)
        let value = String(repeating: "v", count: 60_000)
        #expect(reply(requests, #"{"cmd":"set","id":"fan","value":"\#(value)"}"#).utf8.count < 300)
    }
}
