import Testing
@testable import PanelUI

struct ScrollPhysicsTests {
    /// 1000 px of content in a 400 px viewport: 600 px of travel.
    var scroll = ScrollPhysics(contentHeight: 1000, viewportHeight: 400)

    mutating func drag(from y0: Double, to y1: Double, start: Double, duration: Double, steps: Int = 10) {
        scroll.beginDrag(y: y0, at: start)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            scroll.drag(to: y0 + (y1 - y0) * f, at: start + duration * f)
        }
    }

    @Test func contentThatFitsDoesNotScroll() {
        #expect(!ScrollPhysics(contentHeight: 300, viewportHeight: 400).isScrollable)
        #expect(scroll.isScrollable)
        #expect(scroll.maxOffset == 600)
    }

    @Test mutating func contentFollowsTheFinger() {
        drag(from: 300, to: 100, start: 0, duration: 0.5)
        #expect(scroll.offset(at: 0.5) == 200)
        #expect(scroll.isDragging)
    }

    @Test mutating func pastTheTopItRubberBands() {
        drag(from: 100, to: 300, start: 0, duration: 0.5)
        let offset = scroll.offset(at: 0.5)
        #expect(offset < 0 && offset > -200, "moves, but less than the finger: \(offset)")
        drag(from: 300, to: 400, start: 0.5, duration: 0.2)
        #expect(scroll.offset(at: 0.7) < offset, "and keeps following")
    }

    @Test mutating func aSlowReleaseStaysPut() {
        drag(from: 300, to: 100, start: 0, duration: 0.5)
        scroll.drag(to: 100, at: 0.7)  // held still for 200 ms
        scroll.endDrag(at: 0.7)
        #expect(scroll.offset(at: 2) == 200)
        #expect(!scroll.isMoving(at: 0.8))
    }

    @Test mutating func aFlickKeepsGoingAndDecelerates() {
        drag(from: 350, to: 250, start: 0, duration: 0.1)  // 1000 px/s upwards
        scroll.endDrag(at: 0.1)
        let a = scroll.offset(at: 0.2), b = scroll.offset(at: 0.3), c = scroll.offset(at: 0.4)
        #expect(a > 100 && b > a && c > b)
        #expect(b - a > c - b, "decelerates")
        #expect(scroll.isMoving(at: 1))
        #expect(!scroll.isMoving(at: 10))
        let rest = scroll.offset(at: 10)
        #expect(rest > 500 && rest <= 600, "UIScrollView's 0.998/ms carries 1000 px/s about 500 px: \(rest)")
    }

    @Test mutating func aFlickIntoTheEdgeBouncesAndSettlesOnIt() {
        drag(from: 350, to: 50, start: 0, duration: 0.1)  // 3000 px/s
        scroll.endDrag(at: 0.1)
        let samples = stride(from: 0.1, through: 3, by: 1.0 / 60).map { scroll.offset(at: $0) }
        #expect(samples.max()! > 600, "overshoots the end")
        #expect(scroll.offset(at: 10) == 600, "and rests exactly on it")
        #expect(!scroll.isMoving(at: 10))
    }

    @Test mutating func anOverscrolledReleaseSpringsBack() {
        drag(from: 100, to: 300, start: 0, duration: 0.5)
        scroll.drag(to: 300, at: 0.7)
        scroll.endDrag(at: 0.7)
        #expect(scroll.offset(at: 0.7) < 0)
        #expect(scroll.isMoving(at: 0.8))
        #expect(scroll.offset(at: 0.8) > scroll.offset(at: 0.7))
        #expect(scroll.offset(at: 5) == 0)
    }

    @Test mutating func aFingerCatchesAMovingList() {
        drag(from: 350, to: 250, start: 0, duration: 0.1)
        scroll.endDrag(at: 0.1)
        scroll.stop(at: 0.3)
        let caught = scroll.offset(at: 0.3)
        #expect(scroll.offset(at: 5) == caught)
        #expect(!scroll.isMoving(at: 0.31))
    }

    /// UIScrollView's indicator: hidden until the list moves, shown while dragged and while
    /// it moves by itself, then faded out over `indicatorFade`.
    @Test mutating func theIndicatorShowsWhileScrollingAndFadesAfter() {
        #expect(scroll.indicatorOpacity(at: 0) == 0 && !scroll.isIndicatorFading(at: 0))
        drag(from: 300, to: 100, start: 0, duration: 0.5)
        #expect(scroll.indicatorOpacity(at: 0.5) == 1)
        #expect(scroll.indicatorOpacity(at: 3) == 1, "a finger resting on a dragged list keeps it")
        #expect(!scroll.isIndicatorFading(at: 3), "no frames while the finger rests")
        scroll.endDrag(at: 3)
        let end = 3 + ScrollPhysics.indicatorFade
        #expect(scroll.indicatorOpacity(at: 3) == 1 && scroll.isIndicatorFading(at: 3))
        #expect(abs(scroll.indicatorOpacity(at: 3 + ScrollPhysics.indicatorFade / 2) - 0.5) < 1e-9)
        #expect(scroll.indicatorOpacity(at: end) == 0 && !scroll.isIndicatorFading(at: end))
    }

    @Test mutating func aFlickedListShowsItsIndicatorUntilItStops() {
        drag(from: 300, to: 200, start: 0, duration: 0.05)
        scroll.endDrag(at: 0.05)
        #expect(scroll.isMoving(at: 0.3))
        #expect(scroll.indicatorOpacity(at: 0.3) == 1)
        // Caught: the fade starts at the catch.
        scroll.stop(at: 0.3)
        #expect(scroll.indicatorOpacity(at: 0.3) == 1 && scroll.isIndicatorFading(at: 0.31))
        #expect(scroll.indicatorOpacity(at: 0.3 + ScrollPhysics.indicatorFade) == 0)
    }

    @Test mutating func aListThatFitsShowsNoIndicator() {
        var fits = ScrollPhysics(contentHeight: 300, viewportHeight: 400)
        fits.beginDrag(y: 100, at: 0)
        fits.drag(to: 200, at: 0.1)
        #expect(fits.offset(at: 0.1) < 0, "it rubber-bands")
        #expect(fits.indicatorOpacity(at: 0.1) == 0)
    }
}
