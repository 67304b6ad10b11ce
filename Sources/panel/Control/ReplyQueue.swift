/// The lines waiting to go to one control-socket client, in the order they were queued.
///
/// A reply whose request is still being carried out (a `set` waiting for its save or its
/// action) keeps its place as a held line: nothing behind it is sent before it is filled,
/// so replies come in request order and change lines never overtake them. The bytes
/// counted are those not sent yet; a held line counts once it is filled.
struct ReplyQueue {
    private struct Line {
        var bytes: [UInt8]
        var held: Bool
    }

    private var lines: [Line] = []
    /// The first line not completely sent, and how much of it is.
    private var head = 0
    private var headSent = 0
    /// The ticket of `lines[0]`: tickets count every line ever queued.
    private var firstTicket = 0
    /// Bytes queued and not sent.
    private(set) var unsentBytes = 0
    /// Replies whose place is kept and not filled yet.
    private(set) var heldCount = 0

    /// Small ready lines are joined into one up to this size, so a subscriber far behind
    /// costs one send per 16 KiB, not one per change.
    private static let joinedLineLimit = 16 * 1024

    /// Nothing is waiting: every line queued has been sent.
    var isEmpty: Bool { head == lines.count }

    /// The first waiting line can be sent (it is not held).
    var canSend: Bool { head < lines.count && !lines[head].held }

    /// Bytes waiting behind the line being written: what a client that stops reading
    /// piles up. One reply, however long, is never counted against it while it is written.
    var backlogBeyondHead: Int {
        guard head < lines.count else { return 0 }
        return unsentBytes - (lines[head].bytes.count - headSent)
    }

    /// Keeps the place of a reply not known yet; `fill` it with the returned ticket.
    mutating func reserve() -> Int {
        heldCount += 1
        lines.append(Line(bytes: [], held: true))
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
    }

    /// Queues a line that is ready now (a change line for a subscriber).
    mutating func append(_ text: String) {
        let count = text.utf8.count + 1
        unsentBytes += count
        if let last = lines.indices.last, last >= head, !lines[last].held,
           lines[last].bytes.count + count <= Self.joinedLineLimit {
            lines[last].bytes += text.utf8
            lines[last].bytes.append(UInt8(ascii: "\n"))
            return
        }
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        lines.append(Line(bytes: bytes, held: false))
    }

    /// Sends lines in order until `write` takes no more (it returns the bytes it took,
    /// 0 when the socket is full, nil when the client is gone) or a held line is reached.
    /// False when the client is gone.
    mutating func send(_ write: (UnsafeRawBufferPointer) -> Int?) -> Bool {
        defer { compact() }
        while canSend {
            let sent = headSent
            guard let count = lines[head].bytes.withUnsafeBytes({ write(UnsafeRawBufferPointer(rebasing: $0[sent...])) }) else {
                return false
            }
            guard count > 0 else { return true }
            headSent += count
            unsentBytes -= count
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
        head = 0
        headSent = 0
        unsentBytes = 0
        heldCount = 0
    }

    /// Drops the sent lines from the front once they are half the array, so sending stays linear.
    private mutating func compact() {
        guard head > 0, head == lines.count || head * 2 >= lines.count else { return }
        lines.removeFirst(head)
        firstTicket += head
        head = 0
    }
}
