/// The lines waiting to go to one control-socket client, in the order they were queued.
///
/// A reply whose request is still being carried out (a `set` waiting for its save or its
/// action) keeps its place as a held line: nothing behind it is sent before it is filled,
/// so replies come in request order and change lines never overtake them (a subscriber
/// that applies every line in order ends with the panel's state: a `get` reply is never
/// followed by a change older than it, nor a `set` reply by one it came after).
///
/// The bytes are counted in two parts. Ready ones can be sent now: those before the first
/// held line. Waiting ones sit behind a held line: they say nothing about whether the client
/// reads, only that its reply isn't known yet. A change line queued behind a held line
/// with the `key` of one already waiting there since the last reply (the same control's
/// value, say) replaces it: the subscriber gets the newest value of each control once its
/// reply has gone, and a 3 s action with thousands of changes meanwhile costs a line per
/// control, not per change.
struct ReplyQueue {
    private struct Line {
        var bytes: [UInt8]
        var held: Bool
        /// A change line (not a reply).
        var change = false
        /// What a change line behind a held one tells the newest of (`append`'s key).
        var key: String? = nil
    }

    private var lines: [Line] = []
    /// The first line not completely sent, and how much of it is.
    private var head = 0
    private var headSent = 0
    /// The ticket of `lines[0]`: tickets count every line ever queued.
    private var firstTicket = 0
    /// The first held line at or after `head`, or `lines.count`: lines before it are ready.
    private var frontier = 0
    /// Bytes queued and not sent.
    private(set) var unsentBytes = 0
    /// Bytes of the ready lines not sent.
    private var readyBytes = 0
    /// Bytes of change lines behind a held line.
    private(set) var waitingChangeBytes = 0
    /// Replies whose place is kept and not filled yet.
    private(set) var heldCount = 0
    /// Change lines queued behind a held line since the last reply, by key: ticket of each.
    private var tailKeys: [String: Int] = [:]
    /// The ticket of the first line after the last reply; lines replaced there, now empty.
    private var tailStart = 0
    private var tailEmptied = 0

    /// Small ready lines are joined into one up to this size, so a subscriber far behind
    /// costs one send per 16 KiB, not one per change.
    private static let joinedLineLimit = 16 * 1024

    /// Nothing is waiting: every line queued has been sent.
    var isEmpty: Bool { unsentBytes == 0 && heldCount == 0 }

    /// A line can be sent now (one is ready).
    var canSend: Bool { readyBytes > 0 }

    /// Ready bytes beyond the line being written: what a client that stops reading piles
    /// up. One reply, however long, is never counted against it while it is written, nor
    /// is anything waiting behind a held reply.
    var readyBacklog: Int {
        guard head < frontier else { return readyBytes }
        return readyBytes - (lines[head].bytes.count - headSent)
    }

    /// Bytes behind a held line: not sendable until its reply is known.
    var waitingBytes: Int { unsentBytes - readyBytes }

    /// Keeps the place of a reply not known yet; `fill` it with the returned ticket.
    mutating func reserve() -> Int {
        closeTail()
        heldCount += 1
        lines.append(Line(bytes: [], held: true))
        // frontier: unchanged (the first held line), or this one when none was held (== its index).
        tailStart = firstTicket + lines.count
        return firstTicket + lines.count - 1
    }

    /// Puts the reply in its place. A ticket whose line is gone (`removeAll`) is ignored.
    mutating func fill(_ ticket: Int, with text: String) {
        let index = ticket - firstTicket
        guard index >= head, index < lines.count, lines[index].held else { return }
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        unsentBytes += bytes.count
        heldCount -= 1
        lines[index] = Line(bytes: bytes, held: false)
        if heldCount == 0 { closeTail() }
        guard index == frontier else { return }
        // The lines up to the next held one are ready now.
        while frontier < lines.count, !lines[frontier].held {
            readyBytes += lines[frontier].bytes.count
            if lines[frontier].change { waitingChangeBytes -= lines[frontier].bytes.count }
            frontier += 1
        }
    }

