import Testing
@testable import PanelUI

/// Rows at rest are drawn again from the stores that drew them (`RestingRows`); every frame so
/// drawn must equal a frame drawn by a painter that kept nothing, whatever changed in between:
/// a toggle at the instant it starts, a spinner that shows by time alone, a pressed row, a
/// failure badge, a scroll, and another copy of the same model changed another way.
@Suite struct RestingRowTests {
    typealias Panel = RestingWidgetTests.Panel

    /// Draws the frame at `t` with the panel's painter and with a painter that kept nothing;
    /// the pixels that differ.
    static func differing(_ panel: Panel, at t: Double) throws -> Int {
        RestingWidgetTests.differing(panel.frame(at: t), try panel.fresh(at: t))
    }

    /// What a frame of the whole screen replays: the control rows whole in the viewport, the
    /// headers whole in it, and the title.
    static func kept(_ panel: Panel) -> Int {
        let layout = panel.model.layout
        let rows = layout.sections.flatMap(\.rows).filter { $0.target != nil && layout.viewport.contains($0.frame) }.count
        let headers = layout.sections.compactMap(\.headerFrame).filter { layout.viewport.contains($0) }.count
        return rows + headers + (layout.title == nil ? 0 : 1)
    }

    @Test(arguments: [("ltr", 1.0), ("rtl", 1.0), ("ltr", 2.0)])
    func keptRowsDrawWhatTheRowsDraw(direction: String, scale: Double) throws {
        var panel = try Panel(direction: direction, scale: scale)
        // The first frame keeps the widgets' looks, the second the rows, the third replays them.
        for _ in 0..<2 { _ = panel.frame(at: 0) }
        let rows = panel.painter.restingRows
        #expect(rows.keptRows > 0)
        let before = rows.replays
        #expect(try Self.differing(panel, at: 0) == 0)
        #expect(rows.replays - before == Self.kept(panel), "every row and header whole in the viewport is replayed, and the title")

        // A toggle drawn at the instant it starts shows its old pose, and moves by time alone:
        // its row must not be kept then, nor replayed after.
        _ = panel.model.setValue(.bool(false), ofControl: 1, animated: true, at: 10)
        _ = panel.model.setValue(.bool(true), ofControl: 2, animated: true, at: 10)
        for t in [10, 10, 10.05, 10.1, 10.2, 12, 12] {
            _ = panel.model.advance(to: t)
            #expect(try Self.differing(panel, at: t) == 0, "at \(t)")
        }
        // A busy action's spinner shows 0.3 s on without any other change, and a failure's
        // badge; on rows in view (at scale 1: a bigger scale shows only the radio options).
        let layout = panel.model.layout
        let inView = layout.targets.filter { layout.viewport.contains($0.frame) }.map(\.kind.controlIndex).filter { $0 > 0 }
        #expect(scale > 1 || inView.count >= 2)
        if let busy = inView.last, let failed = inView.first {
            panel.model.setBusy(true, control: busy, since: 20)
            for t in [20, 20, 20.1, 20.4, 20.5] { #expect(try Self.differing(panel, at: t) == 0, "busy at \(t)") }
            panel.model.setBusy(false, control: busy, since: 21)
            panel.model.setFailed(true, control: failed, reason: "no route")
            for t in [21, 21.5] { #expect(try Self.differing(panel, at: t) == 0, "failed at \(t)") }
            panel.model.setFailed(false, control: failed)
            #expect(try Self.differing(panel, at: 22) == 0)
        }

        // A row pressed and let go: highlighted, then at rest again.
        let target = try #require(panel.model.layout.targets.firstIndex { panel.model.layout.viewport.contains($0.frame) })
        let frame = panel.model.layout.targets[target].frame
        let point = Point(x: Double(frame.x + frame.width / 2), y: Double(frame.y + frame.height / 2))
        _ = panel.model.handle(PanelTouch(phase: .down, slot: 0, position: point), at: 30)
        for t in [30, 30.1] { #expect(try Self.differing(panel, at: t) == 0, "pressed at \(t)") }
        _ = panel.model.handle(PanelTouch(phase: .cancel, slot: 0, position: point), at: 30.2)
        for t in [30.2, 31, 31] { #expect(try Self.differing(panel, at: t) == 0, "let go at \(t)") }

        // Scrolled: kept rows are replayed where they show now.
        let replayed = rows.replays
        let end = dragListUp(&panel.model, painter: panel.painter, into: PixelBuffer(size: panel.size))
        for t in [end, end] { #expect(try Self.differing(panel, at: t) == 0, "scrolled") }
        #expect(rows.replays > replayed)
    }

    /// Two copies of one model changed apart have different looks; one painter drawing both in
    /// turn must never replay a row kept for the other.
    @Test func copiesOfAModelChangedApartShareNoKeptRows() throws {
        var panel = try Panel(direction: "ltr", scale: 1)
        let original = panel.model
        var on = original, off = original
        // Each changes one value in view, the same way: the one turns a switch on, the other a box off.
        _ = on.setValue(.bool(true), ofControl: 2, animated: false, at: 0)
        _ = off.setValue(.bool(false), ofControl: 1, animated: false, at: 0)
        #expect(on.lookVersion != off.lookVersion)
        // Three frames of each: the rows kept for one are there when the other comes.
        for round in 0..<12 {
            panel.model = round / 3 % 2 == 0 ? on : off
            #expect(try Self.differing(panel, at: 1) == 0, "round \(round)")
        }
        #expect(panel.painter.restingRows.replays > 0)
    }

    /// What a kept row holds is checked, and bounded.
    @Test func keptRowsAreCheckedAndBounded() {
        let rows = RestingRows()
        let version = RestingRows.Version(model: 1, text: 0, widgets: 0)
        let picture: [UInt32] = Array(repeating: 0x123456, count: 16)
        let buffer = PixelBuffer(width: 32, height: 16, fill: 0xFFFFFF)
        picture.withUnsafeBufferPointer { source in
            let copy = RestingRows.Store(rect: Rect(x: 2, y: 2, width: 4, height: 4), colour: 0xFFFFFF, source: source.baseAddress, pitch: 4)
            rows.begin(version)
            rows.record(copy)
            rows.end(0, frame: Rect(x: 0, y: 0, width: 32, height: 8), rests: true, version: version)
            #expect(rows.keptRows == 1)
            // Replayed lower down, only over the colour it was kept over, only for its version.
            #expect(!rows.replay(0, frame: Rect(x: 0, y: 8, width: 32, height: 8), in: buffer,
                                 version: RestingRows.Version(model: 2, text: 0, widgets: 0)))
            buffer[3, 11] = 0
            #expect(!rows.replay(0, frame: Rect(x: 0, y: 8, width: 32, height: 8), in: buffer, version: version))
            #expect(buffer[2, 10] == 0xFFFFFF, "a failed check writes nothing")
            buffer[3, 11] = 0xFFFFFF
            #expect(rows.replay(0, frame: Rect(x: 0, y: 8, width: 32, height: 8), in: buffer, version: version))
            #expect(buffer[2, 10] == 0x123456 && buffer[5, 13] == 0x123456 && buffer[6, 10] == 0xFFFFFF && buffer[2, 14] == 0xFFFFFF)
            // Not kept: spoiled, not at rest, kept pixels dropped while drawn, overlapping stores,
            // a store outside the frame, or part of a picture where only whole ones may be kept.
            let cases: [(spoil: Bool, rests: Bool, end: RestingRows.Version, second: Rect?, partOnly: Bool)] = [
                (true, true, version, nil, false), (false, false, version, nil, false),
                (false, true, RestingRows.Version(model: 1, text: 1, widgets: 0), nil, false),
                (false, true, version, Rect(x: 5, y: 5, width: 2, height: 1), false),
                (false, true, version, Rect(x: 30, y: 7, width: 4, height: 1), false),
                (false, true, version, nil, true),
            ]
            for (index, test) in cases.enumerated() {
                buffer.fill(buffer.bounds, with: 0xFFFFFF)
                rows.begin(version, wholeOnly: test.partOnly)
                rows.record(copy, whole: !test.partOnly)
                if let second = test.second { rows.recordFill(second, paint: Paint(.black, opacity: 1)) }
                if test.spoil { rows.spoil() }
                rows.end(0, frame: Rect(x: 0, y: 0, width: 32, height: 8), rests: test.rests, version: test.end)
                #expect(!rows.replay(0, frame: Rect(x: 0, y: 8, width: 32, height: 8), in: buffer, version: test.end), "case \(index)")
            }
            // Kept again and again for one version, its stores don't pile up.
            for _ in 0..<(3 * RestingRows.maxTargets * RestingRows.maxStores) {
                rows.begin(version)
                rows.record(copy)
                rows.end(1, frame: Rect(x: 0, y: 0, width: 32, height: 8), rests: true, version: version)
            }
            #expect(rows.storeCount <= RestingRows.maxTargets * RestingRows.maxStores)
            buffer.fill(buffer.bounds, with: 0xFFFFFF)
            #expect(rows.replay(1, frame: Rect(x: 0, y: 8, width: 32, height: 8), in: buffer, version: version))
        }
    }
}
