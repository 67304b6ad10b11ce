import Glibc
import PanelUI

extension Commands {
    /// `panel ctl get [ID] | set ID VALUE | subscribe`: a client of the control socket.
    static func ctl(_ args: ArraySlice<String>, console: Console) throws -> Int32 {
        var words: [String] = []
        var flagWords: [String] = []
        var rest = args
        while let word = rest.popFirst() {
            if word.hasPrefix("-") {
                flagWords.append(word)
                if word == "--socket", let value = rest.popFirst() { flagWords.append(value) }
            } else {
                words.append(word)
            }
        }
        let flags = try Arguments(flagWords, command: "ctl", valued: ["socket"])
        if flags.wantsHelp { console.out(Help.ctl); return ExitStatus.success }
        let request: JSONValue
        switch (words.first, words.count) {
        case ("get", 1): request = .object([("cmd", .string("get"))])
        case ("get", 2): request = .object([("cmd", .string("get")), ("id", .string(words[1]))])
        case ("set", 3): request = .object([("cmd", .string("set")), ("id", .string(words[1])), ("value", ctlValue(words[2]))])
        case ("subscribe", 1): request = .object([("cmd", .string("subscribe"))])
        default: throw UsageError(message: "panel ctl: expected get [ID], set ID VALUE or subscribe (see panel ctl --help)")
        }
        let path = flags["socket"] ?? defaultSocketPath(environment: environment())
        let socket = try systemCall { () throws(SystemCallError) in try UnixSocket.connect(to: path) }
        try systemCall { () throws(SystemCallError) in
            do throws(Errno) {
                try socket.writeAll(Array((request.serialized() + "\n").utf8))
            } catch {
                throw SystemCallError("send to \(path)", error)
            }
        }
        var reader = LineReader()
        var failed = false
        while let line = try systemCall({ () throws(SystemCallError) in try reader.next(from: socket, path: path) }) {
            console.out(line)
            if (try? JSONValue.parse(line))?["error"] != nil { failed = true }
            if words[0] != "subscribe" { break }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    /// `true`, `false`, `null` and JSON strings as JSON; anything else is a radio option's name.
    static func ctlValue(_ text: String) -> JSONValue {
        switch text {
        case "true": .bool(true)
        case "false": .bool(false)
        case "null": .null
        default: (try? JSONValue.parse(text)).flatMap { if case .string = $0 { $0 } else { nil } } ?? .string(text)
        }
    }

    /// Where `panel run` listens under systemd (RuntimeDirectory=panel), or $RUNTIME_DIRECTORY's.
    static func defaultSocketPath(environment: [String: String]) -> String {
        environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first.map { "\($0)/panel.sock" } ?? "/run/panel/panel.sock"
    }
}

/// Lines from a blocking socket.
struct LineReader {
    private var buffer: [UInt8] = []

    /// The next line without its newline; nil at the end of the stream.
    mutating func next(from socket: borrowing FileDescriptor, path: String) throws(SystemCallError) -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
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