    /// Queues a change line (ready now unless a held line is ahead of it); `key` names what
    /// it tells the newest of, so that a newer one waiting with it replaces it (nil: never).
    mutating func append(_ text: String, key: String? = nil) {
        let count = text.utf8.count + 1
        unsentBytes += count
        guard frontier < lines.count else {
            readyBytes += count
            defer { frontier = lines.count }
            if let last = lines.indices.last, last >= head, !lines[last].bytes.isEmpty,
               lines[last].bytes.count + count <= Self.joinedLineLimit {
                lines[last].bytes += text.utf8
                lines[last].bytes.append(UInt8(ascii: "\n"))
                return
            }
            lines.append(Line(bytes: Array(text.utf8) + [UInt8(ascii: "\n")], held: false, change: true))
            return
        }
        // Behind a held line: waits, and replaces the line of the same key since the last reply.
        waitingChangeBytes += count
        if let key {
            if let ticket = tailKeys[key] {
                let index = ticket - firstTicket
                unsentBytes -= lines[index].bytes.count
                waitingChangeBytes -= lines[index].bytes.count
                lines[index] = Line(bytes: [], held: false, change: true)
                tailEmptied += 1
            }
            tailKeys[key] = firstTicket + lines.count
        }
        lines.append(Line(bytes: Array(text.utf8) + [UInt8(ascii: "\n")], held: false, change: true, key: key))
        // The emptied lines go once they are half the tail, so the tail stays a line per key.
        if tailEmptied > 64, tailEmptied * 2 > lines.count - (tailStart - firstTicket) { removeEmptiedLines() }
    }

    /// Sends ready lines in order until `write` takes no more (it returns the bytes it took,
    /// 0 when the socket is full, nil when the client is gone) or a held line is reached.
    /// False when the client is gone.
    mutating func send(_ write: (UnsafeRawBufferPointer) -> Int?) -> Bool {
        defer { compact() }
        while head < frontier {
            if lines[head].bytes.isEmpty {
                head += 1
                continue
            }
            let sent = headSent
            guard let count = lines[head].bytes.withUnsafeBytes({ write(UnsafeRawBufferPointer(rebasing: $0[sent...])) }) else {
                return false
            }
            guard count > 0 else { return true }
            headSent += count
            unsentBytes -= count
            readyBytes -= count
            if headSent == lines[head].bytes.count {
                lines[head].bytes = []
                head += 1
                headSent = 0
            }
        }
        return true
    }

    /// Forgets every line: the client can no longer read them.
    mutating func removeAll() {
        firstTicket += lines.count
        lines.removeAll()
        (head, headSent, frontier) = (0, 0, 0)
        (unsentBytes, readyBytes, waitingChangeBytes, heldCount) = (0, 0, 0, 0)
        tailKeys = [:]
        (tailStart, tailEmptied) = (firstTicket, 0)
    }

    /// Ends replacing in the lines since the last reply (a reply comes after them, or nothing
    /// is held any more), taking out the lines emptied there.
    private mutating func closeTail() {
        removeEmptiedLines()
        tailKeys = [:]
    }

    /// Takes the emptied lines out of the tail (no ticket lies among them: the tail comes
    /// after the last reply) and finds where the others now are.
    private mutating func removeEmptiedLines() {
        guard tailEmptied > 0 else { return }
        let start = tailStart - firstTicket
        let kept = lines[start...].filter { !$0.bytes.isEmpty }
        lines.replaceSubrange(start..., with: kept)
        tailEmptied = 0
        tailKeys = [:]
        for index in start..<lines.count {
            if let key = lines[index].key { tailKeys[key] = firstTicket + index }
        }
    }

    /// Drops the sent lines from the front once they are half the array, so sending stays linear.
    private mutating func compact() {
        guard head > 0, head == lines.count || head * 2 >= lines.count else { return }
        lines.removeFirst(head)
        firstTicket += head
        frontier -= head
        head = 0
    }
}
