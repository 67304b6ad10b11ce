import Testing
import PanelUI
@testable import panel

/// The page-flip state machine and the damage each of two buffers still lacks.
struct FlipAndDamageTests {
    final class Buffer {}

    @Test func pendingFlipKeepsBothBuffersBusyUntilItsEvent() {
        let a = Buffer(), b = Buffer()
        var state = FlipState<Buffer>.off
        #expect(!state.isBusy(a) && !state.isPending)
        state.modeset(a)
        #expect(state.isBusy(a) && !state.isBusy(b))
        state.queueFlip(to: b)
        #expect(state.isPending && state.isBusy(a) && state.isBusy(b), "a is on screen until the flip, b is queued")
        state.flipCompleted()
        #expect(!state.isPending && state.isBusy(b) && !state.isBusy(a))
        state.flipCompleted()
        #expect(state.isBusy(b), "a stray event changes nothing")
    }

    @Test func flipStateHoldsThePendingBufferAlive() {
        var state = FlipState<Buffer>.off
        weak var pending: Buffer?
        do {
            let a = Buffer(), b = Buffer()
            pending = b
            state.modeset(a)
            state.queueFlip(to: b)
        }
        #expect(pending != nil)
        state.flipCompleted()
        state = .off
        #expect(pending == nil)
    }

    @Test func eachBufferGetsWhatItMissedPlusTheNewDamage() {
        let full = Rect(x: 0, y: 0, width: 100, height: 50)
        var damage = BufferDamage(buffers: 2, full: full)
        let r1 = damage.take(for: 0, damage: [full])
        #expect(r1 == [full])
        let r2 = damage.take(for: 1, damage: [])
        #expect(r2 == [full], "never drawn: everything")
        let row = Rect(x: 0, y: 10, width: 100, height: 10)
        let r3 = damage.take(for: 0, damage: [row])
        #expect(r3 == [row])
        let knob = Rect(x: 80, y: 10, width: 10, height: 10)
        let r4 = damage.take(for: 1, damage: [knob])
        #expect(r4 == [row], "the row drawn into the other buffer; the knob lies inside it")
        let r5 = damage.take(for: 0, damage: [])
        #expect(r5 == [knob])
        let r6 = damage.take(for: 1, damage: [])
        #expect(r6 == [])
        damage.invalidateAll()
        let r7 = damage.take(for: 1, damage: [knob])
        #expect(r7 == [full])
    }

    @Test func longListsCollapseToTheirBoundingBox() {
        let rects = (0..<20).map { Rect(x: $0 * 2, y: 0, width: 1, height: 1) }
        #expect(BufferDamage.simplified(rects) == [Rect(x: 0, y: 0, width: 39, height: 1)])
        #expect(BufferDamage.simplified([Rect.empty, rects[0], rects[0]]) == [rects[0]])
    }
}
