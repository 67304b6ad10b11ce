import Testing
@testable import PanelUI

struct PolylinePrefixTests {
    let mark = [Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 9)]

    @Test func length() {
        #expect(Polyline.length(mark) == 10)
    }

    @Test func prefixCutsByLength() {
        #expect(Polyline.prefix(mark, fraction: 0) == [])
        #expect(Polyline.prefix(mark, fraction: 1) == mark)
        #expect(Polyline.prefix(mark, fraction: 0.25) == [Point(x: 0, y: 0), Point(x: 1.5, y: 2)])
        #expect(Polyline.prefix(mark, fraction: 0.7) == [Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 6)])
    }
}

struct PolylinePieceTests {
    let mark = [Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 9)]

    @Test func pieceCutsBothEndsByLength() {
        #expect(Polyline.piece(mark, from: 2.5, to: 7) == [Point(x: 1.5, y: 2), Point(x: 3, y: 4), Point(x: 3, y: 6)])
        #expect(Polyline.piece(mark, from: 6, to: 8) == [Point(x: 3, y: 5), Point(x: 3, y: 7)])
        #expect(Polyline.piece(mark, from: 0, to: 20) == mark)
        #expect(Polyline.piece(mark, from: 5, to: 5) == [])
        #expect(Polyline.piece(mark, from: -3, to: 0) == [])
    }
}
