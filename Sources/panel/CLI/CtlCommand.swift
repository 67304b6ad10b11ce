import Glibc
import PanelUI

extension Commands {
    /// `panel ctl get [ID] | set [--no-apply] ID VALUE | press ID | update ID [--enabled B] [--label T] [--detail T]
    /// | subscribe`: a client of the control socket.
    static func ctl(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        var words: [String] = []
        var flagWords: [String] = []
        var rest = args
        while let word = rest.popFirst() {
            if word.hasPrefix("-") {
                flagWords.append(word)
                if Help.ctl.valued.contains(String(word.dropFirst(2))), let value = rest.popFirst() {
                    flagWords.append(value)
                }
            } else {
                words.append(word)
            }
        }
        let flags = try Arguments(flagWords, help: Help.ctl)
        if flags.wantsHelp { console.out(Help.ctl.text); return ExitStatus.success }
        let request: JSONValue
        switch (words.first, words.count) {
        case ("get", 1): request = .object([("cmd", .string("get"))])
        case ("get", 2): request = .object([("cmd", .string("get")), ("id", .string(words[1]))])
        case ("set", 3):
            request = .object([("cmd", .string("set")), ("id", .string(words[1])), ("value", ctlValue(words[2]))]
                + (flags.has("no-apply") ? [("apply", .bool(false))] : []))
        case ("press", 2): request = .object([("cmd", .string("press")), ("id", .string(words[1]))])
        case ("update", 2):
            var members: [(key: String, value: JSONValue)] = [("cmd", .string("update")), ("id", .string(words[1]))]
            if let enabled = flags["enabled"] {
                guard enabled == "true" || enabled == "false" else {
                    throw UsageError(message: "panel ctl update: --enabled takes true or false, not '\(enabled)'")
                }
                members.append(("enabled", .bool(enabled == "true")))
            }
            if let label = flags["label"] { members.append(("label", .string(label))) }
            if let detail = flags["detail"] { members.append(("detail", detail.isEmpty ? .null : .string(detail))) }
            guard members.count > 2 else {
                throw UsageError(message: "panel ctl update: give --enabled, --label or --detail (see panel ctl --help)")
            }
            request = .object(members)
        case ("subscribe", 1): request = .object([("cmd", .string("subscribe"))])
        default:
            throw UsageError(message: "panel ctl: expected get [ID], set ID VALUE, press ID, update ID or subscribe (see panel ctl --help)")
        }
        let path = flags["socket"] ?? defaultSocketPath(environment: environment())
        try ControlServer.refuseAbstract(path, command: "ctl")
        let socket = try systemCall { () throws(SystemCallError) in try UnixSocket.connect(to: path) }
        try systemCall { () throws(SystemCallError) in
            do throws(Errno) {
                try socket.writeAll(Array((request.serialized() + "\n").utf8))
            } catch {
                throw SystemCallError("send to \(path)", error)
            }
        }
        var reader = LineReader(longest: longestReplyLine)
        var failed = false
        while let line = try systemCall({ () throws(SystemCallError) in try reader.next(from: socket, path: path) }) {
            console.out(line)
            // panel writes an error reply as {"error":"…"}; the prefix spares parsing a large reply.
            if line.hasPrefix(#"{"error":"#) { failed = true }
            if words[0] != "subscribe" { return failed ? ExitStatus.failure : ExitStatus.success }
        }
        if reader.isOverLong {
            throw CommandFailure(message: "panel ctl: a reply line from \(path) is longer than \(sizeText(longestReplyLine)) "
                + "(no panel sends one: is a panel listening there?); stopped reading it", status: ExitStatus.failure)
        }
        // The connection ended: without the reply, or (subscribe) the panel stopped or dropped this client.
        let cut = reader.pendingBytes > 0 ? " in the middle of a line (\(reader.pendingBytes) bytes without a newline)" : ""
        throw CommandFailure(message: words[0] == "subscribe"
            ? "panel ctl: \(path) closed the connection\(cut); the panel stopped or dropped this client"
            : "panel ctl: \(path) closed the connection before a complete reply\(cut)",
            status: ExitStatus.failure)
    }

    /// The longest reply line `panel ctl` takes, as the panel takes request lines of 64 KiB at
    /// most: a whole-panel `get` of 12,000 controls is 490 KB; what sends more is no panel.
    static let longestReplyLine = 64 << 20

    /// `true`, `false`, `null`, numbers and JSON strings as JSON; anything else is text (a
    /// radio option's name, a value row's text). A radio option or text that looks like a
    /// number is taken as its text too (the panel matches a number to an option written so).
    static func ctlValue(_ text: String) -> JSONValue {
        switch text {
        case "true": .bool(true)
        case "false": .bool(false)
        case "null": .null
        default:
            (try? JSONValue.parse(text)).flatMap { value in
                switch value {
                case .string, .number: value
                default: nil
                }
            } ?? .string(text)
        }
    }

    /// Where `panel run` listens under systemd (RuntimeDirectory=panel), or $RUNTIME_DIRECTORY's.
    static func defaultSocketPath(environment: [String: String]) -> String {
        environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first.map { "\($0)/panel.sock" } ?? "/run/panel/panel.sock"
    }
}

/// Lines from a blocking socket, in time linear in their length, each at most `longest`
/// bytes: past that it stops reading (`isOverLong`) instead of holding whatever comes.
struct LineReader {
    let longest: Int
    /// The line being read grew past `longest` bytes: `next` returned nil for it.
    private(set) var isOverLong = false
    private var buffer: [UInt8] = []
    /// Where the next line starts, and how far it has been searched for a newline.
    private var start = 0
    private var searched = 0

    /// Bytes received after the last complete line.
    var pendingBytes: Int { buffer.count - start }

    init(longest: Int) { self.longest = longest }

    /// The next line without its newline; nil at the end of the stream or past `longest`.
    mutating func next(from socket: borrowing FileDescriptor, path: String) throws(SystemCallError) -> String? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let from = searched
            let found = buffer.withUnsafeBytes { bytes -> Int? in
                guard let base = bytes.baseAddress, from < bytes.count else { return nil }
                return memchr(base + from, CInt(UInt8(ascii: "\n")), bytes.count - from).map { base.distance(to: UnsafeRawPointer($0)) }
            }
            if let newline = found {
                guard newline - start <= longest else {
                    isOverLong = true
                    return nil
                }
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                searched = start
                return line
            }
            searched = buffer.count
            guard buffer.count - start <= longest else {
                isOverLong = true
                return nil
            }
            if start > 0 {
                buffer.removeFirst(start)
                searched -= start
                start = 0
            }
            // withUnsafeMutableBytes only rethrows untyped errors; carry the Errno out in a Result.
            let result = chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try socket.read(into: raw) } }
            let count: Int
            do throws(Errno) {
                count = try result.get()
            } catch {
                throw SystemCallError("read from \(path)", error)
            }
            if count == 0 { return nil }
            buffer += chunk[..<count]
        }
    }
}
