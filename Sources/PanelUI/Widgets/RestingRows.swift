/// Rows at rest kept as the few stores that drew them, so that drawing one again is those
/// stores and nothing else.
///
/// A control's row at rest is drawn from kept pixels already: its separator is one opaque
/// fill, its label lines are copies of kept text (`BlendedText`) and its widget a copy of a
/// kept widget (`RestingWidgets`), each over one colour it checks first. Getting there still
/// takes the row's kind, states, value, transition, styles, fonts and keys, read from a dozen
/// places in the model and the painter; on a frame whose data has left the caches, each of
/// those reads waits for memory. Kept here, a row is a short list of stores in one array, valid
/// while nothing the row's look depends on has changed:
/// - the model's `lookVersion` is the one the row was drawn at (it is new after any change of
///   values, touches, transitions, marks, pages, the description or the layout), and
/// - the kept text and widgets it points into are still kept (their slots' `generation`).
///
/// ```
///  a row whole in the clip ──▶ kept for this version, every colour under its copies right? ──yes──▶ its stores: done
///                                          │ no
///                                          ▼
///                  drawRow in full, recording ──▶ at rest, every store a copy or an opaque fill? ──yes──▶ kept
///                                                                │ no
///                                                                ▼
///                                                            not kept
/// ```
///
/// A row is kept only whole (every pixel of it in the clip) and only at rest in time as well:
/// no transition running, no spinner or badge, not pressed (`PanelPainter.drawRow` says so);
/// a row that will change look by time alone is never kept. Replaying one checks every colour
/// under its copies before writing anything, so a row whose background changed (a highlight,
/// a group's edge) is drawn in full instead, and kept again. Its stores are disjoint (checked
/// when kept), so checking them all first is the same as checking each before its copy.
///
/// The title (without a page's back control) and the sections' headers are kept the same way,
/// each in a slot of its own, only as copies of whole strings lying within their frames: they
/// are not drawn clipped to their frames, so a part could differ at another clip. No store of
/// anything kept lies outside its frame, so a replay never writes outside the clip.
final class RestingRows {
    /// A store, where its row's frame starts at (0, 0): a kept picture's rows (`pitch` pixels
    /// apart) copied over one colour `colour`, checked first, or an opaque fill of `colour`.
    struct Store {
        var rect: Rect
        var colour: UInt32
        var source: UnsafePointer<UInt32>?
        var pitch: Int
    }

    /// What kept rows were drawn for: the model's look, and the kept pictures they point into.
    struct Version: Equatable {
        var model: UInt64
        var text: Int
        var widgets: Int
    }

    /// Rows kept at most: targets past this are always drawn in full.
    static let maxTargets = 1024
    /// Section headers kept at most, and the slots: a target's row by its index, then the
    /// title, then each header.
    static let maxHeaders = 64
    static let titleSlot = maxTargets
    static func headerSlot(_ section: Int) -> Int? { section < maxHeaders ? maxTargets + 1 + section : nil }
    static let maxSlots = maxTargets + 1 + maxHeaders
    /// Stores in a row kept at most (a separator, a label of several lines and a detail line, a widget).
    static let maxStores = 8

    /// Everything kept, in one value in memory of its own: reached through a pointer, it costs
    /// no dynamic exclusivity check (as properties of this class, each access took one, several
    /// a row: about 4 µs more a frame of 15 rows kept again). Only this object reaches it, from one
    /// thread (the renderer's), and no method of `Book` calls out to code that reaches it again.
    private let book: UnsafeMutablePointer<Book>

    init() {
        book = .allocate(capacity: 1)
        book.initialize(to: Book())
    }

    deinit {
        book.deinitialize(count: 1)
        book.deallocate()
    }

    /// Rows drawn from their stores, for tests.
    var replays: Int { book.pointee.replays }
    /// Rows kept now, and the stores held, for tests.
    var keptRows: Int { book.pointee.ranges.lazy.filter { !$0.isEmpty }.count }
    var storeCount: Int { book.pointee.stores.count }

    /// Draws target `target`'s row from its stores where its frame shows (`frame`); false,
    /// writing nothing, when it isn't kept for `version` or the colours under it differ.
    func replay(_ target: Int, frame: Rect, in buffer: PixelBuffer, version: Version) -> Bool {
        book.pointee.replay(target, frame: frame, in: buffer, version: version)
    }

    /// Starts recording the stores of a row about to be drawn, at `version`. `wholeOnly`: for
    /// what isn't clipped to its frame when drawn (a title, a header), only copies of whole
    /// pictures are kept, so that a wider clip would draw no more than they do.
    func begin(_ version: Version, wholeOnly: Bool = false) {
        book.pointee.begin(version, wholeOnly: wholeOnly)
    }

    /// A store of the row being drawn, in buffer coordinates; `whole`: all of its picture.
    func record(_ store: Store, whole: Bool = true) {
        book.pointee.record(store, whole: whole)
    }

