import Testing
@testable import panel

/// The order lines reach a client, and what counts as the client not reading: lines behind a
/// held reply wait without counting, and the same control's newer line replaces its older
/// one there.
struct ReplyQueueTests {
    /// Everything `queue` sends now, as lines.
    static func sent(_ queue: inout ReplyQueue) -> [String] {
        var bytes: [UInt8] = []
        #expect(queue.send { chunk in bytes += chunk; return chunk.count })
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func changesBehindAHeldReplyWaitAndReplaceEachOther() {
        var queue = ReplyQueue()
        let held = queue.reserve()
        for round in 0..<6000 {
            queue.append(#"{"event":"changed","id":"wifi","value":\#(round % 2 == 0)}"#, key: "changed wifi")
            queue.append(#"{"event":"changed","id":"mode","value":"m\#(round)"}"#, key: "changed mode")
        }
        queue.append(#"{"event":"pressed","id":"bell"}"#)
        #expect(queue.readyBacklog == 0 && !queue.canSend, "nothing can be sent: none of it says the client doesn't read")
        #expect(queue.waitingChangeBytes < 200, "a line per key: \(queue.waitingChangeBytes) bytes")
        #expect(Self.sent(&queue).isEmpty)
        queue.fill(held, with: #"{"ok":true}"#)
        #expect(Self.sent(&queue) == [#"{"ok":true}"#, #"{"event":"changed","id":"wifi","value":false}"#,
                                      #"{"event":"changed","id":"mode","value":"m5999"}"#, #"{"event":"pressed","id":"bell"}"#])
        #expect(queue.isEmpty && queue.waitingChangeBytes == 0)
    }

    /// A change never moves ahead of a reply queued before it, nor behind one queued after
    /// it: lines replace each other only between two replies.
    @Test func replacingNeverCrossesAReply() {
        var queue = ReplyQueue()
        let first = queue.reserve()
        queue.append("wifi 1", key: "w")
        let get = queue.reserve()
        queue.fill(get, with: "get reply")
        queue.append("wifi 2", key: "w")
        queue.append("wifi 3", key: "w")
        let second = queue.reserve()
        queue.append("wifi 4", key: "w")
        queue.fill(second, with: "second reply")
        #expect(Self.sent(&queue).isEmpty, "the first reply holds everything")
        queue.fill(first, with: "first reply")
        #expect(Self.sent(&queue) == ["first reply", "wifi 1", "get reply", "wifi 3", "second reply", "wifi 4"])
    }

    /// Lines of many keys replaced many times: emptied lines are taken out as they go, and
    /// what is sent is each key's newest line, in the order of the newest changes.
    @Test func manyKeysStayALineEach() {
        var queue = ReplyQueue()
        let held = queue.reserve()
        for round in 0..<100 {
            for key in 0..<50 { queue.append("k\(key) r\(round)", key: "k\(key)") }
        }
        #expect(queue.waitingChangeBytes == (0..<50).map { "k\($0) r99\n".utf8.count }.reduce(0, +))
        queue.fill(held, with: "reply")
        #expect(Self.sent(&queue) == ["reply"] + (0..<50).map { "k\($0) r99" })
    }

    /// With nothing held, lines are ready at once, never replaced, and count as soon as they
    /// pile up behind the one being written (16 lines of 1,000 bytes joined).
    @Test func readyLinesCountAgainstTheClient() {
        var queue = ReplyQueue()
        for round in 0..<400 { queue.append(String(repeating: "x", count: 999), key: "same \(round % 2)") }
        #expect(queue.readyBacklog == 400 * 1000 - 16 * 1000)
        #expect(queue.waitingBytes == 0 && queue.unsentBytes == 400 * 1000)
        var taken = 0
        #expect(queue.send { chunk in let count = min(chunk.count, 50_000 - taken); taken += count; return count })
        #expect(queue.unsentBytes == 350_000)
    }
}
