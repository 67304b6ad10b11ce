import Testing
@testable import PanelUI

struct RectTests {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)

    @Test func intersectionAndUnion() {
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)).isEmpty, "touching edges share no pixel")
        #expect(Rect.empty.union(b) == b)
    }

    @Test func containsUsesHalfOpenEdges() {
        #expect(a.contains(Point(x: 0, y: 0)))
        #expect(a.contains(Point(x: 9.99, y: 9.99)))
        #expect(!a.contains(Point(x: 10, y: 5)))
        #expect(!a.contains(Point(x: -0.01, y: 5)))
    }
}