    /// A fill of the row being drawn (`paint` nil: nothing shows): kept when opaque. The paint
    /// is made only while a row is recorded.
    func recordFill(_ rect: Rect, paint: @autoclosure () -> Paint?) {
        guard book.pointee.isRecording, !rect.isEmpty, let paint = paint() else { return }
        if paint.isOpaque {
            book.pointee.record(Store(rect: rect, colour: paint.pixel, source: nil, pitch: 0), whole: true)
        } else {
            book.pointee.spoil()
        }
    }

    /// Something of the row being drawn was not a store kept here: the row is not kept.
    func spoil() {
        book.pointee.spoil()
    }

    /// Ends the row being drawn where its frame shows (`frame`): kept for `version` when
    /// `rests` (its painter found it at rest) and every part of it was recorded; else not kept.
    /// A row kept again leaves its old stores behind until the version changes, so past
    /// `maxSlots * maxStores` stores all are dropped: they can't grow without bound. Nor is a row
    /// kept with a store outside its frame: replayed wherever its frame is in the clip, none
    /// may write outside the clip.
    func end(_ target: Int, frame: Rect, rests: Bool, version: Version) {
        book.pointee.end(target, frame: frame, rests: rests, version: version)
    }

    private struct Book {
        var version: Version?
        var stores: [Store] = []
        /// Per slot: its stores in `stores`, empty when not kept; `used`: the slots given stores
        /// since `stores` was last emptied (a slot kept again is listed again).
        var ranges: [Range<Int>] = []
        var used: [Int] = []
        /// The stores of the row being drawn, in buffer coordinates (its storage kept from row to row).
        var pending: [Store] = []
        var isRecording = false
        var spoiled = false
        var wholeOnly = false
        /// The version the row being drawn began at: kept pixels dropped while it was drawn
        /// (a cache over its budget) may be some it copied, so it isn't kept then.
        var began: Version?
        var replays = 0

        mutating func replay(_ target: Int, frame: Rect, in buffer: PixelBuffer, version: Version) -> Bool {
            guard version == self.version, target < ranges.count else { return false }
            let range = ranges[target]
            guard !range.isEmpty else { return false }
            let dx = frame.minX, dy = frame.minY
            for store in stores[range] where store.source != nil {
                guard buffer.isFlat(store.rect.offsetBy(dx: dx, dy: dy), colour: store.colour) else { return false }
            }
            for store in stores[range] {
                let rect = store.rect.offsetBy(dx: dx, dy: dy)
                if let source = store.source {
                    buffer.copyRows(into: rect, from: source, pitch: store.pitch)
                } else {
                    buffer.fill(rect, with: store.colour)
                }
            }
            replays += 1
            return true
        }

        mutating func begin(_ version: Version, wholeOnly: Bool) {
            pending.removeAll(keepingCapacity: true)
            isRecording = true
            spoiled = false
            self.wholeOnly = wholeOnly
            began = version
        }

        mutating func record(_ store: Store, whole: Bool) {
            guard isRecording else { return }
            if wholeOnly, !whole { spoiled = true }
            pending.append(store)
        }

        mutating func spoil() {
            if isRecording { spoiled = true }
        }

        mutating func end(_ target: Int, frame: Rect, rests: Bool, version: Version) {
            guard isRecording else { return }
            isRecording = false
            guard target < RestingRows.maxSlots else { return }
            if version != self.version || stores.count + pending.count > RestingRows.maxSlots * RestingRows.maxStores {
                // Only the slots kept since are emptied: `ranges` reaches the title's and
                // headers' slots past every target's, too long to write again each change.
                for slot in used { ranges[slot] = 0..<0 }
                used.removeAll(keepingCapacity: true)
                stores.removeAll(keepingCapacity: true)
                self.version = version
            }
            if target >= ranges.count { ranges.append(contentsOf: repeatElement(0..<0, count: target + 1 - ranges.count)) }
            ranges[target] = 0..<0
            guard rests, !spoiled, began == version, !pending.isEmpty, pending.count <= RestingRows.maxStores,
                  pending.allSatisfy({ frame.contains($0.rect) }), Self.disjoint(pending) else { return }
            let dx = -frame.minX, dy = -frame.minY
            let first = stores.count
            for store in pending {
                var kept = store
                kept.rect = store.rect.offsetBy(dx: dx, dy: dy)
                stores.append(kept)
            }
            ranges[target] = first..<stores.count
            used.append(target)
        }

        /// Whether no two of `stores` overlap.
        private static func disjoint(_ stores: [Store]) -> Bool {
            for i in stores.indices {
                for j in (i + 1)..<stores.count where stores[i].rect.intersects(stores[j].rect) { return false }
            }
            return true
        }
    }
}

extension PanelModel {
    /// Whether target `target` (of control `control`) looks at `now` as it will until the
    /// model changes: its transition not running and no action of its control busy (whose
    /// spinner shows by time alone).
    func staysAtRest(target: Int, control: Int, at now: Double) -> Bool {
        !transitions[target].isRunning(at: now) && (knobDrags.isEmpty || knobDrags[target] == nil)
            && (busyControls.isEmpty || busyControls[control] == nil)
    }
}
